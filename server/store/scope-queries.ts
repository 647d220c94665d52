import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { PartAsset } from '../../sdk/server';
import type { Database } from './db-schema';

/**
 * What a user may see: their own tenant and every tenant below it, narrowed to a set of vehicle
 * groups (with their subgroups) when the user has a group scope. Every query that returns or
 * changes tenant data filters by it.
 */
export interface AccessScope {
  userId: number;
  /** The user's own tenant. */
  tenantId: number;
  /** The user's tenant first, then every descendant tenant. */
  tenantIds: readonly number[];
  /** null: no group restriction. Otherwise the allowed groups and all their subgroups (assets without a group are outside). */
  groupIds: readonly number[] | null;
}

/**
 * A filter for queries over assets: `tenantColumn` in the scope's tenants and, for a group-scoped
 * user, `groupColumn` in the scope's groups. Column references are raw SQL names such as `t.tenant_id`.
 */
export function assetInScope(scope: Pick<AccessScope, 'tenantIds' | 'groupIds'>, tenantColumn: string, groupColumn: string): Expression<SqlBool> {
  const tenantIds = scope.tenantIds.length > 0 ? scope.tenantIds : [-1];
  const tenantPart = sql<SqlBool>`${sql.ref(tenantColumn)} in (${sql.join(tenantIds)})`;
  if (scope.groupIds === null) return tenantPart;
  const groupIds = scope.groupIds.length > 0 ? scope.groupIds : [-1];
  return sql<SqlBool>`(${tenantPart} and ${sql.ref(groupColumn)} in (${sql.join(groupIds)}))`;
}

/** `tenantColumn` in the scope's tenants (for tenant data that is not tied to a vehicle group). */
export function tenantInScope(scope: Pick<AccessScope, 'tenantIds'>, tenantColumn: string): Expression<SqlBool> {
  const tenantIds = scope.tenantIds.length > 0 ? scope.tenantIds : [-1];
  return sql<SqlBool>`${sql.ref(tenantColumn)} in (${sql.join(tenantIds)})`;
}

export type AnyExpressionBuilder = ExpressionBuilder<Database, keyof Database>;

export class ScopeQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** The scope of a user, read fresh (role, tenant or group changes apply on the next call). */
  async forUser(user: { id: number; tenantId: number }): Promise<AccessScope> {
    const [tenantIds, groups] = await Promise.all([
      this.tenantSubtree(user.tenantId),
      this.db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).execute(),
    ]);
    const groupIds = groups.length === 0 ? null : await this.groupSubtree(groups.map((g) => g.group_id));
    return { userId: user.id, tenantId: user.tenantId, tenantIds, groupIds };
  }

  /** The tenant and every tenant below it (the tenant first). */
  async tenantSubtree(tenantId: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      with recursive sub(id, depth) as (
        select id, 0 from tenants where id = ${tenantId}
        union all
        select t.id, sub.depth + 1 from tenants t join sub on t.parent_id = sub.id
      )
      select id from sub order by depth, id`.execute(this.db);
    return rows.rows.map((r) => Number(r.id));
  }

  /** The groups and every subgroup of them. */
  async groupSubtree(groupIds: readonly number[]): Promise<number[]> {
    if (groupIds.length === 0) return [];
    const rows = await sql<{ id: number }>`
      with recursive sub(id) as (
        select id from vehicle_groups where id in (${sql.join(groupIds)})
        union
        select g.id from vehicle_groups g join sub on g.parent_id = sub.id
      )
      select id from sub order by id`.execute(this.db);
    return rows.rows.map((r) => Number(r.id));
  }

  /**
   * The terminals a scope may see, with the asset each is bound to (an installed plugin's route asks
   * with `assets()`): plate or name, kind, tenant and group; ordered by name.
   */
  async assets(scope: AccessScope): Promise<PartAsset[]> {
    const rows = await this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .where(assetInScope(scope, 't.tenant_id', 'v.group_id'))
      .select(['t.id as terminalId', 't.terminal_no as terminalNo', 't.display_no as displayNo', 'v.plate_no as plateNo', 'v.asset_kind as assetKind', 't.tenant_id as tenantId', 'v.group_id as groupId'])
      .orderBy(sql`coalesce(v.plate_no, t.display_no)`)
      .orderBy('t.id')
      .execute();
    return rows.map((r) => ({
      terminalId: r.terminalId,
      terminalNo: r.terminalNo,
      displayNo: r.displayNo,
      name: r.plateNo ?? r.displayNo,
      assetKind: r.assetKind ?? null,
      tenantId: r.tenantId,
      groupId: r.groupId ?? null,
    }));
  }

  /** Whether `tenantId` is the scope's tenant or below it. */
  static includesTenant(scope: AccessScope, tenantId: number): boolean {
    return scope.tenantIds.includes(tenantId);
  }

  /** Whether an asset of that tenant and group is visible in the scope. */
  static includesAsset(scope: Pick<AccessScope, 'tenantIds' | 'groupIds'>, tenantId: number, groupId: number | null): boolean {
    if (!scope.tenantIds.includes(tenantId)) return false;
    if (scope.groupIds === null) return true;
    return groupId !== null && scope.groupIds.includes(groupId);
  }
}
