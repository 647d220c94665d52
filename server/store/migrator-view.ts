import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';

/**
 * The database as the migrator sees it, its table lookup kept to `schema`. Kysely's own lookup reads
 * every column of every table of every schema and resolves each one by name, so a schema another
 * connection drops meanwhile (another server's, a finished test's) fails it with "relation … does
 * not exist"; the tables of one schema are all the migrator needs.
 */
export function migratorView<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: (options) => db.introspection.getMetadata(options),
    async getTables() {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((r): TableMetadata => ({ name: r.name, schema, isView: false, columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      // Kysely keeps its state in private fields: its methods run on the database itself
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
