import { Migrator, type Kysely, type Migration } from 'kysely';
import { dropSchemaCascade } from './drop-schema';
import { migratorView } from './migrator-view';

const MAX_IDENTIFIER = 63;

/**
 * The PostgreSQL schema an installed plugin's tables live in: `plugin_<systemId>` (lower case,
 * `-` as `_`); when the platform itself runs in a schema of its own (DATABASE_SCHEMA), that name
 * comes first (`<schema>_plugin_<systemId>`), so two platforms on one database keep their plugins apart.
 * Throws in Chinese when the name would pass PostgreSQL's 63 characters.
 */
export function pluginSchemaName(systemId: string, platformSchema?: string): string {
  const own = `plugin_${systemId.toLowerCase().replace(/-/g, '_')}`;
  const name = platformSchema && platformSchema !== 'public' ? `${platformSchema}_${own}` : own;
  if (name.length > MAX_IDENTIFIER) throw new Error(`插件的数据库 schema 名 ${name} 超过 ${MAX_IDENTIFIER} 个字符，请缩短 systemId`);
  return name;
}

/**
 * Runs a plugin's migrations in its schema (created when missing), with Kysely's bookkeeping tables
 * in that schema too: a plugin's migration names never meet the platform's or another plugin's.
 * Each migration gets the database bound to the schema (`withSchema`).
 */
export async function migratePluginSchema(db: Kysely<unknown>, schema: string, migrations: Readonly<Record<string, Migration>>): Promise<void> {
  if (Object.keys(migrations).length === 0) return;
  const migrator = new Migrator({
    db: migratorView(db.withSchema(schema), schema),
    provider: { getMigrations: async () => ({ ...migrations }) },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`数据库迁移 ${failed?.migrationName ?? ''} 失败：${reason}`);
  }
}

/** Drops a plugin's schema with its tables (tests on a throwaway PostgreSQL schema clean up with it). */
export async function dropPluginSchema(db: Kysely<unknown>, schema: string): Promise<void> {
  await dropSchemaCascade(db, schema);
}
