import { sql, type Kysely } from 'kysely';
import type { AssetProfile } from '../../sdk/asset-kinds';
import type { Database } from './db-schema';
import { profileMatches } from './masked-search';
import { assetInScope, type AccessScope } from './scope-queries';
import { CHINA_TODAY, dateText, serviceExpired } from './service-expiry';

/** What an operator edits of a vehicle. */
export interface VehicleFields {
  plateNo: string;
  /** JT/T 808 colour: 1 blue, 2 yellow, 3 black, 4 white, 5 green, 9 other, 0 unplated. */
  plateColor: number;
  vehicleType: string;
  vin: string;
  driver: string;
  /** vehicle | person | pet | ebike */
  assetKind: string;
  groupId: number | null;
  /** Last day of service, `YYYY-MM-DD`. */
  expiryDate: string | null;
  /** Own platform-overspeed limit (km/h); null: the tenant's threshold. */
  speedLimit: number | null;
  /** The fields of its kind (ASSET_KIND_DEFINITIONS). */
  profile: AssetProfile;
}

/** A vehicle as the 车辆管理 list shows it. */
export interface VehicleRecord extends VehicleFields {
  id: number;
  tenantId: number;
  tenantName: string;
  groupName: string | null;
  expired: boolean;
  terminalId: number | null;
  /** The bound terminal's number as provisioned. */
  terminalNo: string | null;
  createdAt: Date;
}

export interface VehicleFilter {
  /** Part of the plate, VIN, driver or a profile field (工号, 部门, 车架号 …); a phone of the profile whole. */
  keyword?: string;
  tenantId?: number;
  /** Only vehicles in these groups (subgroups already expanded). */
  groupIds?: readonly number[];
  bound?: boolean;
  expired?: boolean;
  /** Only assets of these kinds. */
  assetKinds?: readonly string[];
  /** Only these vehicles. */
  ids?: readonly number[];
  /** Only these plates (exact). */
  plates?: readonly string[];
}

/** How a renewal moves the expiry date: by whole months (from today when already expired) or to a date. */
export type Renewal = { months: number } | { until: string };

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Vehicles of 系统管理, always read and changed within an access scope. */
export class VehicleAdminQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped(scope: AccessScope, filter: VehicleFilter = {}) {
    let q = this.db
      .selectFrom('vehicles as v')
      .innerJoin('tenants as tn', 'tn.id', 'v.tenant_id')
      .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
      .leftJoin('terminals as t', 't.vehicle_id', 'v.id')
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      q = q.where((eb) => eb.or([eb('v.plate_no', 'ilike', like), eb('v.vin', 'ilike', like), eb('v.driver', 'ilike', like), profileMatches('v.profile', like, keyword)]));
    }
    if (filter.tenantId !== undefined) q = q.where('v.tenant_id', '=', filter.tenantId);
    if (filter.groupIds) q = q.where('v.group_id', 'in', filter.groupIds.length ? [...filter.groupIds] : [-1]);
    if (filter.bound !== undefined) q = q.where('t.id', filter.bound ? 'is not' : 'is', null);
    if (filter.expired !== undefined) q = q.where(filter.expired ? serviceExpired('v.expiry_date') : sql<boolean>`not ${serviceExpired('v.expiry_date')}`);
    if (filter.assetKinds) q = q.where('v.asset_kind', 'in', filter.assetKinds.length ? [...filter.assetKinds] : ['']);
    if (filter.ids) q = q.where('v.id', 'in', filter.ids.length ? [...filter.ids] : [-1]);
    if (filter.plates) q = q.where('v.plate_no', 'in', filter.plates.length ? [...filter.plates] : ['']);
    return q;
  }

  private selectRecord(scope: AccessScope, filter: VehicleFilter) {
    return this.scoped(scope, filter).select([
      'v.id', 'v.tenant_id as tenantId', 'tn.name as tenantName', 'v.group_id as groupId', 'g.name as groupName', 'v.plate_no as plateNo',
      'v.plate_color as plateColor', 'v.vehicle_type as vehicleType', 'v.vin', 'v.driver', 'v.asset_kind as assetKind',
      'v.speed_limit as speedLimit', 'v.profile', dateText('v.expiry_date').as('expiryDate'), serviceExpired('v.expiry_date').as('expired'),
      't.id as terminalId', 't.display_no as terminalNo', 'v.created_at as createdAt',
    ]);
  }

  /** One page, ordered by plate. */
  async page(scope: AccessScope, filter: VehicleFilter, offset: number, limit: number): Promise<{ total: number; list: VehicleRecord[] }> {
    const [count, rows] = await Promise.all([
      this.scoped(scope, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      this.selectRecord(scope, filter).orderBy('v.plate_no').orderBy('v.id').offset(offset).limit(limit).execute(),
    ]);
    return { total: Number(count.n), list: rows.map(toRecord) };
  }

  /** Every match up to `max` (exports). */
  async all(scope: AccessScope, filter: VehicleFilter, max: number): Promise<VehicleRecord[]> {
    return (await this.selectRecord(scope, filter).orderBy('v.plate_no').orderBy('v.id').limit(max).execute()).map(toRecord);
  }

  async find(scope: AccessScope, id: number): Promise<VehicleRecord | undefined> {
    const row = await this.selectRecord(scope, { ids: [id] }).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The vehicles of `ids` visible in the scope (missing ones are left out). */
  async findMany(scope: AccessScope, ids: readonly number[]): Promise<VehicleRecord[]> {
    return (await this.selectRecord(scope, { ids }).orderBy('v.id').execute()).map(toRecord);
  }

  /** Whether the vehicle's service ran out (callers have checked the vehicle is theirs to see). */
  async isExpired(vehicleId: number): Promise<boolean> {
    const row = await this.db.selectFrom('vehicles as v').select(serviceExpired('v.expiry_date').as('expired')).where('v.id', '=', vehicleId).executeTakeFirst();
    return Boolean(row?.expired);
  }

  /** The tenant's vehicles with these plates visible in the scope. */
  async byPlates(scope: AccessScope, tenantId: number, plates: readonly string[]): Promise<VehicleRecord[]> {
    if (plates.length === 0) return [];
    return (await this.selectRecord(scope, { tenantId, plates }).execute()).map(toRecord);
  }

  /** The tenant's vehicle with this plate (any group), if any. */
  async findByPlate(tenantId: number, plateNo: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('vehicles').select('id').where('tenant_id', '=', tenantId).where('plate_no', '=', plateNo).executeTakeFirst();
  }

  /** Which of these plates the tenant already has. */
  async existingPlates(tenantId: number, plates: readonly string[]): Promise<Set<string>> {
    if (plates.length === 0) return new Set();
    const rows = await this.db.selectFrom('vehicles').select('plate_no').where('tenant_id', '=', tenantId).where('plate_no', 'in', [...plates]).execute();
    return new Set(rows.map((r) => r.plate_no));
  }

  async insert(tenantId: number, f: VehicleFields): Promise<number> {
    const row = await this.db
      .insertInto('vehicles')
      .values({
        tenant_id: tenantId, group_id: f.groupId, plate_no: f.plateNo, plate_color: f.plateColor, vehicle_type: f.vehicleType, vin: f.vin,
        driver: f.driver, asset_kind: f.assetKind, expiry_date: f.expiryDate, speed_limit: f.speedLimit, profile: JSON.stringify(f.profile),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, f: VehicleFields): Promise<void> {
    await this.db
      .updateTable('vehicles')
      .set({
        group_id: f.groupId, plate_no: f.plateNo, plate_color: f.plateColor, vehicle_type: f.vehicleType, vin: f.vin, driver: f.driver,
        asset_kind: f.assetKind, expiry_date: f.expiryDate, speed_limit: f.speedLimit, profile: JSON.stringify(f.profile),
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('vehicles').where('id', 'in', [...ids]).execute();
  }

  async setGroup(ids: readonly number[], groupId: number | null): Promise<void> {
    if (ids.length) await this.db.updateTable('vehicles').set({ group_id: groupId }).where('id', 'in', [...ids]).execute();
  }

  /** Moves vehicles to another tenant (group set to `groupId`, a group of that tenant, or cleared). */
  async moveToTenant(ids: readonly number[], tenantId: number, groupId: number | null): Promise<void> {
    if (ids.length) await this.db.updateTable('vehicles').set({ tenant_id: tenantId, group_id: groupId }).where('id', 'in', [...ids]).execute();
  }

  /**
   * Extends the service: by months from the current expiry date, or from today when it already
   * passed (or was never set); or to a given date. Answers the new dates by vehicle id.
   */
  async renew(ids: readonly number[], renewal: Renewal): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const next =
      'months' in renewal
        ? sql<string>`(greatest(coalesce(expiry_date, ${CHINA_TODAY}), ${CHINA_TODAY}) + make_interval(months => ${renewal.months}))::date`
        : sql<string>`${renewal.until}::date`;
    const rows = await this.db
      .updateTable('vehicles')
      .set({ expiry_date: next })
      .where('id', 'in', [...ids])
      .returning(['id', dateText('expiry_date').as('expiryDate')])
      .execute();
    return new Map(rows.map((r) => [r.id, r.expiryDate ?? '']));
  }

  /** Vehicles without a terminal of one tenant in the scope (candidates for binding). */
  async unbound(scope: AccessScope, tenantId: number, keyword: string | undefined, limit: number): Promise<VehicleRecord[]> {
    return (await this.selectRecord(scope, { tenantId, keyword, bound: false }).orderBy('v.plate_no').limit(limit).execute()).map(toRecord);
  }
}

type RecordRow = Omit<VehicleRecord, 'expired' | 'profile'> & { expired: unknown; profile: unknown };

function toRecord(r: RecordRow): VehicleRecord {
  const profile = typeof r.profile === 'string' ? (JSON.parse(r.profile) as AssetProfile) : ((r.profile ?? {}) as AssetProfile);
  return { ...r, expired: Boolean(r.expired), profile };
}
