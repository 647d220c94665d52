import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface RoleRow {
  id: number;
  tenantId: number;
  tenantName: string;
  name: string;
  remark: string;
  createdAt: Date;
  userCount: number;
}

import type { RoleGrants } from '../../sdk/system-admin';

export type { RoleGrants };

export interface RoleFilter {
  tenantIds: readonly number[];
  keyword?: string;
  offset: number;
  limit: number;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 角色管理: roles of a tenant subtree and what they grant. Callers pass tenant ids already checked against the scope. */
export class RoleQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private base(tenantIds: readonly number[]) {
    return this.db
      .selectFrom('roles as r')
      .innerJoin('tenants as t', 't.id', 'r.tenant_id')
      .where('r.tenant_id', 'in', tenantIds.length ? [...tenantIds] : [-1]);
  }

  async page(filter: RoleFilter): Promise<{ total: number; list: RoleRow[] }> {
    let q = this.base(filter.tenantIds);
    if (filter.keyword) {
      const like = likePattern(filter.keyword);
      q = q.where((eb) => eb.or([eb('r.name', 'like', like), eb('r.remark', 'like', like)]));
    }
    const [total, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q
        .select((eb) => [
          'r.id', 'r.tenant_id as tenantId', 't.name as tenantName', 'r.name', 'r.remark', 'r.created_at as createdAt',
          eb.selectFrom('users').whereRef('users.role_id', '=', 'r.id').select((e) => e.fn.countAll().as('n')).as('userCount'),
        ])
        .orderBy('r.tenant_id')
        .orderBy('r.id')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
    ]);
    return { total: Number(total.n), list: rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0) })) };
  }

  /** The role when it belongs to one of `tenantIds`. */
  async find(id: number, tenantIds: readonly number[]): Promise<RoleRow | undefined> {
    const row = await this.base(tenantIds)
      .where('r.id', '=', id)
      .select((eb) => [
        'r.id', 'r.tenant_id as tenantId', 't.name as tenantName', 'r.name', 'r.remark', 'r.created_at as createdAt',
        eb.selectFrom('users').whereRef('users.role_id', '=', 'r.id').select((e) => e.fn.countAll().as('n')).as('userCount'),
      ])
      .executeTakeFirst();
    return row && { ...row, userCount: Number(row.userCount ?? 0) };
  }

  /** Roles of one tenant, by name (for pickers). */
  async ofTenant(tenantId: number): Promise<{ id: number; name: string }[]> {
    return this.db.selectFrom('roles').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  }

  async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** What the role stores (platforms and resource ids, whether or not the platform is granted). */
  async grants(roleId: number): Promise<RoleGrants> {
    const [platforms, resources] = await Promise.all([
      this.db.selectFrom('role_platforms').select('platform_id').where('role_id', '=', roleId).orderBy('platform_id').execute(),
      this.db.selectFrom('role_resources').select('resource_id').where('role_id', '=', roleId).orderBy('resource_id').execute(),
    ]);
    return { platformIds: platforms.map((p) => p.platform_id), resourceIds: resources.map((r) => r.resource_id) };
  }

  async create(tenantId: number, name: string, remark: string, grants: RoleGrants): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('roles').values({ tenant_id: tenantId, name, remark }).returning('id').executeTakeFirstOrThrow();
      await this.writeGrants(trx, row.id, grants);
      return row.id;
    });
  }

  /** Renames the role and replaces its grants; its users get the new grants at their next call. */
  async update(id: number, name: string, remark: string, grants: RoleGrants): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set({ name, remark }).where('id', '=', id).execute();
      await trx.deleteFrom('role_platforms').where('role_id', '=', id).execute();
      await trx.deleteFrom('role_resources').where('role_id', '=', id).execute();
      await this.writeGrants(trx, id, grants);
    });
  }

  private async writeGrants(trx: Kysely<Database>, roleId: number, grants: RoleGrants): Promise<void> {
    if (grants.platformIds.length) await trx.insertInto('role_platforms').values(grants.platformIds.map((platform_id) => ({ role_id: roleId, platform_id }))).execute();
    if (grants.resourceIds.length) await trx.insertInto('role_resources').values(grants.resourceIds.map((resource_id) => ({ role_id: roleId, resource_id }))).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('roles').where('id', '=', id).execute();
  }
}
