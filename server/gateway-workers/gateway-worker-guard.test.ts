import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayMetricsSnapshot } from '../gateway/gateway-metrics';
import { EventRecorder, waitFor } from '../gateway/testing/gateway-fakes';
import { Jt808TestTerminal } from '../gateway/testing/jt808-test-terminal';
import { createStore, type Store } from '../store/create-store';
import { StoreTerminalDirectory } from '../store/store-gateway-ports';
import { GatewayWorkerPool } from './gateway-worker-pool';

// The gateway's guard with GATEWAY_WORKERS: connections spread over the workers, yet the cap per
// address, the identify deadline and the takeover rule hold as in one process. Real sockets; the
// other source address is 127.0.0.2.

const url = process.env.DATABASE_URL;
const PHONE = '013900000011';

function rawConnection(port: number, from: string): Promise<{ socket: Socket; closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve({ socket, closed: () => closed }));
    socket.on('close', () => (closed = true));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe.skipIf(!url)('gateway workers guarding the ports', () => {
  const schema = `tianlu_test_${randomBytes(5).toString('hex')}`;
  let store: Store;
  let pool: GatewayWorkerPool;
  let port: number;
  const recorder = new EventRecorder();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    store = await createStore({ databaseUrl: url, schema, dropSchemaOnClose: true, pgliteDataDir: '' });
    const tenant = await store.org.createTenant('工作进程防护测试');
    await store.fleet.provision({
      tenantId: tenant.id, groupId: null, terminalNo: PHONE.replace(/^0+/, ''), displayNo: PHONE,
      authCode: 'AUTH', plateNo: '测W0011', model: 'T808', edition: '2013', protocol: 'jt808',
    });
    pool = new GatewayWorkerPool({
      workers: 2,
      settings: {
        databaseUrl: url!, schema, host: '127.0.0.1', ports: { jt808: 0, gt06: 0, watch: 0 }, autoRegister: false, idleTimeoutMs: 0,
        batcher: { maxDelayMs: 5 }, logLevel: 'warn', metricsIntervalMs: 100,
        guard: { identifyTimeoutMs: 3000, maxConnectionsPerAddress: 3, uncappedAddresses: ['127.0.0.1'] },
      },
      directory: new StoreTerminalDirectory(store.fleet),
      events: recorder,
    });
    port = (await pool.start()).jt808;
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await pool?.close();
    await store?.close();
  });

  /** A counter summed over the workers' latest reports. */
  const total = (key: keyof GatewayMetricsSnapshot) =>
    pool.metrics().reduce((n, w) => n + (w.protocols ? (w.protocols.jt808[key] as number) : 0), 0);

  it('refuses a login from another address while the terminal reports on whichever worker, and reports it', async () => {
    const device = await Jt808TestTerminal.connect(port, PHONE, '2013', '127.0.0.1');
    await device.login();
    await device.ackFor(device.sendLocation({ latitude: 31.2, longitude: 121.4, gpsTime: Date.parse('2026-06-01T00:00:00Z') }));
    // three impostors, spread over the workers by the round robin: each refused, whichever worker it reached
    for (let i = 0; i < 3; i++) {
      const impostor = await Jt808TestTerminal.connect(port, PHONE, '2013', '127.0.0.2');
      const reg = await impostor.register();
      expect(await impostor.authenticate(reg.authCode!)).not.toBe(0);
      await impostor.closed;
    }
    await waitFor(() => recorder.of('terminalTakeover').length === 3, 3000, 'the takeovers reported');
    expect(recorder.of('terminalTakeover').every((e) => e.refused && e.address.startsWith('127.0.0.2:'))).toBe(true);
    expect(pool.isOnline(PHONE)).toBe(true);
    const ack = await device.ackFor(device.sendLocation({ latitude: 31.3, longitude: 121.5, gpsTime: Date.parse('2026-06-01T00:00:10Z') }));
    expect(ack.result).toBe(0);
    await waitFor(() => total('takeoversRefused') === 3, 3000, 'the refusals counted');
    device.close();
  });

  it('caps the connections of one address across the workers and counts the refusals', async () => {
    const held = await Promise.all(Array.from({ length: 3 }, () => rawConnection(port, '127.0.0.2')));
    const beyond = await Promise.all(Array.from({ length: 3 }, () => rawConnection(port, '127.0.0.2')));
    for (const c of [...held, ...beyond]) sockets.push(c.socket);
    await waitFor(() => beyond.filter((c) => c.closed()).length + held.filter((c) => c.closed()).length === 3, 5000, 'three refused');
    await waitFor(() => total('connectionsRefused') === 3, 3000, 'the refusals counted');
    // the exempt address is not counted
    const local = await Promise.all(Array.from({ length: 5 }, () => rawConnection(port, '127.0.0.1')));
    for (const c of local) sockets.push(c.socket);
    await waitFor(() => total('connections') >= 8, 3000, 'the local connections held');
    expect(local.some((c) => c.closed())).toBe(false);
    for (const c of [...held, ...beyond, ...local]) c.socket.destroy();
  });

  it('closes a connection that dribbles bytes but never identifies, on whichever worker', async () => {
    const loris = await rawConnection(port, '127.0.0.1');
    sockets.push(loris.socket);
    const before = total('identifyTimeouts');
    const dribble = setInterval(() => loris.closed() || loris.socket.write(Buffer.from([0x30])), 2000);
    try {
      await waitFor(loris.closed, 15_000, 'the unidentified connection closed');
    } finally {
      clearInterval(dribble);
    }
    await waitFor(() => total('identifyTimeouts') === before + 1, 3000, 'the close counted');
  });
});
