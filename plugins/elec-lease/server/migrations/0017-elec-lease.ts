import { sql, type Kysely, type Migration } from '../../../../server/module';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 电动车租赁: renters (租户), contracts for a tenant's e-bikes with their payments (收款), each
 * tenant's 租赁设置 (automatic 断电 after N days overdue), and the 维修中 flag of an asset that
 * 收入概览 counts apart from the idle ones. An e-bike is in at most one open contract
 * (待生效, 租赁中 or 已逾期): a partial unique index says so even when two operators sign at once.
 */
export const elecLease: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('vehicles').addColumn('in_repair', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema
      .createTable('lease_renters')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('id_no', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('lease_renters_tenant_id_no', ['tenant_id', 'id_no'])
      .execute();
    await db.schema
      .createTable('lease_contracts')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('contract_no', 'text', (c) => c.notNull().unique())
      .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
      .addColumn('renter_id', 'integer', (c) => c.notNull().references('lease_renters.id').onDelete('restrict'))
      .addColumn('start_date', 'date', (c) => c.notNull())
      .addColumn('end_date', 'date', (c) => c.notNull())
      // money in fen (分): exact sums
      .addColumn('monthly_rent', 'integer', (c) => c.notNull())
      .addColumn('deposit', 'integer', (c) => c.notNull())
      // pending 待生效, active 租赁中, overdue 已逾期, returned 已退租, terminated 已终止
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('closed_date', 'date')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('overdue_at', 'timestamptz')
      // automatic 断电: when it was sent (or last refused because the e-bike was moving)
      .addColumn('cut_at', 'timestamptz')
      .addColumn('cut_tried_at', 'timestamptz')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create unique index lease_contracts_open_vehicle on lease_contracts (vehicle_id) where status in ('pending', 'active', 'overdue')`.execute(db);
    await sql`create index lease_contracts_tenant on lease_contracts (tenant_id, status)`.execute(db);
    await db.schema
      .createTable('lease_payments')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('contract_id', 'integer', (c) => c.notNull().references('lease_contracts.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('paid_date', 'date', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index lease_payments_contract on lease_payments (contract_id)`.execute(db);
    await db.schema
      .createTable('lease_settings')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
      .addColumn('auto_cut', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('auto_cut_days', 'integer', (c) => c.notNull().defaultTo(3))
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('lease_settings').execute();
    await db.schema.dropTable('lease_payments').execute();
    await db.schema.dropTable('lease_contracts').execute();
    await db.schema.dropTable('lease_renters').execute();
    await db.schema.alterTable('vehicles').dropColumn('in_repair').execute();
  },
};
