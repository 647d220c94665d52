import { sql, type Kysely } from 'kysely';
import type { TenantChoice } from '../../sdk/system-admin';
import type { Database } from './db-schema';
import { tenantInScope, type AccessScope } from './scope-queries';

/** A vehicle group as 车组管理 shows it. */
export interface GroupRecord {
  id: number;
  tenantId: number;
  parentId: number | null;
  name: string;
  sort: number;
  /** Vehicles directly in the group (not its subgroups). */
  vehicleCount: number;
}

/** Vehicle groups (a tree per tenant), read and changed within an access scope. */
export class GroupAdminQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped(scope: AccessScope) {
    let q = this.db.selectFrom('vehicle_groups as g').where(tenantInScope(scope, 'g.tenant_id'));
    if (scope.groupIds !== null) q = q.where('g.id', 'in', scope.groupIds.length ? [...scope.groupIds] : [-1]);
    return q;
  }

  private selectRecord(scope: AccessScope) {
    return this.scoped(scope).select([
      'g.id', 'g.tenant_id as tenantId', 'g.parent_id as parentId', 'g.name', 'g.sort',
      sql<number>`(select count(*) from vehicles v where v.group_id = g.id)`.as('vehicleCount'),
    ]);
  }

  /** The scope's tenants (own first, then below it) for choosing a customer. */
  async tenants(scope: AccessScope): Promise<TenantChoice[]> {
    const rows = await this.db
      .selectFrom('tenants')
      .select(['id', 'name', 'parent_id as parentId'])
      .where(tenantInScope(scope, 'id'))
      .execute();
    const order = new Map(scope.tenantIds.map((id, i) => [id, i]));
    return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  /** Every group visible in the scope, ordered for display (sort, then id). */
  async list(scope: AccessScope): Promise<GroupRecord[]> {
    const rows = await this.selectRecord(scope).orderBy('g.sort').orderBy('g.id').execute();
    return rows.map((r) => ({ ...r, vehicleCount: Number(r.vehicleCount) }));
  }

  async find(scope: AccessScope, id: number): Promise<GroupRecord | undefined> {
    const row = await this.selectRecord(scope).where('g.id', '=', id).executeTakeFirst();
    return row && { ...row, vehicleCount: Number(row.vehicleCount) };
  }

  /** Ids of the group and every group below it. */
  async subtree(id: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      with recursive sub(id) as (
        select id from vehicle_groups where id = ${id}
        union
        select g.id from vehicle_groups g join sub on g.parent_id = sub.id
      )
      select id from sub`.execute(this.db);
    return rows.rows.map((r) => Number(r.id));
  }

  async childCount(id: number): Promise<number> {
    const row = await this.db.selectFrom('vehicle_groups').select((eb) => eb.fn.countAll().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Another group than `exceptId` under the same parent with this name. */
  async siblingNameTaken(tenantId: number, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('vehicle_groups').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
    q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** The next sort position under a parent (new and moved groups go last). */
  private async nextSort(tenantId: number, parentId: number | null): Promise<number> {
    let q = this.db.selectFrom('vehicle_groups').select((eb) => eb.fn.max('sort').as('m')).where('tenant_id', '=', tenantId);
    q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    const row = await q.executeTakeFirst();
    return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
  }

  async insert(tenantId: number, parentId: number | null, name: string): Promise<number> {
    const sort = await this.nextSort(tenantId, parentId);
    const row = await this.db.insertInto('vehicle_groups').values({ tenant_id: tenantId, parent_id: parentId, name, sort }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.updateTable('vehicle_groups').set({ name }).where('id', '=', id).execute();
  }

  async move(id: number, tenantId: number, parentId: number | null): Promise<void> {
    const sort = await this.nextSort(tenantId, parentId);
    await this.db.updateTable('vehicle_groups').set({ parent_id: parentId, sort }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('vehicle_groups').where('id', '=', id).execute();
  }
}
