import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * 插件设置: each tenant's values of the settings a sub-application declares (built-in or installed in
 * PLUGINS_DIR), by the sub-application's systemId. A tenant without a row uses the declared defaults;
 * the values are checked against the declaration when saved and when read.
 */
export const pluginSettings: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('plugin_settings')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('system_id', 'text', (c) => c.notNull())
      .addColumn('values', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'integer')
      .addPrimaryKeyConstraint('plugin_settings_pkey', ['tenant_id', 'system_id'])
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropTable('plugin_settings').execute();
  },
};
