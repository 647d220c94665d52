import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 数据报表 from tracks: per terminal and China day, what 行程报表, 停车报表, 超速报表 and 油耗报表
 * read — computed once per finished day from the positions, like report_days.
 *
 * - report_event_days: one row per terminal and day that was computed, with the overspeed limit it
 *   was computed with (a changed 限速 recomputes it), the newest backfilled position it includes,
 *   whether the day had ended, and the day's fuel figures.
 * - report_events: the day's trips, stops, overspeed stretches and fuel drops.
 */
export const reportEvents: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('report_event_days')
      .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('speed_limit', 'real', (c) => c.notNull())
      .addColumn('overspeed_seconds', 'integer', (c) => c.notNull())
      .addColumn('final', 'boolean', (c) => c.notNull())
      .addColumn('backfill_seen', 'timestamptz')
      .addColumn('fuel_readings', 'integer', (c) => c.notNull())
      .addColumn('fuel_first', 'real')
      .addColumn('fuel_last', 'real')
      .addColumn('fuel_used', 'real', (c) => c.notNull())
      .addColumn('fuel_added', 'real', (c) => c.notNull())
      .addColumn('trip_metres', 'double precision', (c) => c.notNull())
      .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('report_event_days_pk', ['terminal_id', 'day'])
      .execute();
    await db.schema
      .createTable('report_events')
      .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
      .addColumn('day', 'date', (c) => c.notNull())
      // trip | stop | overspeed | fuelDrop
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('start_time', 'timestamptz', (c) => c.notNull())
      .addColumn('end_time', 'timestamptz', (c) => c.notNull())
      .addColumn('start_lon', 'double precision', (c) => c.notNull())
      .addColumn('start_lat', 'double precision', (c) => c.notNull())
      .addColumn('end_lon', 'double precision', (c) => c.notNull())
      .addColumn('end_lat', 'double precision', (c) => c.notNull())
      .addColumn('metres', 'double precision', (c) => c.notNull())
      .addColumn('seconds', 'integer', (c) => c.notNull())
      .addColumn('max_speed', 'real', (c) => c.notNull())
      .addColumn('avg_speed', 'real', (c) => c.notNull())
      // stops: ACC on for most of the stop (idling)
      .addColumn('acc', 'boolean')
      // stops: seconds with ACC on; overspeed: the limit; fuel drops: litres
      .addColumn('value', 'real')
      .addPrimaryKeyConstraint('report_events_pk', ['kind', 'terminal_id', 'day', 'seq'])
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('report_events').ifExists().execute();
    await db.schema.dropTable('report_event_days').ifExists().execute();
  },
};
