import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorItem } from './api/monitor/monitor-item';
import { Jt808Gateway } from './gateway/index';
import type { PositionRow } from './gateway/gateway-ports';
import { waitFor } from './gateway/testing/gateway-fakes';
import { Jt808TestTerminal } from './gateway/testing/jt808-test-terminal';
import { ApiClient } from './testing/api-client';
import { LiveTestClient } from './testing/live-client';
import { createTestServer, type TestServer } from './testing/test-server';
import { StorePositionSink, StoreTerminalDirectory } from './store/store-gateway-ports';

const T0 = Date.parse('2026-06-01T00:00:00Z');

describe('acknowledged means stored', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ demo: true, simulate: false, gateway: false, config: { simDevices: 2 } });
  });
  afterAll(() => server.close());

  it('keeps every acknowledged position when the link dies between commit and ack', async () => {
    const store = server.store;
    const real = new StorePositionSink(store.positions);
    let killAfterCommit: (() => void) | undefined;
    const committed: PositionRow[] = [];
    const gateway = new Jt808Gateway({
      directory: new StoreTerminalDirectory(store.fleet),
      sink: {
        async writeBatch(rows) {
          await real.writeBatch(rows);
          committed.push(...rows);
          // the process "dies" after the commit, before the 0x8001 leaves
          killAfterCommit?.();
        },
      },
      batcher: { maxDelayMs: 5 },
    });
    const port = await gateway.listen(0, '127.0.0.1');
    try {
      const t = await Jt808TestTerminal.connect(port, '013800000001');
      await t.login();
      const acked: number[] = [];
      for (let i = 0; i < 10; i++) {
        const serial = t.sendLocation({ latitude: 39.9, longitude: 116.4, gpsTime: T0 + i * 1000 });
        await t.ackFor(serial);
        acked.push(T0 + i * 1000);
      }
      killAfterCommit = () => t.close();
      const lost = t.sendLocation({ latitude: 39.91, longitude: 116.41, gpsTime: T0 + 10_000 });
      await t.closed;
      await expect(t.ackFor(lost, 300)).rejects.toThrow();
      killAfterCommit = undefined;

      const terminalId = (await store.fleet.terminalAuth('13800000001'))!.terminalId;
      const stored = new Set((await store.positions.storedKeys([terminalId])).map((k) => k.deviceTime.getTime()));
      for (const time of acked) expect(stored.has(time)).toBe(true);
      // committed but never acknowledged: stored too, and the terminal's resend is a no-op
      expect(stored.has(T0 + 10_000)).toBe(true);
      const again = await Jt808TestTerminal.connect(port, '013800000001');
      await again.login();
      expect((await again.ackFor(again.sendLocation({ latitude: 39.91, longitude: 116.41, gpsTime: T0 + 10_000 }))).result).toBe(0);
      again.close();
      expect(await store.positions.count(terminalId)).toBe(11);
      expect(committed.length).toBe(12);
    } finally {
      await gateway.close();
    }
  });

  it('acknowledges nothing when the commit fails', async () => {
    const gateway = new Jt808Gateway({
      directory: new StoreTerminalDirectory(server.store.fleet),
      sink: { writeBatch: () => Promise.reject(new Error('disk full')) },
      batcher: { maxDelayMs: 5 },
    });
    const port = await gateway.listen(0, '127.0.0.1');
    try {
      const t = await Jt808TestTerminal.connect(port, '013800000002');
      await t.login();
      const serial = t.sendLocation({ latitude: 31.2, longitude: 121.4, gpsTime: T0 });
      await expect(t.ackFor(serial, 500)).rejects.toThrow(/no 0x8001/);
      t.close();
      const terminalId = (await server.store.fleet.terminalAuth('13800000002'))!.terminalId;
      expect(await server.store.positions.count(terminalId)).toBe(0);
    } finally {
      await gateway.close();
    }
  });
});

describe('demo fleet simulator in-process', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ demo: true, simulate: true, config: { simDevices: 4, simIntervalSeconds: 1 } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('moves the demo vehicles on the map within seconds and stores every acknowledged position', async () => {
    const admin = new ApiClient(server.app);
    await admin.login('admin', 'Admin@123');
    const ws = await LiveTestClient.connect((server.app.server.address() as AddressInfo).port);
    ws.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
    const list = async () => (await admin.get<{ total: number; list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { pageSize: 100 })).obj;
    await waitFor(() => ws.of('positions').length > 0, 15_000, 'pushed positions');
    let first: MonitorItem[] = [];
    await expect.poll(async () => (first = (await list()).list).filter((i) => i.online && i.gpsTime).length, { timeout: 15_000 }).toBe(4);
    await expect.poll(async () => (await list()).list.filter((i) => first.find((f) => f.terminalNo === i.terminalNo)?.gpsTime !== i.gpsTime).length, { timeout: 10_000 }).toBeGreaterThan(0);
    ws.close();

    const sim = server.fleet.simulator!;
    await sim.stop();
    await waitFor(() => server.fleet.gateway!.metrics().batcher.inFlightRows === 0 && server.fleet.gateway!.metrics().batcher.queuedRows === 0, 5000, 'batcher idle');
    const acked = sim.stats().positionsAcked;
    expect(acked).toBeGreaterThan(0);
    expect(await server.store.positions.count()).toBeGreaterThanOrEqual(acked);
  });
});
