import { type Kysely, type Migration, sql } from '../../../../server/module';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 新国标 备案登记: one record per registered e-bike (owner, make, numbers and the specification
 * GB 17761-2018 limits), with the verdict of the compliance check stored beside it so reports
 * count without re-checking. A frame number is registered once per tenant.
 */
export const gbDeclarations: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('gb_declarations')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('record_no', 'text', (c) => c.notNull().unique())
      .addColumn('owner_name', 'text', (c) => c.notNull())
      .addColumn('owner_phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('frame_no', 'text', (c) => c.notNull())
      .addColumn('motor_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('plate_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('design_speed', 'real', (c) => c.notNull())
      .addColumn('mass', 'real', (c) => c.notNull())
      .addColumn('motor_power', 'integer', (c) => c.notNull())
      .addColumn('pedals', 'boolean', (c) => c.notNull())
      .addColumn('compliant', 'boolean', (c) => c.notNull())
      .addColumn('broken', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('gb_declarations_tenant_frame', ['tenant_id', 'frame_no'])
      .execute();
    await sql`create index gb_declarations_tenant on gb_declarations (tenant_id, compliant)`.execute(db);
  },
  async down(db: Db) {
    await db.schema.dropTable('gb_declarations').execute();
  },
};
