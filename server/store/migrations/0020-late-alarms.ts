import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * alarms.late (补报): an alarm a report carried that arrived after the engine had moved past its
 * device time (a 0x0704 blind-area upload, a report dated before the last one evaluated). A late
 * alarm is recorded once per terminal, type and device time, however often its frame is resent.
 */
export const lateAlarms: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('alarms').addColumn('late', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await sql`create unique index alarms_late_once on alarms (terminal_id, alarm_type, start_time) where late`.execute(db);
  },
  async down(db: Db) {
    await sql`drop index if exists alarms_late_once`.execute(db);
    await db.schema.alterTable('alarms').dropColumn('late').execute();
  },
};
