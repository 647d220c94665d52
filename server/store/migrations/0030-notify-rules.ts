import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 告警推送 routing: a tenant's rules (which channels and recipients per alarm type and level),
 * quiet hours and escalation (notify_routing, one document per tenant); on the outbox, what a row
 * is for (alarm or escalation), the rate key it is limited and merged by, and until when quiet
 * hours hold it; notify_sends, every message sent per rate key, which the provider limits count.
 */
export const notifyRules: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('notify_routing')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    // alarm | escalation
    await db.schema.alterTable('notify_outbox').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('alarm')).execute();
    // null: neither limited nor merged (the webhook: one JSON body per alarm)
    await db.schema.alterTable('notify_outbox').addColumn('rate_key', 'text').execute();
    // quiet hours held the row until then
    await db.schema.alterTable('notify_outbox').addColumn('held_until', 'timestamptz').execute();
    // the row whose message carried this one (a merged burst); null: its own message
    await db.schema.alterTable('notify_outbox').addColumn('merged_into', 'bigint').execute();
    await sql`create index notify_outbox_rate_due on notify_outbox (rate_key, next_try_at) where status = '待发送' and rate_key is not null`.execute(db);
    // escalation looks for open alarms without their escalation rows
    await sql`create index notify_outbox_alarm_purpose on notify_outbox (alarm_id, purpose)`.execute(db);

    await db.schema
      .createTable('notify_sends')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('rate_key', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
      // outbox rows the message carried
      .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('notify_sends_key_time').on('notify_sends').columns(['rate_key', 'sent_at']).execute();
  },

  async down(db: Db) {
    await db.schema.dropTable('notify_sends').execute();
    await sql`drop index if exists notify_outbox_alarm_purpose`.execute(db);
    await sql`drop index if exists notify_outbox_rate_due`.execute(db);
    for (const column of ['merged_into', 'held_until', 'rate_key', 'purpose']) await db.schema.alterTable('notify_outbox').dropColumn(column).execute();
    await db.schema.dropTable('notify_routing').execute();
  },
};
