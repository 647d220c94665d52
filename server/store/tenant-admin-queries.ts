import type { Kysely } from 'kysely';
import type { TenantKind } from '../../sdk/system-admin';
import type { Database } from './db-schema';

export interface TenantRow {
  id: number;
  parentId: number | null;
  name: string;
  kind: TenantKind;
  contact: string;
  phone: string;
  remark: string;
  createdAt: Date;
  userCount: number;
  vehicleCount: number;
}

export interface TenantFields {
  name: string;
  kind: TenantKind;
  contact: string;
  phone: string;
  remark: string;
}

/** What keeps a tenant from being deleted. */
export interface TenantContents {
  children: number;
  users: number;
  vehicles: number;
  terminals: number;
}

export interface NewTenantWithAdmin extends TenantFields {
  parentId: number;
  admin: { account: string; passwordHash: string; name: string; phone: string | null; passwordChangedAt: Date };
  roleName: string;
  platformIds: readonly number[];
  resourceIds: readonly number[];
}

const count = (n: unknown) => Number(n ?? 0);

/** 客户管理: the tenant hierarchy as administrators edit it. Callers pass ids already checked against the scope. */
export class TenantAdminQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tenants with their direct user and vehicle counts, in creation order. */
  async list(tenantIds: readonly number[]): Promise<TenantRow[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('tenants as t')
      .where('t.id', 'in', [...tenantIds])
      .select((eb) => [
        't.id',
        't.parent_id as parentId',
        't.name',
        't.kind',
        't.contact',
        't.phone',
        't.remark',
        't.created_at as createdAt',
        eb.selectFrom('users').whereRef('users.tenant_id', '=', 't.id').select((e) => e.fn.countAll().as('n')).as('userCount'),
        eb.selectFrom('vehicles').whereRef('vehicles.tenant_id', '=', 't.id').select((e) => e.fn.countAll().as('n')).as('vehicleCount'),
      ])
      .orderBy('t.id')
      .execute();
    return rows.map((r) => ({ ...r, kind: r.kind as TenantKind, userCount: count(r.userCount), vehicleCount: count(r.vehicleCount) }));
  }

  async find(id: number): Promise<TenantRow | undefined> {
    return (await this.list([id]))[0];
  }

  /** Tenant names are unique across the installation (login pages and seeds find tenants by name). */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('tenants').select('id').where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async contents(id: number): Promise<TenantContents> {
    const n = (table: 'tenants' | 'users' | 'vehicles' | 'terminals') =>
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(table === 'tenants' ? 'parent_id' : 'tenant_id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => count(r.n));
    const [children, users, vehicles, terminals] = await Promise.all([n('tenants'), n('users'), n('vehicles'), n('terminals')]);
    return { children, users, vehicles, terminals };
  }

  /** The tenant, its 管理员 role (granted as given) and its first administrator, in one transaction. */
  async createWithAdmin(t: NewTenantWithAdmin): Promise<{ tenantId: number; roleId: number; userId: number }> {
    return this.db.transaction().execute(async (trx) => {
      const tenant = await trx
        .insertInto('tenants')
        .values({ parent_id: t.parentId, name: t.name, kind: t.kind, contact: t.contact, phone: t.phone, remark: t.remark })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await trx
        .insertInto('roles')
        .values({ tenant_id: tenant.id, name: t.roleName, remark: '客户管理员' })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (t.platformIds.length) await trx.insertInto('role_platforms').values(t.platformIds.map((platform_id) => ({ role_id: role.id, platform_id }))).execute();
      if (t.resourceIds.length) await trx.insertInto('role_resources').values(t.resourceIds.map((resource_id) => ({ role_id: role.id, resource_id }))).execute();
      const user = await trx
        .insertInto('users')
        .values({
          account: t.admin.account,
          password_hash: t.admin.passwordHash,
          name: t.admin.name,
          phone: t.admin.phone,
          tenant_id: tenant.id,
          role_id: role.id,
          password_changed_at: t.admin.passwordChangedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { tenantId: tenant.id, roleId: role.id, userId: user.id };
    });
  }

  async setKind(id: number, kind: TenantKind): Promise<void> {
    await this.db.updateTable('tenants').set({ kind }).where('id', '=', id).where('kind', '<>', kind).execute();
  }

  async update(id: number, fields: TenantFields): Promise<void> {
    await this.db.updateTable('tenants').set(fields).where('id', '=', id).execute();
  }

  /** Deletes an empty tenant with its roles and vehicle groups. */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('vehicle_groups').where('tenant_id', '=', id).execute();
      await trx.deleteFrom('roles').where('tenant_id', '=', id).execute();
      await trx.deleteFrom('tenants').where('id', '=', id).execute();
    });
  }
}
