import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface Tenant {
  id: number;
  parentId: number | null;
  name: string;
}

export interface Role {
  id: number;
  tenantId: number;
  name: string;
}

/** Tenants (a hierarchy through parentId), their roles and role grants. */
export class OrgQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async findTenantByName(name: string): Promise<Tenant | undefined> {
    return this.db.selectFrom('tenants').select(['id', 'parent_id as parentId', 'name']).where('name', '=', name).orderBy('id').executeTakeFirst();
  }

  async createTenant(name: string, parentId: number | null = null): Promise<Tenant> {
    return this.db.insertInto('tenants').values({ name, parent_id: parentId }).returning(['id', 'parent_id as parentId', 'name']).executeTakeFirstOrThrow();
  }

  /** The role of that name in the tenant, created when missing. */
  async ensureRole(tenantId: number, name: string): Promise<Role> {
    await this.db.insertInto('roles').values({ tenant_id: tenantId, name }).onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing()).execute();
    return this.db
      .selectFrom('roles')
      .select(['id', 'tenant_id as tenantId', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }

  /** The platforms (sub-applications) any role of the tenant is granted: what the tenant has. */
  async tenantPlatforms(tenantId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('role_platforms')
      .innerJoin('roles', 'roles.id', 'role_platforms.role_id')
      .select('role_platforms.platform_id')
      .distinct()
      .where('roles.tenant_id', '=', tenantId)
      .execute();
    return new Set(rows.map((r) => r.platform_id));
  }

  async grantPlatforms(roleId: number, platformIds: readonly number[]): Promise<void> {
    if (platformIds.length === 0) return;
    await this.db
      .insertInto('role_platforms')
      .values(platformIds.map((platform_id) => ({ role_id: roleId, platform_id })))
      .onConflict((oc) => oc.columns(['role_id', 'platform_id']).doNothing())
      .execute();
  }

  async grantResources(roleId: number, resourceIds: readonly number[]): Promise<void> {
    if (resourceIds.length === 0) return;
    await this.db
      .insertInto('role_resources')
      .values(resourceIds.map((resource_id) => ({ role_id: roleId, resource_id })))
      .onConflict((oc) => oc.columns(['role_id', 'resource_id']).doNothing())
      .execute();
  }
}
