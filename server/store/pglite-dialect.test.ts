import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

let client: PGlite;
let db: Kysely<Record<string, never>>;

beforeAll(async () => {
  client = await PGlite.create();
  db = new Kysely({ dialect: new PGliteDialect(client) });
});
afterAll(() => db.destroy());

describe('the embedded database’s one connection', () => {
  it('lets the event loop take its turn between the statements of a long loop: a timer (a request arriving) runs before the loop ends', async () => {
    const STATEMENTS = 200;
    let done = 0;
    let doneWhenTimerRan: number | undefined;
    setTimeout(() => (doneWhenTimerRan = done), 0);
    for (let i = 0; i < STATEMENTS; i++) {
      await sql`select sum(x) from generate_series(1, 200) x`.execute(db);
      done++;
    }
    // undefined when the timer ran only after the loop
    expect(doneWhenTimerRan ?? STATEMENTS).toBeLessThan(STATEMENTS);
  });

  it('still hands the connection to one holder at a time: a transaction sees none of another caller’s statements', async () => {
    await sql`create table t (n int)`.execute(db);
    let outside: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await sql`insert into t values (1)`.execute(trx);
      outside = sql`insert into t values (2)`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await sql<{ n: number }>`select n from t order by n`.execute(trx);
      expect(rows.map((r) => r.n)).toEqual([1]);
      throw new Error('undo');
    }).catch((e: unknown) => expect(String(e)).toContain('undo'));
    await outside;
    const { rows } = await sql<{ n: number }>`select n from t order by n`.execute(db);
    expect(rows.map((r) => r.n)).toEqual([2]);
  });
});
