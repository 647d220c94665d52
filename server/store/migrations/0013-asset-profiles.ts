import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * Assets of every kind keep the fields of their kind (a person's employee number and department,
 * a pet's species and owner phone, an e-bike's frame number and battery) in one JSON profile, and
 * their photos as uploaded images, each reachable by an unguessable name.
 */
export const assetProfiles: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('vehicles').addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
    await db.schema
      .createTable('media_files')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('data', 'bytea', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('media_files').execute();
    await db.schema.alterTable('vehicles').dropColumn('profile').execute();
  },
};
