import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 告警推送 delivered durably: the channels a tenant configured (their secrets encrypted with the
 * server's notify key, never stored in clear), and the outbox, one row per alarm, channel and
 * recipient, written in the transaction that records the alarm and worked off by the delivery
 * workers (待发送 → 已送达, or 推送失败 after the last try).
 */
export const notifyOutbox: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('notify_channels')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      // smtp | aliyun-sms | tencent-sms | dingtalk | wecom | feishu | webhook
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      // everything but the secrets: host, port, from, endpoint, sign name, template, robot URL …
      .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      // the secrets as JSON, AES-256-GCM under the notify key: v1:<iv>:<tag>:<ciphertext> (base64)
      .addColumn('secret', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('notify_channels_tenant').on('notify_channels').columns(['tenant_id', 'kind']).execute();
    // one webhook signing secret per tenant
    await sql`create unique index notify_channels_webhook_secret on notify_channels (tenant_id) where kind = 'webhook'`.execute(db);

    await db.schema
      .createTable('notify_outbox')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('alarm_id', 'bigint', (c) => c.references('alarms.id').onDelete('cascade'))
      // webhook | email | sms | dingtalk | wecom | feishu
      .addColumn('channel', 'text', (c) => c.notNull())
      // the notify_channels row of a robot; null: the tenant's channel of that kind (or the log)
      .addColumn('channel_id', 'integer', (c) => c.references('notify_channels.id').onDelete('set null'))
      .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      // 待发送 | 已送达 | 推送失败
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('待发送'))
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_try_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // a worker holds the row until then; its token proves the answer is its own
      .addColumn('leased_until', 'timestamptz')
      .addColumn('lease_token', 'text')
      .addColumn('last_error', 'text')
      .addColumn('provider_answer', 'text')
      // delivered to the server log (no provider configured: the demo)
      .addColumn('to_log', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('delivered_at', 'timestamptz')
      .execute();
    await sql`create index notify_outbox_due on notify_outbox (next_try_at) where status = '待发送'`.execute(db);
    await db.schema.createIndex('notify_outbox_tenant_time').on('notify_outbox').columns(['tenant_id', 'created_at']).execute();
    await db.schema.createIndex('notify_outbox_alarm').on('notify_outbox').column('alarm_id').execute();
  },

  async down(db: Db) {
    await db.schema.dropTable('notify_outbox').execute();
    await db.schema.dropTable('notify_channels').execute();
  },
};
