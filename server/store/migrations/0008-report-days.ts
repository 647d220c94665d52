import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 数据报表: per terminal and China day, the figures of a finished day (computed once from the
 * positions instead of on every report), and an index of backfilled (补传) positions, which are
 * the ones that can still arrive for a finished day and make its figures stale.
 */
export const reportDays: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('report_days')
      .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('reports', 'integer', (c) => c.notNull())
      .addColumn('first_time', 'timestamptz')
      .addColumn('last_time', 'timestamptz')
      .addColumn('max_speed', 'real', (c) => c.notNull())
      .addColumn('moving_reports', 'integer', (c) => c.notNull())
      .addColumn('moving_speed_sum', 'double precision', (c) => c.notNull())
      .addColumn('odometer_reports', 'integer', (c) => c.notNull())
      .addColumn('odometer_km', 'double precision', (c) => c.notNull())
      .addColumn('gps_km', 'double precision', (c) => c.notNull())
      .addColumn('driving_seconds', 'double precision', (c) => c.notNull())
      // live (not backfilled) reports: what 车辆日在线 counts
      .addColumn('live_reports', 'integer', (c) => c.notNull())
      .addColumn('live_first_time', 'timestamptz')
      .addColumn('live_last_time', 'timestamptz')
      .addColumn('online_seconds', 'double precision', (c) => c.notNull())
      // the online window the figures were computed with, and the newest backfilled position they include
      .addColumn('online_window_seconds', 'integer', (c) => c.notNull())
      .addColumn('backfill_seen', 'timestamptz')
      .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('report_days_pk', ['terminal_id', 'day'])
      .execute();
    await sql`create index positions_backfill on positions (terminal_id, device_time) include (received_time) where backfill`.execute(db);
  },
  async down(db: Db) {
    await sql`drop index if exists positions_backfill`.execute(db);
    await db.schema.dropTable('report_days').ifExists().execute();
  },
};
