import { sql, type Kysely, type Transaction } from 'kysely';
import type { FenceTrigger } from '../../sdk/fence';
import type { Database } from './db-schema';
import { assetInScope, tenantInScope, type AccessScope } from './scope-queries';

/** A fence as stored (WGS84), with the vehicles and groups it is bound to. */
export interface FenceRecord {
  id: number;
  tenantId: number;
  name: string;
  shape: 'circle' | 'polygon';
  center: [number, number] | null;
  radius: number | null;
  points: [number, number][] | null;
  trigger: FenceTrigger;
  vehicleIds: number[];
  groupIds: number[];
  /** fence: 电子围栏; safeZone: a pet's 安全区域 (宠物守护). */
  kind: FenceKind;
  createTime: Date;
}

export type FenceKind = 'fence' | 'safeZone';

export type FenceInput = Omit<FenceRecord, 'id' | 'tenantId' | 'createTime' | 'kind'>;

interface FenceRow {
  id: number;
  tenant_id: number;
  name: string;
  shape: string;
  center_lon: number | null;
  center_lat: number | null;
  radius: number | null;
  points: unknown;
  trigger: string;
  kind: string;
  created_at: Date;
}

function toRecord(r: FenceRow, vehicleIds: number[], groupIds: number[]): FenceRecord {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    shape: r.shape === 'polygon' ? 'polygon' : 'circle',
    center: r.center_lon === null || r.center_lat === null ? null : [r.center_lon, r.center_lat],
    radius: r.radius,
    points: (r.points as [number, number][] | null) ?? null,
    trigger: r.trigger as FenceTrigger,
    vehicleIds,
    groupIds,
    kind: r.kind === 'safeZone' ? 'safeZone' : 'fence',
    createTime: r.created_at,
  };
}

/** Fences (电子围栏), their bindings and the last known side of each bound terminal. */
export class FenceQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private async withBindings(rows: FenceRow[], scope?: AccessScope): Promise<FenceRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    let vq = this.db.selectFrom('fence_vehicles as fv').innerJoin('vehicles as v', 'v.id', 'fv.vehicle_id').select(['fv.fence_id', 'fv.vehicle_id']).where('fv.fence_id', 'in', ids);
    let gq = this.db.selectFrom('fence_groups as fg').innerJoin('vehicle_groups as g', 'g.id', 'fg.group_id').select(['fg.fence_id', 'fg.group_id']).where('fg.fence_id', 'in', ids);
    if (scope) {
      vq = vq.where(assetInScope(scope, 'v.tenant_id', 'v.group_id'));
      gq = gq.where(tenantInScope(scope, 'g.tenant_id'));
      if (scope.groupIds) gq = gq.where('fg.group_id', 'in', scope.groupIds.length ? [...scope.groupIds] : [-1]);
    }
    const [vehicles, groups] = await Promise.all([vq.orderBy('fv.vehicle_id').execute(), gq.orderBy('fg.group_id').execute()]);
    return rows.map((r) => toRecord(
      r,
      vehicles.filter((v) => v.fence_id === r.id).map((v) => v.vehicle_id),
      groups.filter((g) => g.fence_id === r.id).map((g) => g.group_id),
    ));
  }

  /** Fences of the scope's tenants; bindings outside the scope are left out. */
  async list(scope: AccessScope): Promise<FenceRecord[]> {
    const rows = await this.db.selectFrom('fences as f').selectAll('f').where(tenantInScope(scope, 'f.tenant_id')).where('f.kind', '=', 'fence').orderBy('f.id').execute();
    return this.withBindings(rows, scope);
  }

  /** The fence when it belongs to one of the scope's tenants. */
  async find(scope: AccessScope, id: number): Promise<FenceRecord | undefined> {
    const row = await this.db.selectFrom('fences as f').selectAll('f').where('f.id', '=', id).where(tenantInScope(scope, 'f.tenant_id')).where('f.kind', '=', 'fence').executeTakeFirst();
    return row ? (await this.withBindings([row], scope))[0] : undefined;
  }

  /** Whether a fence of that name exists in the tenant (other than `exceptId`). */
  async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('fences').select('id').where('tenant_id', '=', tenantId).where('kind', '=', 'fence').where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Of these vehicle ids, those in the scope. */
  async vehiclesInScope(scope: AccessScope, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('vehicles as v').select('v.id').where('v.id', 'in', [...ids]).where(assetInScope(scope, 'v.tenant_id', 'v.group_id')).execute();
    return rows.map((r) => r.id);
  }

  /** Of these group ids, those in the scope. */
  async groupsInScope(scope: AccessScope, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    let q = this.db.selectFrom('vehicle_groups as g').select('g.id').where('g.id', 'in', [...ids]).where(tenantInScope(scope, 'g.tenant_id'));
    if (scope.groupIds) q = q.where('g.id', 'in', scope.groupIds.length ? [...scope.groupIds] : [-1]);
    return (await q.execute()).map((r) => r.id);
  }

  private static columns(input: FenceInput) {
    return {
      name: input.name,
      shape: input.shape,
      center_lon: input.shape === 'circle' ? input.center![0] : null,
      center_lat: input.shape === 'circle' ? input.center![1] : null,
      radius: input.shape === 'circle' ? input.radius : null,
      points: input.shape === 'polygon' ? JSON.stringify(input.points) : null,
      trigger: input.trigger,
    };
  }

  /**
   * Replaces the bindings the scope can see with the input's; bindings to vehicles and groups
   * outside the scope (another operator's) stay as they are.
   */
  private async bind(trx: Transaction<Database>, scope: AccessScope, fenceId: number, input: FenceInput): Promise<void> {
    const visibleVehicles = trx.selectFrom('vehicles as v').select('v.id').where(assetInScope(scope, 'v.tenant_id', 'v.group_id'));
    await trx.deleteFrom('fence_vehicles').where('fence_id', '=', fenceId).where('vehicle_id', 'in', visibleVehicles).execute();
    let visibleGroups = trx.selectFrom('vehicle_groups as g').select('g.id').where(tenantInScope(scope, 'g.tenant_id'));
    if (scope.groupIds) visibleGroups = visibleGroups.where('g.id', 'in', scope.groupIds.length ? [...scope.groupIds] : [-1]);
    await trx.deleteFrom('fence_groups').where('fence_id', '=', fenceId).where('group_id', 'in', visibleGroups).execute();
    if (input.vehicleIds.length) {
      await trx.insertInto('fence_vehicles').values(input.vehicleIds.map((vehicle_id) => ({ fence_id: fenceId, vehicle_id }))).onConflict((oc) => oc.doNothing()).execute();
    }
    if (input.groupIds.length) {
      await trx.insertInto('fence_groups').values(input.groupIds.map((group_id) => ({ fence_id: fenceId, group_id }))).onConflict((oc) => oc.doNothing()).execute();
    }
  }

  /** Creates a fence of the tenant; bindings must already be checked against the scope. */
  async create(scope: AccessScope, tenantId: number, input: FenceInput, at: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('fences').values({ tenant_id: tenantId, ...FenceQueries.columns(input), updated_at: at }).returning('id').executeTakeFirstOrThrow();
      await this.bind(trx, scope, row.id, input);
      return row.id;
    });
  }

  /** Updates a fence found in the scope; its side memory is cleared when the area changed. */
  async update(scope: AccessScope, id: number, input: FenceInput, at: Date, areaChanged: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('fences').set({ ...FenceQueries.columns(input), updated_at: at }).where('id', '=', id).execute();
      await this.bind(trx, scope, id, input);
      if (areaChanged) await trx.deleteFrom('fence_states').where('fence_id', '=', id).execute();
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('fences').where('id', '=', id).execute();
  }

  /** Fences bound to the vehicle, or to its group or any group above it, and the vehicle's 安全区域. */
  async forVehicle(vehicleId: number, groupId: number | null): Promise<FenceRecord[]> {
    const rows = await sql<FenceRow>`
      with recursive chain(id, parent_id) as (
        select g.id, g.parent_id from vehicle_groups g where g.id = ${groupId ?? -1}
        union all
        select g.id, g.parent_id from vehicle_groups g join chain c on g.id = c.parent_id
      )
      select f.* from fences f
      where f.id in (select fence_id from fence_vehicles where vehicle_id = ${vehicleId})
         or f.id in (select fence_id from fence_groups where group_id in (select id from chain))
      order by f.id`.execute(this.db);
    return rows.rows.map((r) => toRecord({ ...r, id: Number(r.id), tenant_id: Number(r.tenant_id) }, [], []));
  }

  /** The last known side of the terminal for each fence. */
  async states(terminalId: number): Promise<Map<number, boolean>> {
    const rows = await this.db.selectFrom('fence_states').select(['fence_id', 'inside']).where('terminal_id', '=', terminalId).execute();
    return new Map(rows.map((r) => [r.fence_id, r.inside]));
  }

  async saveStates(terminalId: number, changes: readonly { fenceId: number; inside: boolean; at: Date }[]): Promise<void> {
    if (changes.length === 0) return;
    // one row per fence: the last change wins
    const last = new Map(changes.map((c) => [c.fenceId, c]));
    await this.db
      .insertInto('fence_states')
      .values([...last.values()].map((c) => ({ fence_id: c.fenceId, terminal_id: terminalId, inside: c.inside, changed_at: c.at })))
      .onConflict((oc) => oc.columns(['fence_id', 'terminal_id']).doUpdateSet((eb) => ({ inside: eb.ref('excluded.inside'), changed_at: eb.ref('excluded.changed_at') })))
      .execute();
  }
}
