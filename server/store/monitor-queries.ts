import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { approximateFix, type LatestPosition, type MonitorAsset, type PositionSource, type PositionState } from '../../sdk/position';
import { positionReadings } from '../gateway/position-readings';
import type { Database } from './db-schema';
import { hasOpenAlarm, openAlarmsByTerminal } from './open-alarms';
import { assetInScope, type AccessScope } from './scope-queries';
import { serviceExpired } from './service-expiry';

import type { MonitorStatus } from '../../sdk/contracts/monitor';

export type { MonitorStatus };

/** The state beyond the fix an asset's latest position carries, null where the device did not report it. */
type LatestState = { [K in keyof PositionState]-?: NonNullable<PositionState[K]> | null };

/** One asset (terminal, its vehicle and group) with its latest position, as stored. */
export interface AssetRow extends MonitorAsset, LatestPosition, LatestState {
  terminalId: PositionSource['terminalId'];
  /** The terminal's tenant (a parent tenant's user sees its descendants' assets too). */
  tenantId: number;
  online: boolean;
  /** The terminal's connection is up (on some instance); online also needs a recent report. */
  connected: boolean;
  /** Open alarms of the asset (unhandled; condition types while they last), and their types. */
  openAlarms: number;
  openAlarmTypes: string[];
  /** The vehicle's service ran out: its latest position and state are withheld until renewed. */
  expired: boolean;
  /** A person's 部门 (profile field department); null when not filled in. */
  department: string | null;
  /** The e-bike battery's nominal voltage (its 电池电压), volts. */
  nominalVoltage: number | null;
}

export interface AssetFilter {
  status?: MonitorStatus;
  /** Part of a plate or terminal number. */
  keyword?: string;
  /** Only assets in these groups (the caller expands subgroups). */
  groupIds?: readonly number[];
  /** Online means connected and reported at or after this time. */
  freshSince: Date;
  offset?: number;
  limit?: number;
  /** Only these terminals. */
  terminalIds?: readonly number[];
  /** Only assets of this kind (vehicle, person, pet, ebike). */
  assetKind?: string;
}

/**
 * Whose assets a query covers: one tenant (internal callers such as the live channel, which
 * filters per audience itself) or a user's access scope (tenant subtree and group scope).
 */
export type AssetOwner = number | Pick<AccessScope, 'tenantIds' | 'groupIds'>;

function ownerScope(owner: AssetOwner): Pick<AccessScope, 'tenantIds' | 'groupIds'> {
  return typeof owner === 'number' ? { tenantIds: [owner], groupIds: null } : owner;
}

/** A terminal the caller may see, found by its normalised number. */
export interface ScopedAsset {
  terminalId: number;
  terminalNo: string;
  tenantId: number;
  vehicleId: number | null;
  plateNo: string | null;
  groupId: number | null;
  /** vehicle, person, pet or ebike; null for a terminal bound to no asset. */
  assetKind: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every asset is in exactly one: service ran out, an open alarm, never reported, online, else offline. */
export type AssetStatus = 'online' | 'offline' | 'alarm' | 'expired' | 'inactive';

/** One asset's status and where it is now. */
export interface AssetStatusRow {
  /** vehicle | person | pet | ebike, or none for a terminal bound to no asset. */
  kind: string;
  status: AssetStatus;
  lon: number | null;
  lat: number | null;
}

/** The monitor's view: every asset of a tenant (or of a user's scope) with its latest position and state. */
export class MonitorQueries {
  constructor(private readonly db: Kysely<Database>) {}

  private base(owner: AssetOwner, freshSince: Date, terminalIds?: readonly number[]) {
    const online = sql<boolean>`(t.connected and lp.received_time is not null and lp.received_time >= ${freshSince})`;
    const scope = ownerScope(owner);
    const notExpired = sql<SqlBool>`not ${serviceExpired('v.expiry_date')}`;
    return {
      online,
      query: this.db
        .selectFrom('terminals as t')
        .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
        .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
        // an expired service shows no live data: no position, never online or alarming
        .leftJoin('latest_positions as lp', (join) => join.onRef('lp.terminal_id', '=', 't.id').on(notExpired))
        .leftJoin(openAlarmsByTerminal(this.db, scope.tenantIds, terminalIds).as('oo'), (join) => join.onRef('oo.terminal_id', '=', 't.id').on(notExpired))
        .where(assetInScope(scope, 't.tenant_id', 'v.group_id')),
    };
  }

  async assets(owner: AssetOwner, filter: AssetFilter): Promise<{ total: number; list: AssetRow[] }> {
    const { online, query: base } = this.base(owner, filter.freshSince, filter.terminalIds);
    let query = base;
    const status = filter.status ?? 'all';
    if (status === 'online') query = query.where(online as Expression<SqlBool>);
    if (status === 'offline') query = query.where(sql<SqlBool>`not ${online}`);
    // 报警: an open alarm (see open-alarms.ts), not the bits of the latest report
    if (status === 'alarm') query = query.where(hasOpenAlarm);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      const stripped = keyword.replace(/^0+/, '');
      query = query.where((eb) => eb.or([
        eb('v.plate_no', 'ilike', pattern),
        eb('t.display_no', 'like', pattern),
        ...(stripped ? [eb('t.terminal_no', 'like', `%${escapeLike(stripped)}%`)] : []),
      ]));
    }
    if (filter.groupIds) {
      if (filter.groupIds.length === 0) return { total: 0, list: [] };
      query = query.where('v.group_id', 'in', [...filter.groupIds]);
    }
    if (filter.terminalIds) {
      if (filter.terminalIds.length === 0) return { total: 0, list: [] };
      query = query.where('t.id', 'in', [...filter.terminalIds]);
    }
    if (filter.assetKind) query = query.where('v.asset_kind', '=', filter.assetKind);
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    let page = query
      .select([
        't.id as terminalId', 't.tenant_id as tenantId', 't.display_no as terminalNo', 'v.id as vehicleId', 'v.plate_no as plateNo', 'g.id as groupId', 'g.name as groupName',
        online.as('online'), 't.connected as connected', 'lp.lon', 'lp.lat', 'lp.speed', 'lp.course', 'lp.altitude', 'lp.device_time as gpsTime', 'lp.received_time as receivedTime',
        'lp.alarm_flags as alarmFlags', 'lp.status_flags as statusFlags', 'lp.mileage', serviceExpired('v.expiry_date').as('expired'),
        'v.asset_kind as assetKind', 't.protocol', sql<string | null>`lp.extras->>'fix'`.as('fix'),
        sql<string | null>`lp.extras->>'accuracy'`.as('accuracy'), sql<string | null>`lp.extras->>'battery'`.as('battery'),
        sql<string | null>`lp.extras->>'externalVoltage'`.as('externalVoltage'), sql<string | null>`lp.extras->>'charging'`.as('charging'),
        sql<string | null>`lp.extras->>'armed'`.as('armed'), sql<string | null>`v.profile->>'batteryVoltage'`.as('nominalVoltage'),
        sql<string | null>`v.profile->>'department'`.as('department'), 'lp.extras as extras',
        'oo.n as openAlarms', 'oo.types as openAlarmTypes',
      ])
      .orderBy(sql`coalesce(v.plate_no, t.display_no)`)
      .orderBy('t.id');
    if (filter.offset) page = page.offset(filter.offset);
    if (filter.limit !== undefined) page = page.limit(filter.limit);
    const rows = await page.execute();
    return {
      total,
      list: rows.map(({ extras, ...r }) => ({
        ...r,
        online: Boolean(r.online),
        connected: Boolean(r.connected),
        expired: Boolean(r.expired),
        alarmFlags: Number(r.alarmFlags ?? 0),
        statusFlags: Number(r.statusFlags ?? 0),
        fix: approximateFix(r.fix),
        accuracy: r.accuracy === null ? null : Number(r.accuracy),
        battery: r.battery === null ? null : Number(r.battery),
        externalVoltage: r.externalVoltage === null ? null : Number(r.externalVoltage),
        charging: r.charging === null ? null : r.charging === 'true',
        armed: r.armed === null ? null : r.armed === 'true',
        nominalVoltage: r.nominalVoltage === null ? null : Number(r.nominalVoltage),
        readings: positionReadings(extras as Parameters<typeof positionReadings>[0]) ?? null,
        openAlarms: Number(r.openAlarms ?? 0),
        openAlarmTypes: r.openAlarmTypes ? r.openAlarmTypes.split(',') : [],
      })),
    };
  }

  /** Per group: how many assets, how many online, how many with an open alarm (directly in it, not subgroups). */
  async groupCounts(owner: AssetOwner, freshSince: Date): Promise<{ groupId: number | null; assetKind: string | null; all: number; online: number; alarm: number }[]> {
    const { online, query } = this.base(owner, freshSince);
    const rows = await query
      .select([
        'v.group_id as groupId',
        'v.asset_kind as assetKind',
        (eb) => eb.fn.countAll().as('all'),
        sql<number>`count(*) filter (where ${online})`.as('online'),
        sql<number>`count(*) filter (where ${hasOpenAlarm})`.as('alarm'),
      ])
      .groupBy(['v.group_id', 'v.asset_kind'])
      .execute();
    return rows.map((r) => ({ groupId: r.groupId, assetKind: r.assetKind, all: Number(r.all), online: Number(r.online), alarm: Number(r.alarm) }));
  }

  /** The terminal with this normalised number when the owner may see it; otherwise undefined (never another tenant's). */
  /**
   * Every asset of the scope in exactly one status — expired (its service ended before `today`, China
   * `YYYY-MM-DD`), alarm (an open alarm, handled or, for a condition, ended ones no longer count, whatever
   * the latest report says), inactive (never reported), online (connected and reported at or after
   * `freshSince`), else offline — with its latest position.
   */
  async assetStatuses(scope: AccessScope, opts: { today: string; freshSince: Date }): Promise<AssetStatusRow[]> {
    const online = sql`(t.connected and lp.received_time is not null and lp.received_time >= ${opts.freshSince})`;
    const expired = sql`coalesce(v.expiry_date < ${opts.today}::date, false)`;
    return this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .leftJoin('latest_positions as lp', 'lp.terminal_id', 't.id')
      .leftJoin(openAlarmsByTerminal(this.db, scope.tenantIds).as('oo'), 'oo.terminal_id', 't.id')
      .where(assetInScope(scope, 't.tenant_id', 'v.group_id'))
      .select((eb) => [
        sql<string>`coalesce(v.asset_kind, 'none')`.as('kind'),
        sql<AssetStatus>`case when ${expired} then 'expired' when ${hasOpenAlarm} then 'alarm' when lp.terminal_id is null then 'inactive'
          when ${online} then 'online' else 'offline' end`.as('status'),
        eb.ref('lp.lon').as('lon'),
        eb.ref('lp.lat').as('lat'),
      ])
      .execute();
  }

  async findAsset(owner: AssetOwner, terminalNo: string): Promise<ScopedAsset | undefined> {
    return this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .select([
        't.id as terminalId', 't.display_no as terminalNo', 't.tenant_id as tenantId', 'v.id as vehicleId', 'v.plate_no as plateNo', 'v.group_id as groupId',
        'v.asset_kind as assetKind',
      ])
      .where('t.terminal_no', '=', terminalNo)
      .where(assetInScope(ownerScope(owner), 't.tenant_id', 'v.group_id'))
      .executeTakeFirst();
  }

  /** The vehicle groups the owner may see (a group-scoped user: only those groups and their subgroups). */
  async groups(owner: AssetOwner): Promise<{ id: number; parentId: number | null; name: string; sort: number; tenantId: number }[]> {
    const scope = ownerScope(owner);
    let q = this.db
      .selectFrom('vehicle_groups as g')
      .select(['g.id', 'g.parent_id as parentId', 'g.name', 'g.sort', 'g.tenant_id as tenantId'])
      .where('g.tenant_id', 'in', scope.tenantIds.length > 0 ? [...scope.tenantIds] : [-1]);
    if (scope.groupIds !== null) q = q.where('g.id', 'in', scope.groupIds.length > 0 ? [...scope.groupIds] : [-1]);
    return q.orderBy('g.tenant_id').orderBy('g.sort').orderBy('g.id').execute();
  }
}
