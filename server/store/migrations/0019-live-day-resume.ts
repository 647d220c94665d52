import { type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * report_event_days.resume: where the next refresh of a day still being reported resumes (see
 * DayResume in server/report/day-events.ts) — the device time of the first report of the day's last
 * stop, the events and trip metres before it and the fuel summed up to it, unrounded. A refresh reads
 * only the positions from there on. Null: from the day's start (a finished day, or no stop yet).
 */
export const liveDayResume: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('report_event_days').addColumn('resume', 'jsonb').execute();
  },
  async down(db: Db) {
    await db.schema.alterTable('report_event_days').dropColumn('resume').execute();
  },
};
