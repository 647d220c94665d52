import { type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/**
 * login_failures.ip: the lock counts failures per account and source address, so a stranger's
 * guesses lock out the stranger's address, not the owner. notices.user_id: a notice addressed to
 * one user (null: everyone its tenant_id reaches), e.g. the owner told of repeated failed logins.
 */
export const loginFailureSource: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('login_failures').addColumn('ip', 'text').execute();
    await db.schema.createIndex('login_failures_source_idx').on('login_failures').columns(['account', 'ip', 'at']).execute();
    await db.schema.alterTable('notices').addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade')).execute();
  },
  async down(db: Db) {
    await db.schema.alterTable('notices').dropColumn('user_id').execute();
    await db.schema.dropIndex('login_failures_source_idx').execute();
    await db.schema.alterTable('login_failures').dropColumn('ip').execute();
  },
};
