import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './db-schema';
import { LiveDayFigures, liveFiguresSql } from './live-day-figures';
import { addDays, chinaDay, DAY_FIGURES, DAY_SETTLE_MS, idArray, ReportDays } from './report-day-stats';
import { assetColumns, num, parseJson, round } from './row-values';
import { assetInScope, tenantInScope, type AccessScope } from './scope-queries';

/** Which vehicles and China days a report covers. */
export interface ReportFilter {
  /** First and last China day, `YYYY-MM-DD`. */
  startDay: string;
  endDay: string;
  /** Only assets of these groups (already expanded to subgroups and narrowed to the scope). */
  groupIds?: readonly number[];
  /** Part of a plate or terminal number. */
  keyword?: string;
}

export interface ReportOptions {
  now: Date;
  /** ONLINE_WINDOW_SECONDS. */
  onlineWindowSeconds: number;
  /** One page of rows; every row when absent (exports). */
  page?: { offset: number; limit: number };
}

/** The asset columns every per-vehicle report row starts with. */
export interface AssetColumns {
  terminalId: number;
  terminalNo: string;
  plateNo: string | null;
  groupName: string | null;
  /** vehicle, person, pet or ebike (null: a terminal without an asset). */
  assetKind: string | null;
}

interface AssetDayColumns extends AssetColumns {
  /** China day, `YYYY-MM-DD`. */
  day: string;
}

/** 里程报表: one vehicle on one China day with at least one report. */
export interface MileageDay extends AssetDayColumns {
  /** km: the odometer's increase when the terminal reports one, else the GPS distance. */
  mileageKm: number;
  mileageSource: 'odometer' | 'gps';
  drivingSeconds: number;
  /** km/h. */
  maxSpeed: number;
  /** km/h, over the moving reports. */
  avgSpeed: number;
  reports: number;
  firstTime: Date;
  lastTime: Date;
}

/** 里程报表: one day of the range with reports, over every vehicle of the filter. */
export interface MileageDaySum {
  day: string;
  mileageKm: number;
  /** Vehicles that reported that day. */
  vehicles: number;
}

export interface MileageTotals {
  vehicles: number;
  mileageKm: number;
  drivingSeconds: number;
  maxSpeed: number;
  avgSpeed: number;
  reports: number;
}

/** 车辆日在线: one vehicle on one China day of the range (days without reports included). */
export interface OnlineDay extends AssetDayColumns {
  online: boolean;
  onlineSeconds: number;
  /** Live reports (backfilled ones are not counted). */
  reports: number;
  firstTime: Date | null;
  lastTime: Date | null;
}

export interface OnlineDaySummary {
  day: string;
  online: number;
  total: number;
}

/** 里程汇总: one vehicle group in one China month. */
export interface GroupMonth {
  groupId: number | null;
  groupName: string | null;
  /** `YYYY-MM`. */
  month: string;
  /** Vehicles that reported that month. */
  vehicles: number;
  mileageKm: number;
  drivingSeconds: number;
  reports: number;
  maxSpeed: number;
}

export interface MonthlyTotals {
  groups: number;
  vehicles: number;
  mileageKm: number;
  drivingSeconds: number;
  reports: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const time = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

/**
 * 数据报表: per-vehicle, per-day figures of the positions. Finished days are read from
 * report_days (computed once, see {@link ReportDays}); the days still being reported are read
 * from the positions in increments (see {@link LiveDayFigures}).
 */
export class ReportQueries {
  readonly days: ReportDays;
  readonly live: LiveDayFigures;

  constructor(private readonly db: Kysely<Database>) {
    this.days = new ReportDays(db);
    this.live = new LiveDayFigures(db);
  }

  /** The group and its subgroups when the scope may see it; empty when it may not. */
  async visibleGroupSubtree(scope: AccessScope, groupId: number): Promise<number[]> {
    if (scope.groupIds !== null && !scope.groupIds.includes(groupId)) return [];
    const { rows } = await sql<{ id: number }>`
      with recursive sub(id) as (
        select g.id from vehicle_groups g where g.id = ${groupId} and ${tenantInScope(scope, 'g.tenant_id')}
        union
        select g.id from vehicle_groups g join sub on g.parent_id = sub.id
      )
      select id from sub order by id`.execute(this.db);
    const ids = rows.map((r) => Number(r.id));
    return scope.groupIds === null ? ids : ids.filter((id) => scope.groupIds!.includes(id));
  }

  /** The vehicle groups the scope may see (report filters). */
  async groups(scope: AccessScope): Promise<{ id: number; name: string; parentId: number | null }[]> {
    let q = this.db.selectFrom('vehicle_groups as g').select(['g.id', 'g.name', 'g.parent_id as parentId']).where(tenantInScope(scope, 'g.tenant_id'));
    if (scope.groupIds) q = q.where('g.id', 'in', scope.groupIds.length ? [...scope.groupIds] : [-1]);
    return q.orderBy('g.sort').orderBy('g.name').orderBy('g.id').execute();
  }

  /** Terminal ids of the scope's assets matching the filter. */
  async assetIds(scope: AccessScope, filter: ReportFilter): Promise<number[]> {
    let q = this.db
      .selectFrom('terminals as t')
      .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .select('t.id')
      .where(assetInScope(scope, 't.tenant_id', 'v.group_id'));
    if (filter.groupIds) q = q.where('v.group_id', 'in', filter.groupIds.length ? [...filter.groupIds] : [-1]);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      const stripped = keyword.replace(/^0+/, '');
      q = q.where((eb) => eb.or([
        eb('v.plate_no', 'ilike', pattern),
        eb('t.display_no', 'like', pattern),
        ...(stripped ? [eb('t.terminal_no', 'like', `%${escapeLike(stripped)}%`)] : []),
      ]));
    }
    return (await q.execute()).map((r) => r.id);
  }

  /** Figures per terminal and day of the range: stored for finished days (computed first where missing or stale), live for the rest. */
  private async figures(ids: readonly number[], filter: ReportFilter, opts: ReportOptions): Promise<RawBuilder<unknown>> {
    const columns = sql.join(DAY_FIGURES.map((c) => sql.ref(c)));
    const lastFinished = addDays(chinaDay(new Date(opts.now.getTime() - DAY_SETTLE_MS)), -1);
    const parts: RawBuilder<unknown>[] = [];
    const storedLast = filter.endDay < lastFinished ? filter.endDay : lastFinished;
    if (ids.length && filter.startDay <= storedLast) {
      await this.days.ensure(ids, filter.startDay, storedLast, opts.onlineWindowSeconds);
      parts.push(sql`
        select terminal_id, day, ${columns} from report_days
        where terminal_id = any(${idArray(ids)}) and day >= ${filter.startDay}::date and day <= ${storedLast}::date`);
    }
    const liveFirst = addDays(lastFinished, 1) > filter.startDay ? addDays(lastFinished, 1) : filter.startDay;
    if (ids.length && liveFirst <= filter.endDay) {
      const rows = await this.live.rows(ids, liveFirst, filter.endDay, opts.onlineWindowSeconds, opts.now);
      if (rows.length) parts.push(sql`select terminal_id, day, ${columns} from (${liveFiguresSql(rows)}) live`);
    }
    if (parts.length === 0) parts.push(sql`select terminal_id, day, ${columns} from report_days where false`);
    return sql.join(parts, sql` union all `);
  }

  static assetsSql(ids: readonly number[]): RawBuilder<unknown> {
    return sql`
      select t.id as terminal_id, t.display_no, v.plate_no, g.name as group_name, v.asset_kind
      from terminals t
      left join vehicles v on v.id = t.vehicle_id
      left join vehicle_groups g on g.id = v.group_id
      where t.id = any(${idArray(ids)})`;
  }

  static pageSql(opts: Pick<ReportOptions, 'page'>): RawBuilder<unknown> {
    return opts.page ? sql`offset ${opts.page.offset} limit ${opts.page.limit}` : sql``;
  }

  /**
   * 里程报表: the vehicles' days with at least one report, ordered by plate and day, with totals
   * over every row of the filter. How each figure is computed: {@link dayStatsSql}.
   */
  async mileage(scope: AccessScope, filter: ReportFilter, opts: ReportOptions): Promise<{ total: number; totals: MileageTotals; days: MileageDaySum[]; list: MileageDay[] }> {
    const ids = await this.assetIds(scope, filter);
    const { rows } = await sql<Record<string, unknown>>`
      with a as (${ReportQueries.assetsSql(ids)}),
      d as (${await this.figures(ids, filter, opts)}),
      r as materialized (
        select d.*, to_char(d.day, 'YYYY-MM-DD') as day_text, a.display_no, a.plate_no, a.group_name, a.asset_kind,
          case when d.odometer_reports >= 2 then d.odometer_km else d.gps_km end as mileage_km
        from d join a on a.terminal_id = d.terminal_id
        where d.reports > 0
      ),
      t as (
        select count(*) as total, count(distinct terminal_id) as vehicles, coalesce(sum(mileage_km), 0) as total_km,
          coalesce(sum(driving_seconds), 0) as total_driving, coalesce(max(max_speed), 0) as total_max_speed,
          coalesce(sum(moving_speed_sum), 0) as total_speed_sum, coalesce(sum(moving_reports), 0) as total_moving,
          coalesce(sum(reports), 0) as total_reports,
          (select json_agg(json_build_object('day', x.day_text, 'mileage', x.km, 'vehicles', x.n) order by x.day_text)
           from (select day_text, sum(mileage_km) as km, count(*) as n from r group by day_text) x) as day_list
        from r
      )
      select t.*, x.* from t left join lateral (
        select * from r order by coalesce(r.plate_no, r.display_no), r.terminal_id, r.day ${ReportQueries.pageSql(opts)}
      ) x on true`.execute(this.db);
    const head = rows[0] ?? {};
    const moving = num(head.total_moving);
    const totals: MileageTotals = {
      vehicles: num(head.vehicles),
      mileageKm: round(num(head.total_km), 2),
      drivingSeconds: Math.round(num(head.total_driving)),
      maxSpeed: round(num(head.total_max_speed), 1),
      avgSpeed: moving ? round(num(head.total_speed_sum) / moving, 1) : 0,
      reports: num(head.total_reports),
    };
    const list = rows.filter((r) => r.terminal_id != null).map((r): MileageDay => {
      const movingReports = num(r.moving_reports);
      return {
        ...assetColumns(r),
        day: String(r.day_text),
        mileageKm: round(num(r.mileage_km), 2),
        mileageSource: num(r.odometer_reports) >= 2 ? 'odometer' : 'gps',
        drivingSeconds: Math.round(num(r.driving_seconds)),
        maxSpeed: round(num(r.max_speed), 1),
        avgSpeed: movingReports ? round(num(r.moving_speed_sum) / movingReports, 1) : 0,
        reports: num(r.reports),
        firstTime: time(r.first_time)!,
        lastTime: time(r.last_time)!,
      };
    });
    const days = parseJson<{ day: string; mileage: number; vehicles: number }[]>(head.day_list).map((d) => ({
      day: d.day, mileageKm: round(num(d.mileage), 2), vehicles: num(d.vehicles),
    }));
    return { total: num(head.total), totals, days, list };
  }

  /**
   * The per-day summaries of 车辆日在线 and 里程报表 at once, exactly as {@link dayOnline}'s `days` and
   * {@link mileage}'s `days` and `totals.mileageKm` give them, from one reading of the daily
   * figures: today's are computed from its positions, the dearest part of either report.
   */
  async daySummaries(scope: AccessScope, filter: ReportFilter, opts: ReportOptions): Promise<{ online: OnlineDaySummary[]; mileage: { days: MileageDaySum[]; totalKm: number } }> {
    const ids = await this.assetIds(scope, filter);
    const { rows } = await sql<Record<string, unknown>>`
      with a as (${ReportQueries.assetsSql(ids)}),
      days as (select d::date as day from generate_series(${filter.startDay}::date, ${filter.endDay}::date, interval '1 day') d),
      d as materialized (${await this.figures(ids, filter, opts)}),
      o as (
        select to_char(days.day, 'YYYY-MM-DD') as day_text, count(*) filter (where coalesce(d.live_reports, 0) > 0) as online, count(*) as n
        from a cross join days
        left join d on d.terminal_id = a.terminal_id and d.day = days.day
        group by 1
      ),
      m as (
        select to_char(d.day, 'YYYY-MM-DD') as day_text, case when d.odometer_reports >= 2 then d.odometer_km else d.gps_km end as mileage_km
        from d join a on a.terminal_id = d.terminal_id
        where d.reports > 0
      )
      select
        (select json_agg(json_build_object('day', o.day_text, 'online', o.online, 'total', o.n) order by o.day_text) from o) as online_list,
        (select json_agg(json_build_object('day', x.day_text, 'mileage', x.km, 'vehicles', x.n) order by x.day_text)
         from (select day_text, sum(mileage_km) as km, count(*) as n from m group by day_text) x) as mileage_list,
        (select coalesce(sum(mileage_km), 0) from m) as total_km`.execute(this.db);
    const head = rows[0] ?? {};
    const online = parseJson<OnlineDaySummary[]>(head.online_list).map((d) => ({ day: d.day, online: num(d.online), total: num(d.total) }));
    const days = parseJson<{ day: string; mileage: number; vehicles: number }[]>(head.mileage_list).map((d) => ({
      day: d.day, mileageKm: round(num(d.mileage), 2), vehicles: num(d.vehicles),
    }));
    return { online, mileage: { days, totalKm: round(num(head.total_km), 2) } };
  }

  /**
   * 车辆日在线: every asset on every day of the range, ordered by plate and day. Online that day:
   * at least one live report; online duration: see {@link dayStatsSql}. `days`: per day, how
   * many of the assets were online.
   */
  async dayOnline(scope: AccessScope, filter: ReportFilter, opts: ReportOptions): Promise<{ total: number; vehicles: number; days: OnlineDaySummary[]; list: OnlineDay[] }> {
    const ids = await this.assetIds(scope, filter);
    const { rows } = await sql<Record<string, unknown>>`
      with a as (${ReportQueries.assetsSql(ids)}),
      days as (select d::date as day from generate_series(${filter.startDay}::date, ${filter.endDay}::date, interval '1 day') d),
      d as (${await this.figures(ids, filter, opts)}),
      r as materialized (
        select a.terminal_id, a.display_no, a.plate_no, a.group_name, a.asset_kind, to_char(days.day, 'YYYY-MM-DD') as day_text, days.day,
          coalesce(d.live_reports, 0) as live_reports, d.live_first_time, d.live_last_time, coalesce(d.online_seconds, 0) as online_seconds
        from a cross join days
        left join d on d.terminal_id = a.terminal_id and d.day = days.day
      ),
      t as (
        select (select count(*) from r) as total, (select count(*) from a) as vehicles,
          (select json_agg(json_build_object('day', x.day_text, 'online', x.online, 'total', x.n) order by x.day_text)
           from (select day_text, count(*) filter (where live_reports > 0) as online, count(*) as n from r group by day_text) x) as day_list
      )
      select t.*, x.* from t left join lateral (
        select * from r order by coalesce(r.plate_no, r.display_no), r.terminal_id, r.day ${ReportQueries.pageSql(opts)}
      ) x on true`.execute(this.db);
    const head = rows[0] ?? {};
    const days = parseJson<OnlineDaySummary[]>(head.day_list).map((d) => ({ day: d.day, online: num(d.online), total: num(d.total) }));
    const list = rows.filter((r) => r.terminal_id != null).map((r): OnlineDay => ({
      ...assetColumns(r),
      day: String(r.day_text),
      online: num(r.live_reports) > 0,
      onlineSeconds: Math.round(num(r.online_seconds)),
      reports: num(r.live_reports),
      firstTime: time(r.live_first_time),
      lastTime: time(r.live_last_time),
    }));
    return { total: num(head.total), vehicles: num(head.vehicles), days, list };
  }

  /**
   * 里程汇总: per vehicle group and China month, the mileage, driving time and reports of its
   * vehicles (read from the same daily figures as 里程报表), ordered by group and month, with the
   * months' totals over every group of the filter. Vehicles without a group are 未分组.
   */
  async monthlyByGroup(scope: AccessScope, filter: ReportFilter, opts: ReportOptions): Promise<{ total: number; totals: MonthlyTotals; months: { month: string; mileageKm: number }[]; list: GroupMonth[] }> {
    const ids = await this.assetIds(scope, filter);
    const { rows } = await sql<Record<string, unknown>>`
      with a as (
        select t.id as terminal_id, v.group_id, g.name as group_name
        from terminals t left join vehicles v on v.id = t.vehicle_id left join vehicle_groups g on g.id = v.group_id
        where t.id = any(${idArray(ids)})
      ),
      d as (${await this.figures(ids, filter, opts)}),
      m as materialized (
        select a.group_id, a.group_name, to_char(d.day, 'YYYY-MM') as month, count(distinct d.terminal_id) as vehicles,
          sum(case when d.odometer_reports >= 2 then d.odometer_km else d.gps_km end) as mileage_km,
          sum(d.driving_seconds) as driving_seconds, sum(d.reports) as reports, max(d.max_speed) as max_speed
        from d join a on a.terminal_id = d.terminal_id
        where d.reports > 0
        group by a.group_id, a.group_name, to_char(d.day, 'YYYY-MM')
      ),
      t as (
        select count(*) as total, coalesce(sum(mileage_km), 0) as total_km, coalesce(sum(driving_seconds), 0) as total_driving,
          coalesce(sum(reports), 0) as total_reports, count(distinct group_id) as groups,
          (select count(distinct d.terminal_id) from d join a on a.terminal_id = d.terminal_id where d.reports > 0) as total_vehicles,
          (select json_agg(json_build_object('month', x.month, 'mileage', x.km) order by x.month)
           from (select month, sum(mileage_km) as km from m group by month) x) as month_list
        from m
      )
      select t.*, x.* from t left join lateral (
        select * from m order by m.group_name nulls last, m.group_id, m.month ${ReportQueries.pageSql(opts)}
      ) x on true`.execute(this.db);
    const head = rows[0] ?? {};
    const totals: MonthlyTotals = {
      groups: num(head.groups), vehicles: num(head.total_vehicles), mileageKm: round(num(head.total_km), 2),
      drivingSeconds: Math.round(num(head.total_driving)), reports: num(head.total_reports),
    };
    const months = parseJson<{ month: string; mileage: number }[]>(head.month_list).map((x) => ({ month: x.month, mileageKm: round(num(x.mileage), 2) }));
    const list = rows.filter((r) => r.month != null).map((r): GroupMonth => ({
      groupId: r.group_id === null || r.group_id === undefined ? null : num(r.group_id), groupName: (r.group_name as string | null) ?? null,
      month: String(r.month), vehicles: num(r.vehicles), mileageKm: round(num(r.mileage_km), 2), drivingSeconds: Math.round(num(r.driving_seconds)),
      reports: num(r.reports), maxSpeed: round(num(r.max_speed), 1),
    }));
    return { total: num(head.total), totals, months, list };
  }
}
