import { sql, type Kysely, type Migration } from '../../../../server/module';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 智能工牌 考勤: work areas (a circle where people work) and shifts (start, end, grace minutes and
 * weekdays at one work area) bound to people and to departments. Attendance itself is computed from
 * stored positions when asked, so a changed shift applies to past days too.
 */
export const attendance: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('work_areas')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('lon', 'double precision', (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('radius', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('work_areas_tenant_name', ['tenant_id', 'name'])
      .execute();
    await db.schema
      .createTable('work_shifts')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('work_area_id', 'integer', (c) => c.notNull().references('work_areas.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_minute', 'integer', (c) => c.notNull())
      .addColumn('end_minute', 'integer', (c) => c.notNull())
      .addColumn('grace_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weekdays', 'jsonb', (c) => c.notNull().defaultTo(sql`'[1,2,3,4,5]'::jsonb`))
      .addColumn('vehicle_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('departments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('work_shifts_tenant_name', ['tenant_id', 'name'])
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('work_shifts').execute();
    await db.schema.dropTable('work_areas').execute();
  },
};
