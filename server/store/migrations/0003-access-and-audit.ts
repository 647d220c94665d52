import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

const now = sql`now()`;

/** Tenant hierarchy details, user scope and privacy, operation log and login history. */
async function extendIdentity(db: Db): Promise<void> {
  // platform → agent → customer; the root tenant of an installation is the platform.
  await db.schema.alterTable('tenants').addColumn('kind', 'text', (c) => c.notNull().defaultTo('customer')).execute();
  await db.schema.alterTable('tenants').addColumn('contact', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('tenants').addColumn('phone', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('tenants').addColumn('remark', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('tenants_parent').on('tenants').column('parent_id').execute();
  await db.schema.alterTable('roles').addColumn('remark', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('roles').addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now)).execute();
  await db.schema.alterTable('users').addColumn('email', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('users').addColumn('remark', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('users').addColumn('phone_verified', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('users').addColumn('privacy', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
  await db.schema.alterTable('users').addColumn('wx_open_id', 'text').execute();
  // Vehicle-group scope: no rows = every group of the user's tenant subtree.
  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('vehicle_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
    .execute();
}

async function createLogs(db: Db): Promise<void> {
  await db.schema
    .createTable('operation_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('account', 'text', (c) => c.notNull())
    // What was done (e.g. 新增用户) and to what (e.g. 用户 zhang).
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create index operation_logs_tenant_at on operation_logs (tenant_id, at desc)`.execute(db);
  await db.schema
    .createTable('login_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('tenant_id', 'integer')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    // success | failure | locked
    .addColumn('result', 'text', (c) => c.notNull())
    // password | sms
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('password'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create index login_history_user_at on login_history (user_id, at desc)`.execute(db);
}

export const accessAndAudit: Migration = {
  async up(db: Db) {
    await extendIdentity(db);
    await createLogs(db);
  },
  async down(db: Db) {
    for (const t of ['login_history', 'operation_logs', 'user_groups']) await db.schema.dropTable(t).ifExists().execute();
    for (const c of ['email', 'remark', 'phone_verified', 'privacy', 'wx_open_id']) await db.schema.alterTable('users').dropColumn(c).execute();
    for (const c of ['remark', 'created_at']) await db.schema.alterTable('roles').dropColumn(c).execute();
    for (const c of ['kind', 'contact', 'phone', 'remark']) await db.schema.alterTable('tenants').dropColumn(c).execute();
  },
};
