import {
  addDays, assetInScope, chinaDay, chinaDayStart, num, round, sql,
  type AccessScope, type AlarmRow, type Database, type Kysely, type MileageDaySum, type ModuleAlarms, type OnlineDaySummary, type Store,
} from '../../../server/module';
import type { DashboardData, DashboardKindCounts } from '../../../sdk/dashboard';

/** Days of the trends (online rate, mileage, alarms), today the last of them. */
export const DASHBOARD_DAYS = 30;
/** Days ahead in which a service expiry is listed. */
export const EXPIRY_AHEAD_DAYS = 30;
/** Rows of the top-alarm and expiry lists, and of the latest unprocessed alarms. */
const TOP_ROWS = 10;
/** Heat-map cells, degrees. */
const HEAT_CELL_DEG = 0.1;

export interface DashboardFigures extends Pick<DashboardData, 'kinds' | 'totals' | 'topAlarmAssets' | 'heat' | 'expiring'> {
  /** The trends' days, `YYYY-MM-DD`, the first and today. */
  period: { startDay: string; endDay: string };
  /** 车辆日在线's day summaries of the period (every day, oldest first). */
  online: OnlineDaySummary[];
  /** 里程报表's days of the period (the days with reports) and its total, km. */
  mileage: { days: MileageDaySum[]; totalKm: number };
  alarmTypes: { alarmType: string; count: number }[];
  /** 实时告警: how many unprocessed alarms, and the newest of them. */
  unprocessedAlarms: { total: number; latest: AlarmRow[] };
}

export interface DashboardOptions {
  now: Date;
  /** Online means connected and reported at or after this time. */
  freshSince: Date;
  onlineWindowSeconds: number;
}

/**
 * 数据中心's dashboard, within the caller's scope: asset counts by kind and status and where the
 * assets are now; the online rate and mileage of the last 30 days up to today as 车辆日在线 and
 * 里程报表 answer them (the same queries: stored daily figures of the finished days, today's
 * live); the alarms of those days as 告警明细 lists them; the unprocessed alarms as 告警中心's
 * 实时告警 counts them; whose service runs out soon.
 */
export class DashboardQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: Pick<Store, 'monitor' | 'reports' | 'alarms'>,
    private readonly alarmViews: Pick<ModuleAlarms, 'realTimeSince'>,
  ) {}

  /** The tenants of the scope with their parents (the customer picker), the scope's own tenant first. */
  async tenants(scope: AccessScope): Promise<{ id: number; name: string; parentId: number | null; kind: string }[]> {
    const rows = await this.db.selectFrom('tenants').select(['id', 'name', 'parent_id as parentId', 'kind'])
      .where('id', 'in', scope.tenantIds.length ? [...scope.tenantIds] : [-1]).execute();
    const order = new Map(scope.tenantIds.map((id, i) => [id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((r) => ({ ...r, parentId: r.id === scope.tenantId ? null : r.parentId }));
  }

  async figures(scope: AccessScope, opts: DashboardOptions): Promise<DashboardFigures> {
    const today = chinaDay(opts.now);
    const period = { startDay: addDays(today, 1 - DASHBOARD_DAYS), endDay: today };
    const assets = await this.store.monitor.assetStatuses(scope, { today, freshSince: opts.freshSince });

    const kinds = new Map<string, DashboardKindCounts>();
    const totals = { total: 0, online: 0, offline: 0, alarm: 0, expired: 0, inactive: 0 };
    const heatCells = new Map<string, [number, number, number]>();
    for (const a of assets) {
      const k = kinds.get(a.kind) ?? { kind: a.kind, total: 0, online: 0, offline: 0, alarm: 0, expired: 0, inactive: 0 };
      kinds.set(a.kind, k);
      k.total += 1;
      k[a.status] += 1;
      totals.total += 1;
      totals[a.status] += 1;
      if (a.status === 'expired') continue;
      if (a.lon !== null && a.lat !== null && !(a.lon === 0 && a.lat === 0)) {
        const lon = round((Math.floor(a.lon / HEAT_CELL_DEG) + 0.5) * HEAT_CELL_DEG, 2);
        const lat = round((Math.floor(a.lat / HEAT_CELL_DEG) + 0.5) * HEAT_CELL_DEG, 2);
        const cell = heatCells.get(`${lon},${lat}`) ?? [lon, lat, 0];
        cell[2] += 1;
        heatCells.set(`${lon},${lat}`, cell);
      }
    }

    // the reports' own figures and summaries, so a figure here is the figure there (both read from one computation of the days)
    const summaries = await this.store.reports.daySummaries(scope, period, { now: opts.now, onlineWindowSeconds: opts.onlineWindowSeconds });
    const alarmRange = { since: chinaDayStart(period.startDay), until: opts.now };
    const since = this.alarmViews.realTimeSince(opts.now);
    const [alarmTypes, topAlarmAssets, expiring, unprocessed, latest] = await Promise.all([
      this.store.alarms.countByType(scope, alarmRange),
      this.store.alarms.countByAsset(scope, alarmRange, TOP_ROWS),
      this.expiring(scope, today),
      this.store.alarms.countByType(scope, { since, status: 0 }),
      this.store.alarms.page(scope, { start: since, status: 0, offset: 0, limit: TOP_ROWS }),
    ]);
    return {
      kinds: [...kinds.values()].sort((a, b) => b.total - a.total || a.kind.localeCompare(b.kind)),
      totals,
      period,
      online: summaries.online,
      mileage: summaries.mileage,
      alarmTypes: alarmTypes.sort((a, b) => b.count - a.count || a.alarmType.localeCompare(b.alarmType)),
      unprocessedAlarms: { total: unprocessed.reduce((n, t) => n + t.count, 0), latest: latest.list },
      topAlarmAssets,
      heat: [...heatCells.values()].sort((a, b) => b[2] - a[2] || a[0] - b[0] || a[1] - b[1]),
      expiring,
    };
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
