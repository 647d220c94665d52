import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

const LIMIT_COLUMNS = [
  ['heart_rate_min', 'integer'],
  ['heart_rate_max', 'integer'],
  ['systolic_min', 'integer'],
  ['systolic_max', 'integer'],
  ['diastolic_min', 'integer'],
  ['diastolic_max', 'integer'],
  ['spo2_min', 'integer'],
  ['temperature_min', 'double precision'],
  ['temperature_max', 'double precision'],
] as const;

/**
 * 健康设置 grows blood pressure, SpO₂ and low body temperature limits (null in a tenant's saved row:
 * the defaults apply), and limits of a department (a person's profile 部门) or of one person that
 * override the tenant's field by field (a null column: inherited).
 */
export const healthLimits: Migration = {
  async up(db: Db) {
    for (const [name, type] of LIMIT_COLUMNS.slice(2, 8)) {
      await db.schema.alterTable('health_thresholds').addColumn(name, type).execute();
    }
    let table = db.schema
      .createTable('health_limit_overrides')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('department', 'text')
      .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('cascade'));
    for (const [name, type] of LIMIT_COLUMNS) table = table.addColumn(name, type);
    await table
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'integer')
      .addCheckConstraint('health_limit_overrides_one_target', sql`(department is null) <> (vehicle_id is null)`)
      .execute();
    await db.schema.createIndex('health_limit_overrides_department').unique().on('health_limit_overrides').columns(['tenant_id', 'department']).where(sql.ref('department'), 'is not', null).execute();
    await db.schema.createIndex('health_limit_overrides_person').unique().on('health_limit_overrides').column('vehicle_id').where(sql.ref('vehicle_id'), 'is not', null).execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('health_limit_overrides').execute();
    for (const [name] of LIMIT_COLUMNS.slice(2, 8)) await db.schema.alterTable('health_thresholds').dropColumn(name).execute();
  },
};
