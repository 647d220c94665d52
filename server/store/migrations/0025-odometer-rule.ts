import { type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * Distance is now summed by one odometer rule (server/track/odometer.ts: jitter inside a fix's
 * accuracy and approximate fixes add nothing). The figures kept per finished day were summed by
 * the old one: they are forgotten and recomputed from the positions on first use (or by the check
 * every 10 minutes), trips and their distances with them.
 */
export const odometerRule: Migration = {
  async up(db: Db) {
    await db.deleteFrom('report_days').execute();
    await db.deleteFrom('report_events').execute();
    await db.deleteFrom('report_event_days').execute();
  },
  async down() {
    // the figures are recomputed either way
  },
};
