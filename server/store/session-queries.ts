import type { Kysely } from 'kysely';
import type { Database } from './db-schema';
import { USER_COLUMNS, type UserRecord } from './user-queries';

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

  /** The session and its user (undefined when the user is gone), in one query: what every call's check reads. */
  async findWithUser(id: string): Promise<{ session: SessionRecord; user: UserRecord | undefined } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .leftJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select([
        'sessions.id',
        'sessions.user_id as userId',
        'sessions.created_at as createdAt',
        'sessions.last_seen_at as lastSeenAt',
        ...USER_COLUMNS,
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const session: SessionRecord = { id: row.id, userId: row.userId, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt };
    const { account, passwordHash, name, phone, tenantId, tenantName, roleId, disabled, chatLogo, passwordChangedAt } = row;
    if (account === null || passwordHash === null || name === null || tenantId === null || tenantName === null || roleId === null || disabled === null || passwordChangedAt === null) return { session, user: undefined };
    return { session, user: { id: row.userId, account, passwordHash, name, phone, tenantId, tenantName, roleId, disabled, chatLogo, passwordChangedAt } };
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
