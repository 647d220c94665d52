import { afterAll, describe, expect, it } from 'vitest';
import { SimulatedTerminal } from '../server/sim/simulated-terminal';
import { createTestServer, type TestServer } from '../server/testing/test-server';
import { PrivatePostgres } from './private-postgres';
import { startAckedTerminals } from './acked-terminals';
import { sleep, until } from './waiting';

// PostgreSQL goes down hard in the middle of ingest and comes back: the gateway stops
// acknowledging (commits fail), never crashes, resumes by itself, and every position a terminal
// got a 0x8001 for is in the store afterwards. The server is the test's own PostgreSQL, so
// restarting it touches nothing else on the machine.

const TERMINALS = 20;
let pg: PrivatePostgres | undefined;
let server: TestServer | undefined;
const sims: SimulatedTerminal[] = [];

afterAll(async () => {
  await Promise.all(sims.map((s) => s.stop()));
  await server?.close().catch(() => {});
  pg?.destroy();
});

describe('PostgreSQL restarted during ingest', () => {
  it('stops acknowledging while it is down, resumes by itself and keeps every acknowledged position', async () => {
    pg = await PrivatePostgres.start();
    server = await createTestServer({
      demo: true, simulate: false,
      config: { databaseUrl: pg.url, simDevices: TERMINALS },
      database: { schema: 'tianlu_fault', dropSchemaOnClose: false },
    });
    const gateway = server.fleet.gateway!;
    const { sims: reporting, acked, ackCount } = startAckedTerminals(TERMINALS, { host: '127.0.0.1', port: gateway.port, intervalSec: 1, ackTimeoutMs: 1500, maxAttempts: 1000 });
    sims.push(...reporting);
    await until(() => ackCount() >= TERMINALS * 3, 20_000, 'positions acknowledged before the crash');

    pg.crash();
    const crashedAt = Date.now();
    await sleep(1500); // acks of commits that finished just before the crash may still arrive
    const whileDown = ackCount();
    await sleep(3000);
    const failed = gateway.metrics().positionsFailed;
    console.log(`PostgreSQL down ${((Date.now() - crashedAt) / 1000).toFixed(1)} s: acks while down ${ackCount() - whileDown}, commits failed for ${failed} positions`);
    expect(ackCount() - whileDown).toBe(0);
    expect(failed).toBeGreaterThan(0);

    pg.up();
    const beforeResume = ackCount();
    await until(() => ackCount() >= beforeResume + TERMINALS * 3, 30_000, 'acks after PostgreSQL came back');
    console.log(`resumed ${((Date.now() - crashedAt) / 1000).toFixed(1)} s after the crash`);

    await Promise.all(sims.map((s) => s.stop()));
    await until(() => {
      const b = gateway.metrics().batcher;
      return b.queuedRows === 0 && b.inFlightRows === 0;
    }, 10_000, 'batcher idle');

    let missing = 0;
    let stored = 0;
    for (const [terminalNo, times] of acked) {
      const id = (await server.store.fleet.terminalAuth(terminalNo))!.terminalId;
      const keys = new Set((await server.store.positions.storedKeys([id])).map((k) => k.deviceTime.getTime()));
      stored += keys.size;
      for (const t of times) if (!keys.has(t)) missing++;
    }
    const total = [...acked.values()].reduce((a, s) => a + s.size, 0);
    console.log(`acknowledged ${total} positions, stored ${stored}, acknowledged but missing ${missing}`);
    expect(missing).toBe(0);
  });
});
