import { sql, type Kysely, type Migration } from '../../../../server/module';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 系统管理 of assets: bulk imports waiting for confirmation (the checked rows of an uploaded
 * spreadsheet, kept until confirmed or expired) and indexes for the asset lists' searches.
 */
export const systemAssets: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('asset_imports')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      // vehicle | terminal
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
      // the valid rows, already normalised: [{row, values}]
      .addColumn('rows', 'jsonb', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('vehicles_tenant_expiry').on('vehicles').columns(['tenant_id', 'expiry_date']).execute();
    await db.schema.createIndex('vehicles_vin').on('vehicles').column('vin').execute();
  },
  async down(db: Db) {
    await db.schema.dropIndex('vehicles_vin').ifExists().execute();
    await db.schema.dropIndex('vehicles_tenant_expiry').ifExists().execute();
    await db.schema.dropTable('asset_imports').ifExists().execute();
  },
};
