import { sql, type Kysely, type Migration } from '../../../../server/module';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 考勤 that HR can sign:
 * - work_shifts.member_starts: the day each binding of a shift (a person `v:<id>` or a department
 *   `d:<name>`) starts to apply; a shift saved before this column existed applies from its creation day.
 * - attendance_holidays: a tenant's own 节假日 entries over the official schedule (放假, 调休上班, or
 *   normal to set an official day back to its weekday).
 * - attendance_leaves: 请假 of a person over whole days, with its kind and reason.
 * - attendance_punches: 补卡, a punch an administrator records for a person's attendance day.
 */
export const attendanceRecords: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('work_shifts').addColumn('member_starts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
    await db.schema
      .createTable('attendance_holidays')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('holiday', 'workday', 'normal')`))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('attendance_holidays_pk', ['tenant_id', 'day'])
      .execute();
    await db.schema
      .createTable('attendance_leaves')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('start_day', 'date', (c) => c.notNull())
      .addColumn('end_day', 'date', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('attendance_leaves_range', sql`end_day >= start_day`)
      .execute();
    await db.schema.createIndex('attendance_leaves_person').on('attendance_leaves').columns(['vehicle_id', 'start_day']).execute();
    await db.schema
      .createTable('attendance_punches')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('punch', 'text', (c) => c.notNull().check(sql`punch in ('in', 'out')`))
      .addColumn('minute', 'integer', (c) => c.notNull().check(sql`minute >= 0 and minute < 1440`))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('attendance_punches_person').on('attendance_punches').columns(['vehicle_id', 'day']).execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('attendance_punches').execute();
    await db.schema.dropTable('attendance_leaves').execute();
    await db.schema.dropTable('attendance_holidays').execute();
    await db.schema.alterTable('work_shifts').dropColumn('member_starts').execute();
  },
};
