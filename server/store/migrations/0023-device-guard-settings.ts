import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 电动车卫士 防盗设置 per device: its 震动灵敏度 (1 低, 2 中, 3 高) and 告警间隔 (seconds: the quiet
 * gap that ends one 震动告警 episode), who saved them and the command batch that told the device.
 * A device without a row has the defaults. Gone with its terminal.
 */
export const deviceGuardSettings: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('device_guard_settings')
      .addColumn('terminal_id', 'integer', (c) => c.primaryKey().references('terminals.id').onDelete('cascade'))
      .addColumn('vibration_sensitivity', 'smallint', (c) => c.notNull().check(sql`vibration_sensitivity between 1 and 3`))
      .addColumn('vibration_window_seconds', 'integer', (c) => c.notNull().check(sql`vibration_window_seconds between 30 and 3600`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'integer')
      .addColumn('push_batch_id', 'text')
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('device_guard_settings').execute();
  },
};
