import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
}

export class SessionQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: SessionRecord & { ip: string | null }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ id: session.id, user_id: session.userId, created_at: session.createdAt, last_seen_at: session.lastSeenAt, ip: session.ip })
      .execute();
  }

  async find(id: string): Promise<SessionRecord | undefined> {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'user_id as userId', 'created_at as createdAt', 'last_seen_at as lastSeenAt'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  /** True when a session was removed. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteIdleBefore(cutoff: Date): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('last_seen_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
