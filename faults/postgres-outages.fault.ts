import { afterAll, describe, expect, it } from 'vitest';
import { SimTicker } from '../server/sim/sim-ticker';
import { SimulatedTerminal } from '../server/sim/simulated-terminal';
import { ApiClient } from '../server/testing/api-client';
import { createStore } from '../server/store/create-store';
import { httpInjector } from './http-injector';
import { PrivatePostgres } from './private-postgres';
import { ServerProcess, freePort, serverEnv } from './server-process';
import { startAckedTerminals } from './acked-terminals';
import { sleep, until } from './waiting';

// PostgreSQL is stopped the hard way (pg_ctl -m immediate) again and again while terminals report
// to two gateway workers and three consoles poll the API: connections die in the middle of
// queries, in the primary and in the workers. The server and its workers must live through every
// outage, answer the API with the error envelope while the database is down, acknowledge again
// once it is back, and have stored everything they acknowledged. The server is its own process
// (an unhandled error ends it as it would in production) and PostgreSQL is the test's own.

const TERMINALS = 20;
/** The terminals' clock runs this much faster than real time: 5 reports per terminal per second. */
const SPEED = 5;
/** Enough outages to catch a crash that happens once in six. */
const OUTAGES = 15;
const DOWN_MS = 4000;
const CONSOLES = 3;
const POLLED = [
  '/car/v4/api/monitor/list.json?current=1&pageSize=50&status=all',
  '/car/v4/api/monitor/tree.json',
  '/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json',
];
interface PollTally {
  ok: number;
  /** Error envelopes answered while PostgreSQL was down. */
  refusedWhileDown: number;
  /** Answers that were no envelope: a hang, a dropped connection, a bare 5xx. */
  broken: string[];
}

/** A console polling the monitor pages in a loop until stopped. */
async function poll(baseUrl: string, client: ApiClient, down: () => boolean, tally: PollTally, running: () => boolean): Promise<void> {
  const headers = { sessionId: client.sessionId!, userId: String(client.userId) };
  for (let i = 0; running(); i++) {
    const url = POLLED[i % POLLED.length]!;
    const wasDown = down();
    try {
      const res = await fetch(new URL(url, baseUrl), { headers, signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      let body: { flag?: unknown; msg?: unknown } | undefined;
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        /* not JSON */
      }
      if (typeof body?.flag !== 'number' || typeof body.msg !== 'string') tally.broken.push(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
      else if (body.flag === 1) tally.ok++;
      else if (wasDown && down()) tally.refusedWhileDown++;
    } catch (err) {
      tally.broken.push(`${url}: ${(err as Error).message}`);
      await sleep(200);
    }
    await sleep(20);
  }
}

let pg: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
const sims: SimulatedTerminal[] = [];
let polling = false;

afterAll(async () => {
  polling = false;
  await Promise.all(sims.map((s) => s.stop()));
  await server?.kill();
  pg?.destroy();
});

/** Whether a process is alive (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('PostgreSQL stopped repeatedly under load with gateway workers', () => {
  it('keeps the server and its workers alive, answers the API with the envelope and loses nothing acknowledged', async () => {
    const begun = Date.now();
    pg = await PrivatePostgres.start();
    const env = serverEnv({
      PORT: String(await freePort()), JT808_PORT: String(await freePort()), DATABASE_URL: pg.url, GATEWAY_WORKERS: '2',
    });
    server = await ServerProcess.start(env);
    const baseUrl = `http://127.0.0.1:${env.PORT}`;

    const admin = new ApiClient(httpInjector(baseUrl));
    expect((await admin.login('admin', 'Admin@123')).flag).toBe(1);
    const metrics = await admin.get<{ workers?: { pid: number }[] }>('/car/v1/api/gateway/metrics.json');
    const workerPids = (metrics.obj.workers ?? []).map((w) => w.pid);
    expect(workerPids).toHaveLength(2);

    // terminals report at five times real speed: the batchers always have a commit in flight
    const started = Date.now();
    const clock = () => started + (Date.now() - started) * SPEED;
    const ticker = new SimTicker(20, clock);
    const { sims: reporting, acked, ackCount } = startAckedTerminals(TERMINALS, {
      host: '127.0.0.1', port: Number(env.JT808_PORT), intervalSec: 1, clock, ticker,
      ackTimeoutMs: 15_000, maxAttempts: 1000, replyTimeoutMs: 50_000, backoffMs: [1000, 5000],
    });
    sims.push(...reporting);
    await until(() => [...acked.values()].every((s) => s.size > 0), 60_000, () => `every terminal acknowledged (${ackCount()} acks)\n${server!.log}`);

    let down = false;
    polling = true;
    const tally: PollTally = { ok: 0, refusedWhileDown: 0, broken: [] };
    const consoles: Promise<void>[] = [];
    for (let i = 0; i < CONSOLES; i++) {
      const c = new ApiClient(httpInjector(baseUrl));
      expect((await c.login('admin', 'Admin@123')).flag).toBe(1);
      consoles.push(poll(baseUrl, c, () => down, tally, () => polling));
    }
    await until(() => tally.ok >= 10, 30_000, () => 'the consoles polling');

    const resumedAfter: number[] = [];
    for (let outage = 1; outage <= OUTAGES; outage++) {
      const refusedBefore = tally.refusedWhileDown;
      down = true;
      pg.crash();
      await sleep(DOWN_MS);
      const refused = tally.refusedWhileDown - refusedBefore;
      down = false;
      pg.up();
      const upAt = Date.now();
      const acksAtUp = ackCount();
      const where = `outage ${outage}`;
      expect(server.running, `${where}: the server died\n${server.errors}`).toBe(true);
      expect(refused, `${where}: the API answered no error envelope while PostgreSQL was down`).toBeGreaterThan(0);
      await until(() => !server!.running || ackCount() >= acksAtUp + TERMINALS * 2, 30_000, () => `${where}: acks after PostgreSQL came back\n${server!.log}`);
      resumedAfter.push(Date.now() - upAt);
      expect(server.running, `${where}: the server died\n${server.errors}`).toBe(true);
      expect(workerPids.filter((pid) => !alive(pid)), `${where}: gateway workers died\n${server.errors}`).toEqual([]);
      expect(tally.broken, `${where}: API answers without the envelope`).toEqual([]);
      await sleep(500); // a little ingest and polling on the way back
    }
    polling = false;
    await Promise.all(consoles);
    await Promise.all(sims.map((s) => s.stop()));
    expect(await server.stop(), server.log).toBe(0);

    const store = await createStore({ databaseUrl: pg.url, pgliteDataDir: 'memory://' });
    const lost: string[] = [];
    try {
      for (const [terminalNo, times] of acked) {
        const auth = await store.fleet.terminalAuth(terminalNo);
        const keys = new Set(auth ? (await store.positions.storedKeys([auth.terminalId])).map((k) => k.deviceTime.getTime()) : []);
        for (const t of times) if (!keys.has(t)) lost.push(`${terminalNo}@${new Date(t).toISOString()}`);
      }
    } finally {
      await store.close();
    }
    const total = [...acked.values()].reduce((a, s) => a + s.size, 0);
    console.log(
      `${OUTAGES} outages of ${DOWN_MS / 1000} s: acks resumed ${Math.min(...resumedAfter)}–${Math.max(...resumedAfter)} ms after PostgreSQL was back;` +
      ` API answered ${tally.ok} polls, ${tally.refusedWhileDown} error envelopes while down; acknowledged ${total}, lost ${lost.length};` +
      ` ${((Date.now() - begun) / 1000).toFixed(1)} s in all`,
    );
    expect(lost, 'acknowledged but not stored').toEqual([]);
  });
});
