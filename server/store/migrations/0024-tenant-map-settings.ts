import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 地图设置 per tenant: the basemap provider the console draws (auto: 高德 keyless tiles when the
 * browser reaches them, the offline basemap otherwise) and the tenant's own keys of the map
 * services. A tenant without a row uses the server's MAP_PROVIDER / MAP_KEY / GEOCODER defaults.
 */
export const tenantMapSettings: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('tenant_map_settings')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('auto', 'amap', 'tencent', 'baidu', 'tianditu', 'osm', 'offline')`))
      .addColumn('amap_key', 'text')
      .addColumn('tencent_key', 'text')
      .addColumn('baidu_key', 'text')
      .addColumn('tianditu_key', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'integer')
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('tenant_map_settings').execute();
  },
};
