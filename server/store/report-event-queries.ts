import { sql, type Kysely } from 'kysely';
import type { FuelReportItem, ReportAssetColumns } from '../../sdk/report';
import type { DayEvent, DayEventKind } from '../report/day-events';
import type { Database } from './db-schema';
import { idArray } from './report-day-stats';
import { ReportEventDays } from './report-event-days';
import { ReportQueries, type AssetColumns, type ReportFilter, type ReportOptions } from './report-queries';
import { assetColumns, num, parseJson, round } from './row-values';
import type { AccessScope } from './scope-queries';

export type EventReportOptions = Omit<ReportOptions, 'onlineWindowSeconds'>;

/** One trip, stop, overspeed stretch or fuel drop of 行程报表, 停车报表 or 超速报表 (times as dates). */
export interface ReportEvent extends AssetColumns, Omit<DayEvent, 'kind' | 'start' | 'end'> {
  day: string;
  start: Date;
  end: Date;
}

export interface EventTotals {
  count: number;
  vehicles: number;
  metres: number;
  seconds: number;
  maxSpeed: number;
  /** Stops: those with ACC on for most of the stop; overspeed: none. */
  accCount: number;
  /** Sum of `value`: stops' seconds with ACC on, fuel drops' litres. */
  valueSum: number;
}

export interface EventDaySum {
  day: string;
  count: number;
  metres: number;
  seconds: number;
}

/** 油耗报表: one vehicle on one day with fuel readings. */
export interface FuelDay extends AssetColumns, Omit<FuelReportItem, keyof ReportAssetColumns | 'distance' | 'per100Km'> {
  /** km of the day's trips. */
  tripKm: number;
}

export interface FuelTotals {
  vehicles: number;
  usedLitres: number;
  addedLitres: number;
  drops: number;
  dropLitres: number;
  tripKm: number;
}

/** 离线报表: one asset whose last report is older than the threshold (or that never reported). */
export interface OfflineAsset extends AssetColumns {
  lastTime: Date | null;
  lon: number | null;
  lat: number | null;
  /** Since the last report; null when it never reported. */
  offlineSeconds: number | null;
}

const time = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * 行程报表, 停车报表, 超速报表, 油耗报表 and 离线报表: read from report_events and
 * report_event_days (computed once per finished day, see {@link ReportEventDays}).
 */
export class ReportEventQueries {
  readonly days: ReportEventDays;

  constructor(private readonly db: Kysely<Database>, private readonly reports: ReportQueries) {
    this.days = new ReportEventDays(db);
  }

  /**
   * The trips, stops or overspeed stretches of the filter's vehicles and days, ordered by plate and
   * start, with totals and a sum per day over every row of the filter. Stops may be narrowed to
   * those with ACC on (`acc` true) or off.
   */
  async events(scope: AccessScope, kind: Exclude<DayEventKind, 'fuelDrop'>, filter: ReportFilter & { acc?: boolean }, opts: EventReportOptions): Promise<{ total: number; totals: EventTotals; days: EventDaySum[]; list: ReportEvent[] }> {
    const ids = await this.reports.assetIds(scope, filter);
    await this.days.ensure(ids, filter.startDay, filter.endDay, opts.now);
    const accFilter = filter.acc === undefined ? sql`` : sql`and e.acc = ${filter.acc}`;
    const { rows } = await sql<Record<string, unknown>>`
      with a as (${ReportQueries.assetsSql(ids)}),
      e as materialized (
        select e.*, to_char(e.day, 'YYYY-MM-DD') as day_text, a.display_no, a.plate_no, a.group_name, a.asset_kind
        from report_events e join a on a.terminal_id = e.terminal_id
        where e.kind = ${kind} and e.terminal_id = any(${idArray(ids)}) and e.day >= ${filter.startDay}::date and e.day <= ${filter.endDay}::date ${accFilter}
      ),
      t as (
        select count(*) as total, count(distinct terminal_id) as vehicles, coalesce(sum(metres), 0) as total_metres,
          coalesce(sum(seconds), 0) as total_seconds, coalesce(max(max_speed), 0) as total_max_speed,
          count(*) filter (where acc) as acc_count, coalesce(sum(value), 0) as value_sum,
          (select json_agg(json_build_object('day', x.day_text, 'count', x.n, 'metres', x.m, 'seconds', x.s) order by x.day_text)
           from (select day_text, count(*) as n, sum(metres) as m, sum(seconds) as s from e group by day_text) x) as day_list
        from e
      )
      select t.*, x.* from t left join lateral (
        select * from e order by coalesce(e.plate_no, e.display_no), e.terminal_id, e.start_time ${ReportQueries.pageSql(opts)}
      ) x on true`.execute(this.db);
    const head = rows[0] ?? {};
    const totals: EventTotals = {
      count: num(head.total), vehicles: num(head.vehicles), metres: Math.round(num(head.total_metres)), seconds: Math.round(num(head.total_seconds)),
      maxSpeed: round(num(head.total_max_speed), 1), accCount: num(head.acc_count), valueSum: round(num(head.value_sum), 1),
    };
    const days = parseJson<{ day: string; count: number; metres: number; seconds: number }[]>(head.day_list).map((d) => ({
      day: d.day, count: num(d.count), metres: Math.round(num(d.metres)), seconds: Math.round(num(d.seconds)),
    }));
    const list = rows.filter((r) => r.terminal_id != null).map((r): ReportEvent => ({
      ...assetColumns(r), day: String(r.day_text), start: time(r.start_time), end: time(r.end_time),
      startLon: num(r.start_lon), startLat: num(r.start_lat), endLon: num(r.end_lon), endLat: num(r.end_lat),
      metres: Math.round(num(r.metres)), seconds: num(r.seconds), maxSpeed: round(num(r.max_speed), 1), avgSpeed: round(num(r.avg_speed), 1),
      acc: (r.acc as boolean | null) ?? null, value: r.value === null || r.value === undefined ? null : round(num(r.value), 1),
    }));
    return { total: num(head.total), totals, days, list };
  }

  /** 油耗报表: each vehicle's days with fuel readings: level at first and last reading, used, refuelled, fuel drops and the km driven. */
  async fuel(scope: AccessScope, filter: ReportFilter, opts: EventReportOptions): Promise<{ total: number; totals: FuelTotals; days: { day: string; usedLitres: number; tripKm: number }[]; list: FuelDay[] }> {
    const ids = await this.reports.assetIds(scope, filter);
    await this.days.ensure(ids, filter.startDay, filter.endDay, opts.now);
    const { rows } = await sql<Record<string, unknown>>`
      with a as (${ReportQueries.assetsSql(ids)}),
      f as materialized (
        select d.*, to_char(d.day, 'YYYY-MM-DD') as day_text, a.display_no, a.plate_no, a.group_name, a.asset_kind,
          coalesce(x.n, 0) as drops, coalesce(x.litres, 0) as drop_litres
        from report_event_days d join a on a.terminal_id = d.terminal_id
        left join lateral (
          select count(*) as n, sum(e.value) as litres from report_events e
          where e.kind = 'fuelDrop' and e.terminal_id = d.terminal_id and e.day = d.day
        ) x on true
        where d.terminal_id = any(${idArray(ids)}) and d.day >= ${filter.startDay}::date and d.day <= ${filter.endDay}::date and d.fuel_readings > 0
      ),
      t as (
        select count(*) as total, count(distinct terminal_id) as vehicles, coalesce(sum(fuel_used), 0) as used, coalesce(sum(fuel_added), 0) as added,
          coalesce(sum(drops), 0) as drops_total, coalesce(sum(drop_litres), 0) as drop_litres_total, coalesce(sum(trip_metres), 0) as metres,
          (select json_agg(json_build_object('day', x.day_text, 'used', x.used, 'metres', x.metres) order by x.day_text)
           from (select day_text, sum(fuel_used) as used, sum(trip_metres) as metres from f group by day_text) x) as day_list
        from f
      )
      select t.*, x.* from t left join lateral (
        select * from f order by coalesce(f.plate_no, f.display_no), f.terminal_id, f.day ${ReportQueries.pageSql(opts)}
      ) x on true`.execute(this.db);
    const head = rows[0] ?? {};
    const totals: FuelTotals = {
      vehicles: num(head.vehicles), usedLitres: round(num(head.used), 1), addedLitres: round(num(head.added), 1),
      drops: num(head.drops_total), dropLitres: round(num(head.drop_litres_total), 1), tripKm: round(num(head.metres) / 1000, 2),
    };
    const days = parseJson<{ day: string; used: number; metres: number }[]>(head.day_list).map((d) => ({
      day: d.day, usedLitres: round(num(d.used), 1), tripKm: round(num(d.metres) / 1000, 2),
    }));
    const list = rows.filter((r) => r.terminal_id != null).map((r): FuelDay => ({
      ...assetColumns(r), day: String(r.day_text), readings: num(r.fuel_readings),
      firstLitres: r.fuel_first === null ? null : round(num(r.fuel_first), 1), lastLitres: r.fuel_last === null ? null : round(num(r.fuel_last), 1),
      usedLitres: round(num(r.fuel_used), 1), addedLitres: round(num(r.fuel_added), 1), drops: num(r.drops), dropLitres: round(num(r.drop_litres), 1),
      tripKm: round(num(r.trip_metres) / 1000, 2),
    }));
    return { total: num(head.total), totals, days, list };
  }

  /** 离线报表: the filter's assets whose last report is older than `hours` or that never reported, longest offline first. */
  async offline(scope: AccessScope, filter: Pick<ReportFilter, 'groupIds' | 'keyword'> & { hours: number }, opts: EventReportOptions): Promise<{ total: number; assets: number; never: number; list: OfflineAsset[] }> {
    const ids = await this.reports.assetIds(scope, { ...filter, startDay: '', endDay: '' });
    const since = new Date(opts.now.getTime() - filter.hours * 3600_000);
    const { rows } = await sql<Record<string, unknown>>`
      with a as (
        select t.id as terminal_id, t.display_no, v.plate_no, g.name as group_name, v.asset_kind, lp.device_time, lp.lon, lp.lat
        from terminals t
        left join vehicles v on v.id = t.vehicle_id
        left join vehicle_groups g on g.id = v.group_id
        left join latest_positions lp on lp.terminal_id = t.id
        where t.id = any(${idArray(ids)})
      ),
      o as materialized (select * from a where device_time is null or device_time < ${since}),
      t as (select (select count(*) from o) as total, (select count(*) from a) as assets, (select count(*) from o where device_time is null) as never)
      select t.*, x.* from t left join lateral (
        select * from o order by o.device_time nulls first, coalesce(o.plate_no, o.display_no), o.terminal_id ${ReportQueries.pageSql(opts)}
      ) x on true`.execute(this.db);
    const head = rows[0] ?? {};
    const list = rows.filter((r) => r.terminal_id != null).map((r): OfflineAsset => {
      const last = r.device_time === null || r.device_time === undefined ? null : time(r.device_time);
      return {
        ...assetColumns(r), lastTime: last, lon: last ? num(r.lon) : null, lat: last ? num(r.lat) : null,
        offlineSeconds: last ? Math.max(0, Math.round((opts.now.getTime() - last.getTime()) / 1000)) : null,
      };
    });
    return { total: num(head.total), assets: num(head.assets), never: num(head.never), list };
  }
}
