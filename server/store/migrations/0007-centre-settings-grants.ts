import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<any>: they must keep working when db-schema.ts moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Db = Kysely<any>;

/** The centre's tenant settings: the group 设置 and 告警设置 推送设置 健康设置. */
const SETTINGS = [4003, 400301, 400302, 400303];

/**
 * The centre's settings change the whole tenant, so they became per-role grants (they used to
 * come with every role). Roles that exist keep them; new roles get them only when granted.
 */
export const centreSettingsGrants: Migration = {
  async up(db: Db) {
    await sql`
      insert into role_resources (role_id, resource_id)
      select r.id, s.id from roles r cross join resources s
      where s.id in (${sql.join(SETTINGS)})
      on conflict do nothing`.execute(db);
  },
  async down() {
    // grants stay: they are data
  },
};
