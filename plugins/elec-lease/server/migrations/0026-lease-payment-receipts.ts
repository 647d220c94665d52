import { sql, type Kysely, type Migration } from '../../../../server/module';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 电动车租赁 收款 a shop can reconcile: each payment says what it is for (租金, 押金, 违约金,
 * 退押金) and how it was paid, and carries a receipt number numbered per tenant and year without
 * gaps (the counter moves in the payment's own transaction). Payments already recorded were rent
 * in cash; they get their receipts in the order they were taken.
 */
export const leasePaymentReceipts: Migration = {
  async up(db: Db) {
    await db.schema
      .alterTable('lease_payments')
      .addColumn('tenant_id', 'integer', (c) => c.references('tenants.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('rent').check(sql`kind in ('rent', 'deposit', 'penalty', 'refund')`))
      .addColumn('method', 'text', (c) => c.notNull().defaultTo('cash').check(sql`method in ('cash', 'wechat', 'alipay', 'bank', 'card', 'other')`))
      .addColumn('receipt_no', 'text')
      // of a rent payment, the part above the rent then owed, taken on the operator's confirmation
      .addColumn('prepaid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer')
      .addColumn('operator', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`update lease_payments p set tenant_id = c.tenant_id from lease_contracts c where c.id = p.contract_id`.execute(db);
    await sql`
      update lease_payments p set receipt_no = n.no from (
        select id, 'SJ-' || y || '-' || lpad(row_number() over (partition by tenant_id, y order by id)::text, 6, '0') as no
        from (select id, tenant_id, to_char(created_at + interval '8 hours', 'YYYY') as y from lease_payments) t
      ) n where n.id = p.id`.execute(db);
    await db.schema
      .createTable('lease_receipt_counters')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('lease_receipt_counters_pk', ['tenant_id', 'year'])
      .execute();
    await sql`
      insert into lease_receipt_counters (tenant_id, year, last)
      select tenant_id, substr(receipt_no, 4, 4)::int, count(*) from lease_payments group by tenant_id, substr(receipt_no, 4, 4)`.execute(db);
    await sql`alter table lease_payments alter column tenant_id set not null`.execute(db);
    await sql`alter table lease_payments alter column receipt_no set not null`.execute(db);
    await sql`create unique index lease_payments_receipt on lease_payments (tenant_id, receipt_no)`.execute(db);
  },
  async down(db: Db) {
    await db.schema.dropTable('lease_receipt_counters').execute();
    await sql`drop index lease_payments_receipt`.execute(db);
    for (const column of ['operator', 'created_by', 'note', 'prepaid', 'receipt_no', 'method', 'kind', 'tenant_id']) {
      await db.schema.alterTable('lease_payments').dropColumn(column).execute();
    }
  },
};
