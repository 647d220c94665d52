import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { Jt808MsgId, decodeLocation } from '../gateway/jt808/index';
import { FakeJt808Platform } from './testing/fake-jt808-platform';
import { type FleetHandle, formatFleetStats, phoneAt, startFleet } from './fleet-simulator';

const run = promisify(execFile);
let platform: FakeJt808Platform | undefined;
let fleet: FleetHandle | undefined;

afterEach(async () => {
  await fleet?.stop();
  await platform?.close();
  fleet = platform = undefined;
});

async function until(cond: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('phoneAt', () => {
  it('counts upward keeping the zero padding', () => {
    expect(phoneAt('013800000001', 0)).toBe('013800000001');
    expect(phoneAt('013800000001', 4999)).toBe('013800005000');
    expect(() => phoneAt('13a', 1)).toThrow(RangeError);
  });
});

describe('startFleet', () => {
  it('brings a mixed-edition fleet online through the connect gate and survives a platform-wide drop', async () => {
    platform = new FakeJt808Platform();
    const port = await platform.listen();
    fleet = startFleet({ devices: 40, intervalSec: 1, port, edition: 'mixed', rampSec: 0.2, connectConcurrency: 5, seed: 1 });
    await until(() => fleet!.stats().authenticated === 40);
    const s = fleet.stats();
    expect(s).toMatchObject({ devices: 40, connected: 40, registered: 40, registrations: 40, authentications: 40 });
    expect(formatFleetStats(s)).toContain('authenticated 40');

    const phones = new Set(platform.messages(Jt808MsgId.Register).map((m) => m.header.phone));
    expect(phones.size).toBe(40);
    expect(phones.has('13800000001') && phones.has('13800000040')).toBe(true);
    const editions = new Set(platform.messages(Jt808MsgId.Register).map((m) => m.header.edition));
    expect(editions).toEqual(new Set(['2013', '2019']));
    const plates = new Set(fleet.terminals.map((t) => t.identity.plate));
    expect(plates.size).toBe(40);
    expect(new Set(fleet.terminals.map((t) => t.route.city.id)).size).toBeGreaterThanOrEqual(8);

    await until(() => fleet!.stats().positionsAcked >= 80);
    platform.disconnectAll();
    const registersBefore = platform.messages(Jt808MsgId.Register).length;
    const authsBefore = platform.messages(Jt808MsgId.Authenticate).length;
    await until(() => platform!.messages(Jt808MsgId.Authenticate).length >= authsBefore + 40 && fleet!.stats().authenticated === 40);
    // they come back with their saved auth codes, not by registering again
    expect(platform.messages(Jt808MsgId.Register).length).toBe(registersBefore);
  });

  it('runs as a CLI and prints status lines', async () => {
    platform = new FakeJt808Platform();
    const port = await platform.listen();
    const cli = fileURLToPath(new URL('./sim-cli.ts', import.meta.url));
    const { stdout } = await run('npx', ['tsx', cli, '--devices', '3', '--interval', '1', '--port', String(port), '--edition', '2019',
      '--start-phone', '013900000001', '--duration', '3', '--status-every', '1'], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    expect(stdout).toMatch(/\[sim \d+s\] devices 3 {2}connected \d/);
    expect(stdout).toMatch(/\[sim done\] devices 3 .*authenticated 0/);
    expect(new Set(platform.messages(Jt808MsgId.Location).map((m) => m.header.phone))).toEqual(new Set(['13900000001', '13900000002', '13900000003']));
  });

  it('gives the first --cold-box terminals a refrigerated box in the item and encoding asked for', async () => {
    platform = new FakeJt808Platform();
    const port = await platform.listen();
    const cli = fileURLToPath(new URL('./sim-cli.ts', import.meta.url));
    const cwd = fileURLToPath(new URL('../..', import.meta.url));
    await run('npx', ['tsx', cli, '--devices', '2', '--interval', '1', '--port', String(port), '--start-phone', '013900000011', '--duration', '2',
      '--cold-box', '1', '--cold-item', 'F1', '--cold-encoding', 'uint16offset'], { cwd });
    const boxes = (phone: string) => platform!.messages(Jt808MsgId.Location).filter((m) => m.header.phone === phone).map((m) => {
      const l = decodeLocation(m.body);
      if (!l.ok) throw new Error(l.detail);
      return l.value.items.find((i) => i.id === 0xf1)?.hex;
    });
    const first = boxes('13900000011');
    expect(first.length).toBeGreaterThan(0);
    for (const hex of first) {
      const celsius = parseInt(hex!, 16) / 10 - 50;
      expect(celsius).toBeGreaterThanOrEqual(2.7);
      expect(celsius).toBeLessThanOrEqual(12.6);
    }
    expect(boxes('13900000012').length).toBeGreaterThan(0);
    expect(boxes('13900000012').every((hex) => hex === undefined)).toBe(true);

    const refused = await run('npx', ['tsx', cli, '--devices', '1', '--port', String(port), '--cold-box', '1', '--cold-encoding', 'float'], { cwd })
      .then(() => undefined, (e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('--cold-encoding must be int16x10, uint16offset, int8, got float') });
  });
});
