import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * Terminals of several protocols: each terminal says which protocol it speaks (jt808, gt06,
 * watch). JT/T 808 terminals are known by their phone number, the others by their IMEI; both
 * live in terminal_no, which stays unique.
 */
export const terminalProtocols: Migration = {
  async up(db: Db) {
    await db.schema
      .alterTable('terminals')
      .addColumn('protocol', 'text', (c) => c.notNull().defaultTo('jt808'))
      .execute();
    await sql`create index terminals_protocol on terminals (tenant_id, protocol)`.execute(db);
  },
  async down(db: Db) {
    await sql`drop index if exists terminals_protocol`.execute(db);
    await db.schema.alterTable('terminals').dropColumn('protocol').execute();
  },
};
