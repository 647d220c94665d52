import { sql, type Kysely } from 'kysely';
import type { Database } from './db-schema';
import { tenantInScope, type AccessScope } from './scope-queries';
import { privacyOf, type PrivacySettings } from './security-queries';

/** A user as 用户管理 shows it (no password hash). */
export interface AdminUserRow {
  id: number;
  account: string;
  name: string;
  phone: string | null;
  email: string;
  remark: string;
  tenantId: number;
  tenantName: string;
  roleId: number;
  roleName: string;
  disabled: boolean;
  createdAt: Date;
  groups: { id: number; name: string }[];
  /** What the user keeps from other users (安全中心). */
  privacy: PrivacySettings;
}

export interface UserFilter {
  /** Tenants to list (already narrowed to the caller's scope). */
  tenantIds: readonly number[];
  keyword?: string;
  /** Whose search it is: phones the other users hide are not matched. */
  viewerId?: number;
  offset: number;
  limit: number;
}

export interface AdminUserFields {
  name: string;
  phone: string | null;
  email: string;
  remark: string;
  roleId: number;
}

export interface NewAdminUser extends AdminUserFields {
  account: string;
  passwordHash: string;
  tenantId: number;
  passwordChangedAt: Date;
  groupIds: readonly number[];
}

export interface GroupRow {
  id: number;
  tenantId: number;
  parentId: number | null;
  name: string;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 用户管理: users of a tenant subtree and their vehicle-group scope. */
export class UserAdminQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private base(tenantIds: readonly number[]) {
    return this.db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenant_id')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .where('u.tenant_id', 'in', tenantIds.length ? [...tenantIds] : [-1]);
  }

  async page(filter: UserFilter): Promise<{ total: number; list: AdminUserRow[] }> {
    let q = this.base(filter.tenantIds);
    if (filter.keyword) {
      const like = likePattern(filter.keyword);
      const phoneShown = filter.viewerId === undefined ? sql<boolean>`true` : sql<boolean>`(u.id = ${filter.viewerId} or coalesce(u.privacy->>'hidePhone', '') <> 'true')`;
      q = q.where((eb) => eb.or([eb('u.account', 'like', like), eb('u.name', 'like', like), eb.and([eb('u.phone', 'like', like), phoneShown])]));
    }
    const [total, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q
        .select([
          'u.id', 'u.account', 'u.name', 'u.phone', 'u.email', 'u.remark', 'u.tenant_id as tenantId', 't.name as tenantName',
          'u.role_id as roleId', 'r.name as roleName', 'u.disabled', 'u.created_at as createdAt', 'u.privacy',
        ])
        .orderBy('u.tenant_id')
        .orderBy('u.id')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
    ]);
    const groups = await this.groupsOfUsers(rows.map((r) => r.id));
    return { total: Number(total.n), list: rows.map((r) => ({ ...r, privacy: privacyOf(r.privacy), groups: groups.get(r.id) ?? [] })) };
  }

  /** The user when it belongs to one of `tenantIds`. */
  async find(id: number, tenantIds: readonly number[]): Promise<AdminUserRow | undefined> {
    const row = await this.base(tenantIds)
      .where('u.id', '=', id)
      .select([
        'u.id', 'u.account', 'u.name', 'u.phone', 'u.email', 'u.remark', 'u.tenant_id as tenantId', 't.name as tenantName',
        'u.role_id as roleId', 'r.name as roleName', 'u.disabled', 'u.created_at as createdAt', 'u.privacy',
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return { ...row, privacy: privacyOf(row.privacy), groups: (await this.groupsOfUsers([id])).get(id) ?? [] };
  }

  private async groupsOfUsers(userIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const map = new Map<number, { id: number; name: string }[]>();
    if (userIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('user_groups as ug')
      .innerJoin('vehicle_groups as g', 'g.id', 'ug.group_id')
      .where('ug.user_id', 'in', [...userIds])
      .select(['ug.user_id as userId', 'g.id', 'g.name'])
      .orderBy('g.id')
      .execute();
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name }]);
    return map;
  }

  async accountTaken(account: string): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst()) !== undefined;
  }

  async phoneTaken(phone: string, exceptUserId?: number): Promise<boolean> {
    let q = this.db.selectFrom('users').select('id').where('phone', '=', phone);
    if (exceptUserId !== undefined) q = q.where('id', '<>', exceptUserId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(user: NewAdminUser): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          account: user.account,
          password_hash: user.passwordHash,
          name: user.name,
          phone: user.phone,
          email: user.email,
          remark: user.remark,
          tenant_id: user.tenantId,
          role_id: user.roleId,
          password_changed_at: user.passwordChangedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (user.groupIds.length) await trx.insertInto('user_groups').values(user.groupIds.map((group_id) => ({ user_id: row.id, group_id }))).execute();
      return row.id;
    });
  }

  /** Changes the fields and replaces the group scope (empty = every group of the tenant subtree). */
  async update(id: number, fields: AdminUserFields, groupIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ name: fields.name, phone: fields.phone, email: fields.email, remark: fields.remark, role_id: fields.roleId })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('user_groups').where('user_id', '=', id).execute();
      if (groupIds.length) await trx.insertInto('user_groups').values(groupIds.map((group_id) => ({ user_id: id, group_id }))).execute();
    });
  }

  async setDisabled(id: number, disabled: boolean): Promise<void> {
    await this.db.updateTable('users').set({ disabled }).where('id', '=', id).execute();
  }

  /** A new password; sessions opened before `changedAt` end at their next call. */
  async setPassword(id: number, passwordHash: string, changedAt: Date): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: changedAt }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** Vehicle groups of the given tenants, visible in the scope (a group-scoped caller sees only its groups). */
  async groups(tenantIds: readonly number[], scope: AccessScope): Promise<GroupRow[]> {
    let q = this.db
      .selectFrom('vehicle_groups as g')
      .select(['g.id', 'g.tenant_id as tenantId', 'g.parent_id as parentId', 'g.name'])
      .where('g.tenant_id', 'in', tenantIds.length ? [...tenantIds] : [-1])
      .where(tenantInScope(scope, 'g.tenant_id'));
    if (scope.groupIds !== null) q = q.where('g.id', 'in', scope.groupIds.length ? [...scope.groupIds] : [-1]);
    return q.orderBy('g.tenant_id').orderBy('g.sort').orderBy('g.id').execute();
  }

  /** How many users each role has. */
  async countByRole(roleIds: readonly number[]): Promise<Map<number, number>> {
    if (roleIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .where('role_id', 'in', [...roleIds])
      .select(['role_id as roleId', sql<string>`count(*)`.as('n')])
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
  }
}
