import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

/** A user as the server works with it (never leaves the server with its hash). */
export interface UserRecord {
  id: number;
  account: string;
  passwordHash: string;
  name: string;
  phone: string | null;
  tenantId: number;
  tenantName: string;
  roleId: number;
  disabled: boolean;
  chatLogo: string | null;
  passwordChangedAt: Date;
}

export interface NewUser {
  account: string;
  passwordHash: string;
  name: string;
  phone?: string | null;
  tenantId: number;
  roleId: number;
  disabled?: boolean;
  chatLogo?: string | null;
  passwordChangedAt: Date;
}

/** A UserRecord's columns besides its id, from `users` joined with its `tenants` row. */
export const USER_COLUMNS = [
  'users.account',
  'users.password_hash as passwordHash',
  'users.name',
  'users.phone',
  'users.tenant_id as tenantId',
  'tenants.name as tenantName',
  'users.role_id as roleId',
  'users.disabled',
  'users.chat_logo as chatLogo',
  'users.password_changed_at as passwordChangedAt',
] as const;

export class UserQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('users')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select(['users.id', ...USER_COLUMNS]);
  }

  async findById(id: number): Promise<UserRecord | undefined> {
    return this.select().where('users.id', '=', id).executeTakeFirst();
  }

  async findByAccount(account: string): Promise<UserRecord | undefined> {
    return this.select().where('users.account', '=', account).executeTakeFirst();
  }

  async findByPhone(phone: string): Promise<UserRecord | undefined> {
    return this.select().where('users.phone', '=', phone).executeTakeFirst();
  }

  async create(user: NewUser): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values({
        account: user.account,
        password_hash: user.passwordHash,
        name: user.name,
        phone: user.phone ?? null,
        tenant_id: user.tenantId,
        role_id: user.roleId,
        disabled: user.disabled ?? false,
        chat_logo: user.chatLogo ?? null,
        password_changed_at: user.passwordChangedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setDisabled(id: number, disabled: boolean): Promise<void> {
    await this.db.updateTable('users').set({ disabled }).where('id', '=', id).execute();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
