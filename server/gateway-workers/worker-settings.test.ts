import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../config';
import { gatewayWorkerCount, gatewayWorkerSettings } from './worker-settings';

describe('GATEWAY_WORKERS', () => {
  it('defaults to the gateway in the server process, takes a count, or one per core with auto', () => {
    expect(buildConfig({}).gatewayWorkers).toBe(0);
    expect(buildConfig({ GATEWAY_WORKERS: '3' }).gatewayWorkers).toBe(3);
    expect(buildConfig({ GATEWAY_WORKERS: 'auto' }).gatewayWorkers).toBe(availableParallelism());
    expect(() => buildConfig({ GATEWAY_WORKERS: 'many' })).toThrow(/GATEWAY_WORKERS/);
  });

  it('is ignored, and says so, with PGlite', () => {
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => warnings.push(msg) };
    expect(gatewayWorkerCount(buildConfig({ GATEWAY_WORKERS: '2' }), 'pglite', log)).toBe(0);
    expect(warnings[0]).toMatch(/GATEWAY_WORKERS ignored/);
    expect(gatewayWorkerCount(buildConfig({ GATEWAY_WORKERS: '2', DATABASE_URL: 'postgres://x/y' }), 'postgres', log)).toBe(2);
    expect(gatewayWorkerCount(buildConfig({}), 'postgres', log)).toBe(0);
  });

  it('gives the workers the ports, schema and gateway rules of the server', () => {
    const config = buildConfig({ DATABASE_URL: 'postgres://x/y', JT808_PORT: '7000', AUTO_REGISTER: '1', JT808_IDLE_SECONDS: '60' });
    expect(gatewayWorkerSettings({ ...config, databaseUrl: 'postgres://x/y', databaseSchema: 's1' }, false)).toMatchObject({
      databaseUrl: 'postgres://x/y', schema: 's1', ports: { jt808: 7000, gt06: 6809, watch: 6810 }, autoRegister: true, idleTimeoutMs: 60_000,
    });
  });
});
