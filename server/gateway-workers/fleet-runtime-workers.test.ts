import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../bus/bus-events';
import { waitFor } from '../gateway/testing/gateway-fakes';
import { Jt808TestTerminal } from '../gateway/testing/jt808-test-terminal';
import { createTestServer, type TestServer } from '../testing/test-server';

const T0 = Date.parse('2026-06-01T00:00:00Z');

describe.skipIf(!process.env.DATABASE_URL)('the server with GATEWAY_WORKERS on PostgreSQL', () => {
  let server: TestServer;
  const events: BusEvent[] = [];

  beforeAll(async () => {
    server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2, gatewayWorkers: 2, logLevel: 'warn' } });
    server.fleet!.bus.subscribe((e) => events.push(e));
  });
  afterAll(() => server?.close());

  it('runs the gateways in workers: positions are acknowledged after commit and reach the bus, connections are recorded', async () => {
    const { fleet, store } = server;
    expect(fleet!.gateway).toBeUndefined();
    expect(fleet!.workers!.workerPids()).toHaveLength(2);
    const t = await Jt808TestTerminal.connect(fleet!.workers!.ports.jt808, '013800000001');
    await t.login();
    await t.ackFor(t.sendLocation({ latitude: 30.5, longitude: 114.3, gpsTime: T0 }));
    const terminalId = (await store.fleet.terminalAuth('13800000001'))!.terminalId;
    expect((await store.positions.storedKeys([terminalId])).map((k) => k.deviceTime.getTime())).toContain(T0);
    await waitFor(() => events.some((e) => e.type === 'positions' && e.positions.length > 0), 2000, 'positions on the bus');
    await waitFor(() => events.some((e) => e.type === 'online' && e.online && e.terminalId === terminalId), 2000, 'online on the bus');
    await waitFor(() => fleet!.workers!.metrics().reduce((n, w) => n + (w.protocols?.jt808.positionsStored ?? 0), 0) === 1, 5000, 'worker metrics');
    t.close();
    await waitFor(() => events.some((e) => e.type === 'online' && !e.online && e.terminalId === terminalId), 3000, 'offline on the bus');
  });
});
