import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchemaCascade } from './drop-schema';

// A test server's schema is dropped while a late query still holds one of its tables and then asks
// for another: the drop and that query wait on each other, and PostgreSQL cancels the drop. The drop
// must be made again rather than fail the run. Runs on PostgreSQL only (DATABASE_URL).

const url = process.env.DATABASE_URL;
const clients: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

describe.skipIf(!url)('dropping a test schema', () => {
  it('drops it when PostgreSQL chose the drop to break a deadlock', async () => {
    const schema = `tianlu_drop_${randomBytes(4).toString('hex')}`;
    const admin = await connect();
    await admin.query(`create schema ${schema}; create table ${schema}.first (id int); create table ${schema}.second (id int)`);
    // a late query holds the second table; it would be the last to give up in a deadlock
    const late = await connect();
    await late.query('begin');
    await late.query(`set local deadlock_timeout = '30s'`);
    await late.query(`lock table ${schema}.second in access share mode`);

    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      const dropped = dropSchemaCascade(db, schema);
      // the drop holds the first table and waits for the second
      for (;;) {
        const { rows } = await admin.query<{ relation: string }>(
          `select relation::regclass::text as relation from pg_locks where locktype = 'relation' and not granted and relation::regclass::text like $1`,
          [`${schema}.%`],
        );
        if (rows.some((r) => r.relation === `${schema}.second`)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      // now the late query asks for the first table: a deadlock, which PostgreSQL breaks by cancelling the drop
      await late.query(`lock table ${schema}.first in access share mode`);
      await late.query('commit');

      await expect(dropped).resolves.toBeUndefined();
      const { rows } = await admin.query('select 1 from information_schema.schemata where schema_name = $1', [schema]);
      expect(rows).toHaveLength(0);
    } finally {
      await db.destroy();
      await admin.query(`drop schema if exists ${schema} cascade`);
    }
  });
});
