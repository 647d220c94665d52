import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_START_PHONE } from '../server/demo/demo-fleet';
import { normalizePhone } from '../server/gateway/jt808/index';
import { phoneAt } from '../server/sim/fleet-simulator';
import { SimTicker } from '../server/sim/sim-ticker';
import { SimulatedTerminal } from '../server/sim/simulated-terminal';
import { createStore, type Store } from '../server/store/create-store';
import { PrivatePostgres } from './private-postgres';
import { ServerProcess, freePort, serverEnv } from './server-process';
import { until } from './waiting';

// The server process is killed with SIGKILL in the middle of ingest, on PGlite and on PostgreSQL,
// and started again on the same data. Every position a terminal got a 0x8001 for must be in the
// store afterwards (the gateway acknowledges only after the commit), and the restarted server must
// take the terminals back. The server runs as its own OS process because nothing in-process can
// die the way kill -9 makes it die: no close hooks, no flush, sockets cut by the kernel.
// PostgreSQL is a private server of the test's own and PGlite a temporary folder, so runs never collide.

const TERMINALS = 20;
/** The terminals' clock runs this much faster than real time: 10 reports per terminal per second. */
const SPEED = 10;
/** Acks each terminal must get from the restarted server. */
const ACKS_AFTER_RESTART = 10;
type Phase = 'before' | 'after';

/** Device times (ms) each terminal was acknowledged, by terminal number, split at the restart. */
type Acked = Record<Phase, Map<string, Set<number>>>;

function startTerminals(port: number, phase: () => Phase, onAck: () => void): { sims: SimulatedTerminal[]; acked: Acked } {
  const started = Date.now();
  const clock = () => started + (Date.now() - started) * SPEED;
  const ticker = new SimTicker(20, clock);
  const acked: Acked = { before: new Map(), after: new Map() };
  const sims: SimulatedTerminal[] = [];
  for (let i = 0; i < TERMINALS; i++) {
    const phone = phoneAt(DEMO_START_PHONE, i);
    const terminalNo = normalizePhone(phone);
    acked.before.set(terminalNo, new Set());
    acked.after.set(terminalNo, new Set());
    // timeouts are in the fast clock's milliseconds: a 3 s ack timeout, reconnects every 0.1–0.5 s
    const sim = new SimulatedTerminal({
      phone, host: '127.0.0.1', port, intervalSec: 1, clock, ticker,
      ackTimeoutMs: 30_000, maxAttempts: 1000, replyTimeoutMs: 100_000, backoffMs: [1000, 5000],
      route: { signalLossPerSecond: 0, sosPerSecond: 0 },
    });
    sim.on('acked', (times) => {
      const set = acked[phase()].get(terminalNo)!;
      for (const t of times) set.add(t);
      onAck();
    });
    sim.start();
    sims.push(sim);
  }
  return { sims, acked };
}

const total = (m: Map<string, Set<number>>) => [...m.values()].reduce((a, s) => a + s.size, 0);

/** How many of the acknowledged positions the store holds. */
async function countStored(store: Store, acked: Map<string, Set<number>>): Promise<{ stored: number; lost: string[] }> {
  let stored = 0;
  const lost: string[] = [];
  for (const [terminalNo, times] of acked) {
    if (times.size === 0) continue;
    const auth = await store.fleet.terminalAuth(terminalNo);
    const keys = new Set(auth ? (await store.positions.storedKeys([auth.terminalId])).map((k) => k.deviceTime.getTime()) : []);
    for (const t of times) {
      if (keys.has(t)) stored++;
      else lost.push(`${terminalNo}@${new Date(t).toISOString()}`);
    }
  }
  return { stored, lost };
}

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await Promise.resolve(c()).catch(() => {});
});

/**
 * Ingest → SIGKILL → restart on the same data → the terminals come back → clean stop → every
 * acknowledged position is read back through the store.
 */
async function crashDuringIngest(name: string, database: Record<string, string>, openStore: (dataDir: string) => Promise<Store>): Promise<void> {
  const begun = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'tianlu-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = serverEnv({ PORT: String(await freePort()), JT808_PORT: String(await freePort()), DATA_DIR: dataDir, ...database });

  let server = await ServerProcess.start(env);
  cleanups.push(() => server.kill());
  let phase: Phase = 'before';
  let armed = false;
  let inFlightAtKill = 0;
  const { sims, acked } = startTerminals(Number(env.JT808_PORT), () => phase, () => {
    // the moment an ack arrives while other reports wait for theirs: the server is most likely
    // inside a commit, and an ack sent before its commit finished would show up as a lost position
    if (!armed) return;
    const waiting = sims.reduce((a, s) => a + s.backlog.inFlight, 0);
    if (waiting < 2) return;
    armed = false;
    inFlightAtKill = waiting;
    server.killNow();
  });
  cleanups.push(() => Promise.all(sims.map((s) => s.stop())).then(() => {}));

  // a few seconds of ingest at 200 positions a second, every terminal acknowledged at least once
  await until(
    () => [...acked.before.values()].every((s) => s.size > 0) && total(acked.before) >= TERMINALS * 40,
    60_000, `acks before the kill (${total(acked.before)} so far)\n${server.log}`,
  );
  armed = true;
  await until(() => !server.running, 10_000, 'the kill');
  const killedAt = Date.now();
  // acks the server sent just before it died still arrive, as long as the sockets are open
  await until(() => sims.every((s) => !s.connected), 10_000, 'the terminals to notice the crash');

  phase = 'after';
  server = await ServerProcess.start(env);
  const restartedIn = (Date.now() - killedAt) / 1000;
  await until(
    () => [...acked.after.values()].every((s) => s.size >= ACKS_AFTER_RESTART), 60_000,
    `every terminal acknowledged again after the restart (${total(acked.after)} so far)\n${server.log}`,
  );
  const backAfter = (Date.now() - killedAt) / 1000;
  await Promise.all(sims.map((s) => s.stop()));
  expect(await server.stop(), server.log).toBe(0);

  const store = await openStore(dataDir);
  try {
    const before = await countStored(store, acked.before);
    const after = await countStored(store, acked.after);
    console.log(
      `${name}: acked ${total(acked.before)}, stored ${before.stored} (of them), lost ${before.lost.length}` +
      ` — before the kill (${inFlightAtKill} messages unacknowledged at the kill); restarted in ${restartedIn.toFixed(1)} s,` +
      ` every terminal acked again ${backAfter.toFixed(1)} s after the kill: acked ${total(acked.after)},` +
      ` stored ${after.stored}, lost ${after.lost.length}; ${((Date.now() - begun) / 1000).toFixed(1)} s in all`,
    );
    expect(before.lost, 'acknowledged before the kill but not stored').toEqual([]);
    expect(after.lost, 'acknowledged after the restart but not stored').toEqual([]);
  } finally {
    await store.close();
  }
}

describe('server killed with SIGKILL during ingest', () => {
  it('PGlite: every acknowledged position is stored after the restart and the terminals are taken back', async () => {
    await crashDuringIngest('PGlite', {}, (dataDir) => createStore({ pgliteDataDir: join(dataDir, 'pglite') }));
  });

  it('PostgreSQL: every acknowledged position is stored after the restart and the terminals are taken back', async () => {
    const pg = await PrivatePostgres.start();
    cleanups.push(() => pg.destroy());
    await crashDuringIngest('PostgreSQL', { DATABASE_URL: pg.url }, () => createStore({ databaseUrl: pg.url, pgliteDataDir: 'memory://' }));
  });
});
