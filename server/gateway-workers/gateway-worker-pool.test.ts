import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionRow } from '../gateway/gateway-ports';
import { EventRecorder, waitFor } from '../gateway/testing/gateway-fakes';
import { Jt808TestTerminal } from '../gateway/testing/jt808-test-terminal';
import { encodeGeneralResponse } from '../gateway/jt808/jt808-general-response-codec';
import { TerminalOfflineError } from '../gateway/jt808/jt808-gateway';
import { createStore, type Store } from '../store/create-store';
import { StoreTerminalDirectory } from '../store/store-gateway-ports';
import { GatewayWorkerPool } from './gateway-worker-pool';

const url = process.env.DATABASE_URL;
const T0 = Date.parse('2026-06-01T00:00:00Z');
const PHONES = ['013900000001', '013900000002', '013900000003', '013900000004'];

describe.skipIf(!url)('gateway workers on PostgreSQL', () => {
  const schema = `tianlu_test_${randomBytes(5).toString('hex')}`;
  let store: Store;
  let pool: GatewayWorkerPool;
  let port: number;
  const recorder = new EventRecorder();
  const committed: PositionRow[] = [];
  const terminalIds = new Map<string, number>();

  beforeAll(async () => {
    store = await createStore({ databaseUrl: url, schema, dropSchemaOnClose: true, pgliteDataDir: '' });
    const tenant = await store.org.createTenant('工作进程测试');
    for (const phone of PHONES) {
      const { terminalId } = await store.fleet.provision({
        tenantId: tenant.id, groupId: null, terminalNo: phone.replace(/^0+/, ''), displayNo: phone,
        authCode: 'AUTH', plateNo: `测W${phone.slice(-4)}`, model: 'T808', edition: '2013', protocol: 'jt808',
      });
      terminalIds.set(phone.replace(/^0+/, ''), terminalId);
    }
    pool = new GatewayWorkerPool({
      workers: 2,
      settings: { databaseUrl: url!, schema, host: '127.0.0.1', ports: { jt808: 0, gt06: 0, watch: 0 }, autoRegister: false, idleTimeoutMs: 0, batcher: { maxDelayMs: 5 }, logLevel: 'warn' },
      directory: new StoreTerminalDirectory(store.fleet),
      events: recorder,
      respawnDelayMs: 50,
    });
    pool.subscribe({ positionsCommitted: (rows) => committed.push(...rows) });
    port = (await pool.start()).jt808;
  });

  afterAll(async () => {
    await pool?.close();
    await store?.close();
  });

  const storedTimes = async (terminalNo: string) =>
    new Set((await store.positions.storedKeys([terminalIds.get(terminalNo)!])).map((k) => k.deviceTime.getTime()));

  /** Logs terminals in until two of them sit on different workers. */
  async function onTwoWorkers(): Promise<Jt808TestTerminal[]> {
    const terminals: Jt808TestTerminal[] = [];
    for (const phone of PHONES) {
      const t = await Jt808TestTerminal.connect(port, phone);
      await t.login();
      terminals.push(t);
      const workers = new Set(terminals.map((x) => pool.workerOf(x.phone)));
      if (workers.size === 2) return terminals;
    }
    throw new Error('every terminal landed on one worker');
  }

  it('stores and acknowledges after commit the positions of terminals on different workers, and tells the primary', async () => {
    const terminals = await onTwoWorkers();
    expect(new Set(terminals.map((t) => pool.workerOf(t.phone))).size).toBe(2);
    for (const t of terminals) {
      const no = t.phone.replace(/^0+/, '');
      for (let i = 0; i < 5; i++) {
        const gpsTime = T0 + i * 1000;
        await t.ackFor(t.sendLocation({ latitude: 31.2, longitude: 121.4, gpsTime }));
        // the 0x8001 left the worker after its commit: the row is there when the ack arrives
        expect((await storedTimes(no)).has(gpsTime)).toBe(true);
      }
      await waitFor(() => committed.filter((r) => r.terminalNo === no).length === 5, 2000, `live positions of ${no}`);
      expect(recorder.of('terminalOnline').some((e) => e.terminalNo === no)).toBe(true);
    }
    expect(committed[0]!.deviceTime).toBeInstanceOf(Date);
    for (const t of terminals) t.close();
    await waitFor(() => pool.onlineTerminals().length === 0, 3000, 'terminals offline');
  });

  it('sends a command to the terminal on its worker and brings its answer back', async () => {
    const t = await Jt808TestTerminal.connect(port, PHONES[0]);
    await t.login();
    const { serial } = await pool.sendCommand(PHONES[0]!, 0x8105, new Uint8Array([0x04]));
    const frame = await t.next(0x8105);
    expect(frame.header.serial).toBe(serial);
    expect([...frame.body]).toEqual([0x04]);
    t.send(0x0001, encodeGeneralResponse({ replySerial: serial, replyMsgId: 0x8105, result: 0 }));
    await waitFor(() => recorder.of('commandResponse').some((r) => r.msgId === 0x0001 && r.replySerial === serial), 2000, 'command answer');
    await expect(pool.sendCommand(PHONES[3]!, 0x8105)).rejects.toBeInstanceOf(TerminalOfflineError);
    t.close();
    await waitFor(() => !pool.isOnline(PHONES[0]!), 3000, 'offline');
  });

  it('lets a second connection on another worker replace the first', async () => {
    const no = PHONES[1]!.replace(/^0+/, '');
    const first = await Jt808TestTerminal.connect(port, PHONES[1]);
    await first.login();
    const firstWorker = pool.workerOf(no);
    let second: Jt808TestTerminal | undefined;
    for (let attempt = 0; attempt < 4 && !second; attempt++) {
      const t = await Jt808TestTerminal.connect(port, PHONES[1]);
      await t.login();
      await waitFor(() => pool.workerOf(no) !== undefined, 1000, 'online');
      if (pool.workerOf(no) !== firstWorker) second = t;
      else t.close();
    }
    if (!second) throw new Error('every second connection landed on the first worker');
    // the terminal now lives on another worker than the one its first connection reached
    expect(pool.workerOf(no)).not.toBe(firstWorker);
    const offlineBefore = recorder.of('terminalOffline').filter((e) => e.terminalNo === no).length;
    await first.closed;
    expect(pool.isOnline(PHONES[1]!)).toBe(true);
    expect(recorder.of('terminalOffline').filter((e) => e.terminalNo === no).length).toBe(offlineBefore);
    const gpsTime = T0 + 60_000;
    await second.ackFor(second.sendLocation({ latitude: 31.3, longitude: 121.5, gpsTime }));
    expect((await storedTimes(no)).has(gpsTime)).toBe(true);
    second.close();
    await waitFor(() => recorder.of('terminalOffline').filter((e) => e.terminalNo === no).length === offlineBefore + 1, 3000, 'offline once');
  });

  it('takes the terminals of a worker that died offline and forks a replacement that serves them', async () => {
    const no = PHONES[2]!.replace(/^0+/, '');
    const t = await Jt808TestTerminal.connect(port, PHONES[2]);
    await t.login();
    const deadIndex = pool.workerOf(no)!;
    const dead = pool.workerPids()[deadIndex]!;
    const offlineBefore = recorder.of('terminalOffline').filter((e) => e.terminalNo === no).length;
    process.kill(dead, 'SIGKILL');
    await t.closed;
    await waitFor(() => recorder.of('terminalOffline').filter((e) => e.terminalNo === no).length === offlineBefore + 1, 3000, 'offline');
    await waitFor(() => pool.workerPids().length === 2 && !pool.workerPids().includes(dead), 15_000, 'replacement');
    // both workers serve the shared port again: connect until one lands on the replacement
    for (let attempt = 0; attempt < 4; attempt++) {
      const again = await Jt808TestTerminal.connect(port, PHONES[2]);
      await again.login();
      const gpsTime = T0 + 120_000 + attempt * 1000;
      await again.ackFor(again.sendLocation({ latitude: 31.4, longitude: 121.6, gpsTime }));
      expect((await storedTimes(no)).has(gpsTime)).toBe(true);
      const onReplacement = pool.workerOf(no) === deadIndex;
      again.close();
      if (onReplacement) return;
    }
    throw new Error('no connection reached the replacement worker');
  }, 30_000);

  it('drains a worker sent SIGTERM: what it received is committed and acknowledged before its connections close', async () => {
    const no = PHONES[3]!.replace(/^0+/, '');
    const t = await Jt808TestTerminal.connect(port, PHONES[3]);
    await t.login();
    const worker = pool.workerPids()[pool.workerOf(no)!]!;
    const serials = Array.from({ length: 20 }, (_, i) => t.sendLocation({ latitude: 31.5, longitude: 121.7, gpsTime: T0 + 200_000 + i * 1000 }));
    await t.ackFor(serials[0]!);
    process.kill(worker, 'SIGTERM');
    for (const serial of serials.slice(1)) await t.ackFor(serial, 5000);
    await t.closed;
    expect((await storedTimes(no)).size).toBeGreaterThanOrEqual(20);
    await waitFor(() => recorder.of('terminalOffline').some((e) => e.terminalNo === no && e.reason === 'shutdown'), 3000, 'offline at shutdown');
    await waitFor(() => pool.workerPids().length === 2 && !pool.workerPids().includes(worker), 15_000, 'replacement');
  }, 30_000);
});
