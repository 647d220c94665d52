import { sql, type Kysely } from 'kysely';
import type { DashboardData, DashboardDay, DashboardKindCounts } from '../../sdk/dashboard';
import type { Database } from './db-schema';
import { addDays, chinaDay, chinaDayStart, DAY_SETTLE_MS, idArray, ReportDays } from './report-day-stats';
import { hasOpenAlarm, isOpenAlarm, openAlarmsByTerminal } from './open-alarms';
import { num, round } from './row-values';
import { assetInScope, type AccessScope } from './scope-queries';

/** Days of the trends (online rate, mileage, alarms). */
export const DASHBOARD_DAYS = 30;
/** Days ahead in which a service expiry is listed. */
export const EXPIRY_AHEAD_DAYS = 30;
/** Rows of the top-alarm and expiry lists, and of the latest open alarms. */
const TOP_ROWS = 10;
/** Heat-map cells, degrees. */
const HEAT_CELL_DEG = 0.1;

export type AssetStatus = 'online' | 'offline' | 'alarm' | 'expired' | 'inactive';

/** One finished day as the store counts it (the route turns it into the contract's DashboardDay). */
export type FiguresDay = Pick<DashboardDay, 'day' | 'online'> & { mileageKm: number };

export interface DashboardFigures extends Pick<DashboardData, 'kinds' | 'totals' | 'topAlarmAssets' | 'heat' | 'expiring'> {
  today: { day: string; reported: number; assets: number };
  /** The finished days, oldest first (the last is yesterday once it settled). */
  days: FiguresDay[];
  /** Assets the days' figures cover (those in service now). */
  dayAssets: number;
  alarmTypes: { alarmType: string; count: number }[];
  /** Open alarms of the assets in service (see open-alarms.ts): how many, and the ids of the newest. */
  openAlarms: { total: number; latestIds: number[] };
}

export interface DashboardOptions {
  now: Date;
  /** Online means connected and reported at or after this time. */
  freshSince: Date;
  onlineWindowSeconds: number;
}

/**
 * 数据中心's dashboard: asset counts by kind and status, the online rate and mileage of the last
 * 30 finished days read from report_days (computed once per day, see {@link ReportDays}), the
 * alarms of those days, where the assets are now and whose service runs out soon — all within
 * the caller's scope.
 */
export class DashboardQueries {
  private readonly reportDays: ReportDays;

  constructor(private readonly db: Kysely<Database>) {
    this.reportDays = new ReportDays(db);
  }

  /** The tenants of the scope with their parents (the customer picker), the scope's own tenant first. */
  async tenants(scope: AccessScope): Promise<{ id: number; name: string; parentId: number | null; kind: string }[]> {
    const rows = await this.db.selectFrom('tenants').select(['id', 'name', 'parent_id as parentId', 'kind'])
      .where('id', 'in', scope.tenantIds.length ? [...scope.tenantIds] : [-1]).execute();
    const order = new Map(scope.tenantIds.map((id, i) => [id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((r) => ({ ...r, parentId: r.id === scope.tenantId ? null : r.parentId }));
  }

  async figures(scope: AccessScope, opts: DashboardOptions): Promise<DashboardFigures> {
    const today = chinaDay(opts.now);
    const lastFinished = addDays(chinaDay(new Date(opts.now.getTime() - DAY_SETTLE_MS)), -1);
    const firstDay = addDays(lastFinished, 1 - DASHBOARD_DAYS);
    const inScope = assetInScope(scope, 't.tenant_id', 'v.group_id');
    const online = sql`(t.connected and lp.received_time is not null and lp.received_time >= ${opts.freshSince})`;
    const expired = sql`coalesce(v.expiry_date < ${today}::date, false)`;

    const assets = await this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .leftJoin('latest_positions as lp', 'lp.terminal_id', 't.id')
      .leftJoin(openAlarmsByTerminal(this.db, scope.tenantIds).as('oo'), 'oo.terminal_id', 't.id')
      .where(inScope)
      .select((eb) => [
        't.id as id',
        sql<string>`coalesce(v.asset_kind, 'none')`.as('kind'),
        // 告警: an open alarm (handled or, for a condition, ended alarms no longer count), whatever the latest report says
        sql<AssetStatus>`case when ${expired} then 'expired' when ${hasOpenAlarm} then 'alarm' when lp.terminal_id is null then 'inactive'
          when ${online} then 'online' else 'offline' end`.as('status'),
        sql<string | null>`oo.n`.as('openAlarms'),
        sql<boolean>`not ${expired} and lp.received_time >= ${chinaDayStart(today)}`.as('reportedToday'),
        eb.ref('lp.lon').as('lon'),
        eb.ref('lp.lat').as('lat'),
      ])
      .execute();

    const kinds = new Map<string, DashboardKindCounts>();
    const totals = { total: 0, online: 0, offline: 0, alarm: 0, expired: 0, inactive: 0 };
    const heatCells = new Map<string, [number, number, number]>();
    const inService: number[] = [];
    let reportedToday = 0;
    let openAlarms = 0;
    for (const a of assets) {
      const k = kinds.get(a.kind) ?? { kind: a.kind, total: 0, online: 0, offline: 0, alarm: 0, expired: 0, inactive: 0 };
      kinds.set(a.kind, k);
      k.total += 1;
      k[a.status] += 1;
      totals.total += 1;
      totals[a.status] += 1;
      if (a.status === 'expired') continue;
      inService.push(a.id);
      openAlarms += num(a.openAlarms);
      if (a.reportedToday) reportedToday += 1;
      if (a.lon !== null && a.lat !== null && !(a.lon === 0 && a.lat === 0)) {
        const lon = round((Math.floor(a.lon / HEAT_CELL_DEG) + 0.5) * HEAT_CELL_DEG, 2);
        const lat = round((Math.floor(a.lat / HEAT_CELL_DEG) + 0.5) * HEAT_CELL_DEG, 2);
        const cell = heatCells.get(`${lon},${lat}`) ?? [lon, lat, 0];
        cell[2] += 1;
        heatCells.set(`${lon},${lat}`, cell);
      }
    }

    const [days, alarmTypes, topAlarmAssets, expiring, latestOpen] = await Promise.all([
      this.days(inService, firstDay, lastFinished, opts.onlineWindowSeconds),
      this.db.selectFrom('alarms as a').innerJoin('terminals as t', 't.id', 'a.terminal_id').leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
        .where(inScope).where('a.start_time', '>=', chinaDayStart(firstDay)).where('a.start_time', '<', opts.now)
        .select(['a.alarm_type as alarmType', (eb) => eb.fn.countAll().as('n')]).groupBy('a.alarm_type')
        .orderBy('n', 'desc').orderBy('a.alarm_type').execute(),
      this.db.selectFrom('alarms as a').innerJoin('terminals as t', 't.id', 'a.terminal_id').leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
        .where(inScope).where('a.start_time', '>=', chinaDayStart(firstDay)).where('a.start_time', '<', opts.now)
        .select(['t.display_no as terminalNo', 'v.plate_no as plateNo', 'v.asset_kind as assetKind', (eb) => eb.fn.countAll().as('n')])
        .groupBy(['t.id', 't.display_no', 'v.plate_no', 'v.asset_kind']).orderBy('n', 'desc').orderBy('t.display_no').limit(TOP_ROWS).execute(),
      this.expiring(scope, today),
      this.db.selectFrom('alarms as oa').innerJoin('terminals as t', 't.id', 'oa.terminal_id').leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
        .where(inScope).where(isOpenAlarm).where(sql<boolean>`not ${expired}`)
        .select('oa.id').orderBy('oa.start_time', 'desc').orderBy('oa.id', 'desc').limit(TOP_ROWS).execute(),
    ]);
    return {
      kinds: [...kinds.values()].sort((a, b) => b.total - a.total || a.kind.localeCompare(b.kind)),
      totals,
      today: { day: today, reported: reportedToday, assets: inService.length },
      days,
      dayAssets: inService.length,
      alarmTypes: alarmTypes.map((r) => ({ alarmType: r.alarmType, count: num(r.n) })),
      openAlarms: { total: openAlarms, latestIds: latestOpen.map((r) => Number(r.id)) },
      topAlarmAssets: topAlarmAssets.map((r) => ({ terminalNo: r.terminalNo, plateNo: r.plateNo, assetKind: r.assetKind, count: num(r.n) })),
      heat: [...heatCells.values()].sort((a, b) => b[2] - a[2] || a[0] - b[0] || a[1] - b[1]),
      expiring,
    };
  }

  /** Per finished day: assets with live reports and kilometres driven (odometer where it reported, else GPS), from report_days. */
  private async days(ids: readonly number[], firstDay: string, lastDay: string, onlineWindowSeconds: number): Promise<FiguresDay[]> {
    const byDay = new Map<string, FiguresDay>();
    for (let d = firstDay; d <= lastDay; d = addDays(d, 1)) byDay.set(d, { day: d, online: 0, mileageKm: 0 });
    if (ids.length > 0 && firstDay <= lastDay) {
      await this.reportDays.ensure(ids, firstDay, lastDay, onlineWindowSeconds);
      const { rows } = await sql<{ day: string; online: number; km: number }>`
        select to_char(day, 'YYYY-MM-DD') as day, count(*) filter (where live_reports > 0) as online,
          coalesce(sum(case when odometer_reports >= 2 then odometer_km else gps_km end), 0)::float8 as km
        from report_days
        where terminal_id = any(${idArray(ids)}) and day >= ${firstDay}::date and day <= ${lastDay}::date
        group by day`.execute(this.db);
      for (const r of rows) {
        const d = byDay.get(String(r.day));
        if (d) Object.assign(d, { online: num(r.online), mileageKm: round(num(r.km), 2) });
      }
    }
    return [...byDay.values()];
  }

  /** Assets whose service ends today or within the next 30 days, soonest first. */
  private async expiring(scope: AccessScope, today: string): Promise<DashboardFigures['expiring']> {
    const q = this.db.selectFrom('vehicles as v')
      .innerJoin('terminals as t', 't.vehicle_id', 'v.id')
      .where(assetInScope(scope, 'v.tenant_id', 'v.group_id'))
      .where(sql<boolean>`v.expiry_date >= ${today}::date and v.expiry_date <= ${addDays(today, EXPIRY_AHEAD_DAYS)}::date`);
    const [count, list] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.select(['t.display_no as terminalNo', 'v.plate_no as plateNo', 'v.asset_kind as assetKind',
        sql<string>`to_char(v.expiry_date, 'YYYY-MM-DD')`.as('expiryDate'), sql<number>`v.expiry_date - ${today}::date`.as('daysLeft')])
        .orderBy('v.expiry_date').orderBy('t.display_no').limit(TOP_ROWS).execute(),
    ]);
    return { total: num(count.n), list: list.map((r) => ({ ...r, daysLeft: num(r.daysLeft) })) };
  }
}
