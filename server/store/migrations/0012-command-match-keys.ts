import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * Commands to GT06 and watch-protocol devices are matched to their answers by a key the protocol
 * defines (GT06: the server flag; watch: the command word), not by a JT/T 808 serial.
 */
export const commandMatchKeys: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('commands').addColumn('match_key', 'text').execute();
    await sql`create index commands_match_key on commands (terminal_no, match_key) where match_key is not null`.execute(db);
  },
  async down(db: Db) {
    await sql`drop index if exists commands_match_key`.execute(db);
    await db.schema.alterTable('commands').dropColumn('match_key').execute();
  },
};
