import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { reportLostConnections } from './pg-connection-errors';

// A pooled connection is cut by the server while a caller holds it (pg_terminate_backend does what
// a PostgreSQL restart does to it). The loss must be reported once, not end the process with an
// unhandled 'error' event, and the pool must answer the next query on a new connection.
// Runs on PostgreSQL only (DATABASE_URL); PGlite has no connections to lose.

const url = process.env.DATABASE_URL;
const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
});

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!url)('connections PostgreSQL drops', () => {
  it('reports a checked-out connection the server cut, once, and the pool answers on a new one', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    const lost: Error[] = [];
    reportLostConnections(pool, (err) => lost.push(err));
    const held = await pool.connect();
    const pid = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // both the server's termination notice and the closed socket arrive while the caller holds it
    await until(() => lost.length > 0, 'the lost connection reported');
    await expect(held.query('select 1')).rejects.toThrow();
    held.release();
    expect(lost).toHaveLength(1);

    const again = await pool.query<{ n: number }>('select 1 as n');
    expect(again.rows[0]!.n).toBe(1);
    expect(pool.totalCount).toBe(1);
  });

  it('reports an idle connection the server cut', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pools.push(pool);
    const lost: Error[] = [];
    reportLostConnections(pool, (err) => lost.push(err));
    const pid = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await other.end();
    }
    await until(() => lost.length > 0, 'the lost connection reported');
    expect((await pool.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
    expect(lost).toHaveLength(1);
  });
});
