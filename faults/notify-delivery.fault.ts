import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPushSettings } from '../server/alarms/alarm-push-settings';
import { createStore, type Store } from '../server/store/create-store';
import { DEMO_TENANT } from '../server/store/seed-demo';
import { OUTBOX_DELIVERED } from '../server/store/notify-queries';
import { ServerProcess, freePort, serverEnv } from './server-process';
import { until } from './waiting';

// 告警推送 delivered durably by a server that is its own OS process, on the real PostgreSQL
// (DATABASE_URL, default the machine's test database) in a schema of the test's own. Alarms are
// written to the store as the engine writes them (alarm and outbox rows in one transaction); the
// server's delivery worker sends them to a local webhook receiver.
// 1. The server is killed with SIGKILL while the receiver holds requests it has taken (the answer
//    never reaches the server); after a restart every alarm is delivered, none lost, and a repeat
//    carries the same Idempotency-Key as the first try.
// 2. The receiver answers 503 for a while, then recovers: every alarm is taken exactly once.

const databaseUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const ALARMS = 30;

interface Receiver {
  url: string;
  /** Idempotency-Key of every request, in arrival order. */
  seen: string[];
  /** Requests answered 200, per key. */
  accepted: Map<string, number>;
  /** hold: take the request, never answer; down: 503; up: 200. */
  mode: 'hold' | 'down' | 'up';
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const r = { seen: [] as string[], accepted: new Map<string, number>(), mode: 'up' as Receiver['mode'] };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      r.seen.push(key);
      if (r.mode === 'hold') return;
      if (r.mode === 'down') {
        res.writeHead(503).end('{"error":"down"}');
        return;
      }
      r.accepted.set(key, (r.accepted.get(key) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(r, {
    url: `http://127.0.0.1:${port}/alarm`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await Promise.resolve(c()).catch(() => {});
});

/** A server on a fresh schema, a store of the test's own on it, the demo tenant pushing to the receiver. */
async function setUp(receiver: Receiver) {
  const schema = `tianlu_fault_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tianlu-notify-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = serverEnv({
    PORT: String(await freePort()), JT808_PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema,
    NOTIFY_LEASE_SECONDS: '2', NOTIFY_RETRY_SECONDS: '1',
  });
  const server = { current: await ServerProcess.start(env) };
  cleanups.push(() => server.current.kill());
  const store: Store = await createStore({ databaseUrl, schema, dropSchemaOnClose: true, pgliteDataDir: '' });
  cleanups.push(() => store.close());
  const tenant = (await store.org.findTenantByName(DEMO_TENANT))!;
  const terminal = await store.db.insertInto('terminals')
    .values({ tenant_id: tenant.id, terminal_no: '019911110001', display_no: '019911110001', auth_code: 'x' } as never).returning('id').executeTakeFirstOrThrow();
  await store.alarms.settings.savePush(tenant.id, defaultPushSettings(), new Date());
  // the receiver as the tenant's webhook channel (its secret made when first used)
  await store.notify.addChannel({ tenantId: tenant.id, kind: 'webhook', name: '接收方', config: { url: receiver.url }, secret: null }, new Date());
  const raise = async (): Promise<number> => {
    const t = new Date();
    const row = await store.alarms.open({ tenantId: tenant.id, terminalId: Number(terminal.id), alarmType: 'sos', source: 'terminal', startTime: t, endTime: t, lon: 116.4, lat: 39.9, speed: 0, detail: {} });
    return row!.id;
  };
  const delivered = async (ids: number[]) => {
    const rows = await store.db.selectFrom('notify_outbox').select(['alarm_id', 'status']).where('alarm_id', 'in', ids.map(String)).execute();
    return rows.filter((r) => r.status === OUTBOX_DELIVERED).length;
  };
  return { env, server, store, tenantId: tenant.id, raise, delivered };
}

const keyOf = (id: number) => `alarm-${id}-webhook-1`;

describe('告警推送 through a server killed and a receiver down', () => {
  it('SIGKILL mid-delivery: after the restart every alarm is delivered, repeats carry the same Idempotency-Key', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { env, server, raise, delivered } = await setUp(receiver);

    const ids: number[] = [];
    for (let i = 0; i < ALARMS / 2; i++) ids.push(await raise());
    await until(async () => (await delivered(ids)) === ids.length, 30_000, 'the first alarms delivered');
    // the receiver takes the next requests and keeps their answers: the server dies waiting
    receiver.mode = 'hold';
    for (let i = 0; i < ALARMS / 2; i++) ids.push(await raise());
    await until(() => receiver.seen.length > ALARMS / 2, 30_000, 'requests in flight');
    await server.current.kill();
    receiver.mode = 'up';
    // what the dead server had sent: only these may come again
    const inFlight = new Set(receiver.seen.slice(ALARMS / 2));

    server.current = await ServerProcess.start(env);
    await until(async () => (await delivered(ids)) === ids.length, 60_000, () => `every alarm delivered after the restart\n${server.current.log}`);
    const keys = new Set(ids.map(keyOf));
    expect([...new Set(receiver.seen)].sort()).toEqual([...keys].sort());
    const repeated = [...keys].filter((k) => receiver.seen.filter((s) => s === k).length > 1);
    // only deliveries the receiver had taken when the server died are repeated, with their own key
    for (const k of repeated) expect(inFlight.has(k), k).toBe(true);
    expect(ids.every((id) => (receiver.accepted.get(keyOf(id)) ?? 0) >= 1 || inFlight.has(keyOf(id)))).toBe(true);
    console.log(`SIGKILL: ${ids.length} alarms, ${inFlight.size} in flight at the kill, ${repeated.length} repeated with the same key, ${receiver.seen.length} requests`);
    expect(await server.current.stop()).toBe(0);
  });

  it('receiver down for a while, then up: each alarm is taken exactly once after the recovery', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { server, raise, delivered } = await setUp(receiver);
    receiver.mode = 'down';
    const ids: number[] = [];
    for (let i = 0; i < ALARMS; i++) ids.push(await raise());
    await until(() => new Set(receiver.seen).size === ids.length && receiver.seen.length > ids.length, 30_000, 'every alarm tried and refused, some twice');
    expect(await delivered(ids)).toBe(0);
    const refused = receiver.seen.length;
    receiver.mode = 'up';
    await until(async () => (await delivered(ids)) === ids.length, 60_000, () => `every alarm delivered after the recovery\n${server.current.log}`);
    expect(ids.map((id) => receiver.accepted.get(keyOf(id)))).toEqual(ids.map(() => 1));
    console.log(`receiver down: ${refused} refused tries, then ${ids.length} alarms each taken once`);
    expect(await server.current.stop()).toBe(0);
  });
});
