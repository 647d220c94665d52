import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 宠物守护: a pet's 安全区域 are circle fences of their own kind (kept apart from 电子围栏, bound to
 * the one pet), and a pet in 寻宠模式 (lost mode) is remembered until the mode is cancelled.
 */
export const petGuard: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('fences').addColumn('kind', 'text', (c) => c.notNull().defaultTo('fence')).execute();
    // fence names stay unique in a tenant; every pet may have its own 家 or 公园
    await db.schema.alterTable('fences').dropConstraint('fences_tenant_name_unique').execute();
    await sql`create unique index fences_tenant_name_unique on fences (tenant_id, name) where kind = 'fence'`.execute(db);
    await db.schema
      .createTable('pet_lost_modes')
      .addColumn('vehicle_id', 'integer', (c) => c.primaryKey().references('vehicles.id').onDelete('cascade'))
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('started_by', 'integer')
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('pet_lost_modes').execute();
    await db.deleteFrom('fences').where('kind', '<>', 'fence').execute();
    await sql`drop index fences_tenant_name_unique`.execute(db);
    await db.schema.alterTable('fences').addUniqueConstraint('fences_tenant_name_unique', ['tenant_id', 'name']).execute();
    await db.schema.alterTable('fences').dropColumn('kind').execute();
  },
};
