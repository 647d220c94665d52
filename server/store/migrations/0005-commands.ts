import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/** Platform commands to terminals (指令下发): one row per terminal of a batch, kept as the history. */
export const commandsSchema: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('commands')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('batch_id', 'text', (c) => c.notNull())
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
      // Normalised number (answers are matched by it) and the number operators see.
      .addColumn('terminal_no', 'text', (c) => c.notNull())
      .addColumn('display_no', 'text', (c) => c.notNull())
      .addColumn('plate_no', 'text')
      .addColumn('command_type', 'text', (c) => c.notNull())
      .addColumn('msg_id', 'integer', (c) => c.notNull())
      .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      // 0 待发送, 1 已发送, 2 成功, 3 失败, 4 超时
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
      // Platform serial of the sent message, which the terminal's answer refers to.
      .addColumn('serial', 'integer')
      // What the terminal answered ({code, text, position?}), or why the command ended without an answer.
      .addColumn('result', 'jsonb')
      .addColumn('user_id', 'integer')
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // Still unsent at this time: 超时.
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('send_time', 'timestamptz')
      .addColumn('result_time', 'timestamptz')
      .execute();
    await sql`create index commands_tenant_created on commands (tenant_id, created_at desc, id desc)`.execute(db);
    await sql`create index commands_batch on commands (batch_id)`.execute(db);
    // open commands only: what reconnects, answers and the expiry sweep look for
    await sql`create index commands_open on commands (terminal_no, status, id) where status in (0, 1)`.execute(db);
  },
  async down(db: Db) {
    await db.schema.dropTable('commands').ifExists().execute();
  },
};
