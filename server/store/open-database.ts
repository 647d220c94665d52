import { mkdir } from 'node:fs/promises';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './db-schema';
import { dropSchemaCascade } from './drop-schema';
import { migrationProvider } from './migrations/migration-list';
import { reportLostClient, reportLostConnections } from './pg-connection-errors';
import { migratorView } from './migrator-view';
import { PGliteDialect } from './pglite-dialect';
import { createPGlite } from './pglite-image';

export interface DatabaseOptions {
  /** PostgreSQL server; the embedded PGlite when absent. */
  databaseUrl?: string;
  /** PostgreSQL schema (created if missing, used as search_path). */
  schema?: string;
  /** Told once per connection the PostgreSQL server drops, idle or in use (the pool opens a new one when next needed). */
  onConnectionLost?: (err: Error) => void;
  /** Drop the schema on close: tests use a fresh schema per run. */
  dropSchemaOnClose?: boolean;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  pgliteDataDir: string;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function openPostgres(opts: DatabaseOptions & { databaseUrl: string }): Promise<OpenDatabase> {
  const schema = opts.schema;
  if (schema !== undefined) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}"`);
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    reportLostClient(client, (err) => opts.onConnectionLost?.(err));
    await client.connect();
    try {
      await client.query(`create schema if not exists "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  reportLostConnections(pool, (err) => opts.onConnectionLost?.(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async close() {
      if (schema && opts.dropSchemaOnClose) await dropSchemaCascade(db as Kysely<unknown>, schema);
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string): Promise<OpenDatabase> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const client = await createPGlite(dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** Opens PGlite or PostgreSQL and brings the schema to the latest migration. */
export async function openDatabase(opts: DatabaseOptions): Promise<OpenDatabase> {
  const opened = opts.databaseUrl
    ? await openPostgres({ ...opts, databaseUrl: opts.databaseUrl })
    : await openPGlite(opts.pgliteDataDir);
  try {
    await migrateToLatest(opened.db, opts.databaseUrl ? opts.schema : undefined);
  } catch (err) {
    await opened.close();
    throw err;
  }
  return opened;
}

/** `schema` keeps Kysely's bookkeeping tables there: its existence check looks across all schemas otherwise. */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db: schema ? migratorView(db, schema) : db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // PostgreSQL says where a statement failed (a function, a trigger, a constraint): keep it in the message
    const where = error && typeof error === 'object' && 'where' in error && typeof error.where === 'string' ? ` (${error.where})` : '';
    const reason = (error instanceof Error ? error.message : String(error ?? '')) + where;
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
