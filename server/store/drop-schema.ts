import { type Kysely, sql } from 'kysely';

/** PostgreSQL's SQLSTATE for a transaction chosen to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';
const ATTEMPTS = 5;

function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === DEADLOCK_DETECTED;
}

/**
 * Drops a schema with everything in it. A query still running on one of its tables while the
 * server stops (a request, a job's last write) can lock tables in the other order; PostgreSQL
 * then cancels one side, and the drop is tried again.
 */
export async function dropSchemaCascade(db: Kysely<unknown>, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      return;
    } catch (err) {
      if (!isDeadlock(err) || attempt >= ATTEMPTS) throw err;
    }
  }
}
