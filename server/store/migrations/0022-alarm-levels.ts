import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * alarm_controls.level: a tenant's own level of an alarm type (urgent 紧急, normal 一般, info
 * 提示); null keeps the catalogue's default. alarms_open_terminal: the open-alarm state every
 * counter reads (unhandled alarms per asset) without scanning handled history.
 */
export const alarmLevels: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('alarm_controls').addColumn('level', 'text').execute();
    // tenant first: the monitor, the trees and the dashboards count a whole scope at once (index-only)
    await sql`create index alarms_open_terminal on alarms (tenant_id, terminal_id, alarm_type) include (end_time) where status = 0`.execute(db);
  },
  async down(db: Db) {
    await sql`drop index if exists alarms_open_terminal`.execute(db);
    await db.schema.alterTable('alarm_controls').dropColumn('level').execute();
  },
};
