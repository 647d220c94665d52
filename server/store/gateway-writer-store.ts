import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './db-schema';
import { FleetQueries } from './fleet-queries';
import { reportLostConnections } from './pg-connection-errors';
import { PositionQueries } from './position-queries';

/** What a gateway worker process needs of PostgreSQL: terminal lookups and its own batch writer. */
export interface GatewayWriterStore {
  fleet: FleetQueries;
  positions: PositionQueries;
  close(): Promise<void>;
}

export interface GatewayWriterStoreOptions {
  databaseUrl: string;
  /** Schema already migrated by the primary (search_path); default `public`. */
  schema?: string;
  /** Connections: the batcher's commits in flight plus lookups at login. Default 4. */
  poolSize?: number;
  /** Told once per connection the server drops, idle or in use (the pool opens a new one when next needed). */
  onConnectionLost?: (err: Error) => void;
}

/**
 * A small pool on a schema the primary has opened and migrated. It runs no migration and loads
 * no catalogue: several worker processes open it at once and only write positions.
 */
export function openGatewayWriterStore(options: GatewayWriterStoreOptions): GatewayWriterStore {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 4,
    ...(options.schema ? { options: `-c search_path="${options.schema}"` } : {}),
  });
  reportLostConnections(pool, (err) => options.onConnectionLost?.(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { fleet: new FleetQueries(db), positions: new PositionQueries(db), close: () => db.destroy() };
}
