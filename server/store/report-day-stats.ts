import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isApproximateFix, Odometer, odometerRule } from '../track/odometer';
import { CHINA_OFFSET_MS, chinaDay as chinaDayOf, chinaDayStart as chinaMidnight } from '../time/china-time';
import type { Database } from './db-schema';

/** A report at least this fast (km/h) with ACC on is moving (as in 轨迹回放). */
export const MOVING_KMH = 1;
/** An odometer increase faster than this between two reports is a glitch, not distance driven, km/h. */
export const MAX_PLAUSIBLE_KMH = 300;
/** Consecutive reports further apart than this do not count as driving time (the terminal was silent). */
export const MAX_DRIVING_GAP_SECONDS = 600;
/** A China day's figures are kept once the day ended this long ago (positions still in flight have landed). */
export const DAY_SETTLE_MS = 10 * 60_000;

/** Terminals per statement that computes figures. */
const COMPUTE_CHUNK = 25;
/** Terminals per read of positions for the GPS distance (a day of 10-second reports is 8,640 rows each). */
const GPS_CHUNK = 50;
/** Terminals per staleness check of the warm-up. */
const WARM_CHUNK = 1000;
const DAY_MS = 86_400_000;

/** The UTC instant a China day (`YYYY-MM-DD`) starts. */
export function chinaDayStart(day: string): Date {
  return new Date(chinaMidnight(day));
}

/** The China day (`YYYY-MM-DD`) of an instant. */
export function chinaDay(time: Date): string {
  return chinaDayOf(time);
}

/** The calendar day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(chinaDayStart(day).getTime() + CHINA_OFFSET_MS + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return days;
}

/** An int[] parameter as one array literal. */
export function idArray(ids: readonly number[]): RawBuilder<number[]> {
  return sql<number[]>`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** The GPS kilometres of terminal days, as parallel arrays (terminal ids, China days, km). */
export interface GpsDays {
  terminalIds: number[];
  days: string[];
  km: number[];
}

/** The China day of a timestamptz column, as SQL. */
const dayOf = (column: string) => sql`((${sql.ref(column)} at time zone 'UTC') + interval '8 hours')::date`;

/**
 * The GPS distance of each terminal on each China day of [start, end) with positions, by the
 * odometer rule of its asset's kind (track/odometer.ts, the rule of 轨迹回放, trips and 行程报表):
 * the positions are read in time order and summed here, the rule being sequential (each fix is
 * measured from the last one that counted). Each day starts afresh: steps across midnight belong
 * to neither day.
 */
export async function gpsDays(db: Kysely<Database>, terminalIds: readonly number[], start: Date, end: Date): Promise<GpsDays> {
  const out: GpsDays = { terminalIds: [], days: [], km: [] };
  if (terminalIds.length === 0) return out;
  const { rows: kinds } = await sql<{ id: number; asset_kind: string | null }>`
    select t.id, v.asset_kind from terminals t left join vehicles v on v.id = t.vehicle_id where t.id = any(${idArray(terminalIds)})`.execute(db);
  const ruleOf = new Map(kinds.map((k) => [Number(k.id), odometerRule(k.asset_kind)]));
  for (let i = 0; i < terminalIds.length; i += GPS_CHUNK) {
    const { rows } = await sql<{ terminal_id: number; t: number; lon: number; lat: number; fix: string | null; accuracy: number | null }>`
      select terminal_id, (extract(epoch from device_time) * 1000)::float8 as t, lon, lat, extras->>'fix' as fix, (extras->>'accuracy')::float8 as accuracy
      from positions
      where terminal_id = any(${idArray(terminalIds.slice(i, i + GPS_CHUNK))}) and device_time >= ${start} and device_time < ${end}
      order by terminal_id, device_time`.execute(db);
    let odometer: Odometer | undefined;
    let terminal = -1;
    let day = NaN;
    const flush = () => {
      if (!odometer) return;
      out.terminalIds.push(terminal);
      out.days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
      out.km.push(odometer.metres / 1000);
    };
    for (const r of rows) {
      const id = Number(r.terminal_id);
      const t = Number(r.t);
      const d = Math.floor((t + CHINA_OFFSET_MS) / DAY_MS);
      if (id !== terminal || d !== day) {
        flush();
        terminal = id;
        day = d;
        odometer = new Odometer(ruleOf.get(id) ?? odometerRule(null));
      }
      odometer!.read(t, Number(r.lon), Number(r.lat), isApproximateFix(r.fix), r.accuracy === null ? NaN : Number(r.accuracy));
    }
    flush();
  }
  return out;
}

/**
 * The figures per terminal and China day of the positions of `terminalIds` in [start, end), one
 * row per (terminal, day) with at least one position: a range scan in primary-key order, one
 * window pass for the steps between consecutive positions, one aggregate. Steps across midnight
 * belong to neither day. The rules are those of 轨迹回放's totals, so a day reads the same in both:
 *
 * - mileage: `odometer_km` sums the increases of the terminal's odometer (`mileage`) between
 *   consecutive positions (last − first of the day; a reset, or an increase faster than
 *   300 km/h, is skipped); `gps_km` is the day's distance of the positions, summed beforehand by
 *   {@link gpsDays} (`gps`, zero for a day it does not list). Reports use the odometer when at
 *   least two positions of the day carry it.
 * - driving: the step after a moving position (≥ 1 km/h with ACC on), when at most 10 minutes long;
 *   the average speed is that of the moving positions.
 * - online: steps shorter than the online window between consecutive live positions (backfilled
 *   ones were recorded while the terminal was offline).
 */
export function dayStatsSql(terminalIds: readonly number[], start: Date, end: Date, onlineWindowSeconds: number, gps: GpsDays): RawBuilder<unknown> {
  return sql`
    with p as (
      select p.terminal_id, p.device_time, p.received_time, p.backfill, p.speed, p.mileage,
        p.speed >= ${MOVING_KMH} and (p.status_flags & 1) <> 0 as moving,
        ${dayOf('p.device_time')} as day
      from positions p
      where p.terminal_id = any(${idArray(terminalIds)}) and p.device_time >= ${start} and p.device_time < ${end}
    ),
    s as (
      select p.*, lag(p.day) over w as prev_day, lag(p.device_time) over w as prev_time, lag(p.moving) over w as prev_moving,
        lag(p.mileage) over w as prev_mileage, lag(p.backfill) over w as prev_backfill
      from p
      window w as (partition by p.terminal_id order by p.device_time)
    ),
    seg as (
      select s.*, case when s.prev_day = s.day then extract(epoch from s.device_time - s.prev_time) end as gap,
        case when s.prev_day = s.day and s.mileage > s.prev_mileage then s.mileage - s.prev_mileage end as odometer_step,
        s.prev_day = s.day and s.prev_moving as moving_step,
        s.prev_day = s.day and not s.backfill and not s.prev_backfill as live_step
      from s
    ),
    a as (
      select terminal_id, day, count(*)::int as reports, min(device_time) as first_time, max(device_time) as last_time,
        coalesce(max(speed), 0) as max_speed,
        (count(*) filter (where moving))::int as moving_reports,
        coalesce(sum(speed::float8) filter (where moving), 0) as moving_speed_sum,
        count(mileage)::int as odometer_reports,
        coalesce(sum(odometer_step) filter (where odometer_step <= greatest(gap, 0) / 3600 * ${MAX_PLAUSIBLE_KMH} + 1), 0)::float8 as odometer_km,
        coalesce(sum(gap) filter (where moving_step and gap <= ${MAX_DRIVING_GAP_SECONDS}), 0)::float8 as driving_seconds,
        (count(*) filter (where not backfill))::int as live_reports,
        min(device_time) filter (where not backfill) as live_first_time,
        max(device_time) filter (where not backfill) as live_last_time,
        coalesce(sum(gap) filter (where live_step and gap < ${onlineWindowSeconds}), 0)::float8 as online_seconds,
        max(received_time) filter (where backfill) as backfill_seen
      from seg
      group by terminal_id, day
    )
    select a.*, coalesce(g.km, 0)::float8 as gps_km
    from a left join unnest(${idArray(gps.terminalIds)}, ${dateArray(gps.days)}, ${floatArray(gps.km)}) g(terminal_id, day, km)
      on g.terminal_id = a.terminal_id and g.day = a.day`;
}

function dateArray(days: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`${`{${days.join(',')}}`}::date[]`;
}

function floatArray(values: readonly number[]): RawBuilder<number[]> {
  return sql<number[]>`${`{${values.map((v) => (Number.isFinite(v) ? v : 0)).join(',')}}`}::float8[]`;
}

/** The figure columns of report_days and of {@link dayStatsSql}. */
export const DAY_FIGURES = [
  'reports', 'first_time', 'last_time', 'max_speed', 'moving_reports', 'moving_speed_sum', 'odometer_reports', 'odometer_km', 'gps_km',
  'driving_seconds', 'live_reports', 'live_first_time', 'live_last_time', 'online_seconds', 'backfill_seen',
] as const;

/**
 * report_days: the figures of finished China days, computed once and read by every later report.
 * A day's row is recomputed when a backfilled position of it arrived after it was computed, or
 * when the online window changed.
 */
export class ReportDays {
  constructor(private readonly db: Kysely<Database>) {}

  /** Makes sure every terminal has current figures for every finished day of [firstDay, lastDay]; answers how many rows it (re)computed. */
  async ensure(terminalIds: readonly number[], firstDay: string, lastDay: string, onlineWindowSeconds: number): Promise<number> {
    if (terminalIds.length === 0 || lastDay < firstDay) return 0;
    const ids = idArray(terminalIds);
    const { rows } = await sql<{ terminal_id: number; day: string }>`
      with pairs as (
        select t.id as terminal_id, d.day::date as day
        from unnest(${ids}) t(id) cross join generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d(day)
      ),
      late as (
        select terminal_id, ${dayOf('device_time')} as day, max(received_time) as seen
        from positions
        where backfill and terminal_id = any(${ids}) and device_time >= ${chinaDayStart(firstDay)} and device_time < ${chinaDayStart(addDays(lastDay, 1))}
        group by 1, 2
      )
      select pairs.terminal_id, to_char(pairs.day, 'YYYY-MM-DD') as day
      from pairs
      left join report_days r on r.terminal_id = pairs.terminal_id and r.day = pairs.day
      left join late on late.terminal_id = pairs.terminal_id and late.day = pairs.day
      where r.terminal_id is null or r.online_window_seconds <> ${onlineWindowSeconds}
        or (late.seen is not null and (r.backfill_seen is null or late.seen > r.backfill_seen))`.execute(this.db);
    const byDay = new Map<string, number[]>();
    for (const r of rows) {
      const list = byDay.get(r.day) ?? [];
      list.push(Number(r.terminal_id));
      byDay.set(r.day, list);
    }
    // a statement per day and a few terminals: on PGlite other work (ingest) runs in between
    for (const [day, dayIds] of byDay) {
      for (let i = 0; i < dayIds.length; i += COMPUTE_CHUNK) await this.compute(dayIds.slice(i, i + COMPUTE_CHUNK), day, onlineWindowSeconds);
    }
    return rows.length;
  }

  /** Computes what is missing or stale of the `days` finished days up to `lastDay` for every terminal (the nightly warm-up). */
  async warm(lastDay: string, days: number, onlineWindowSeconds: number): Promise<number> {
    const ids = (await this.db.selectFrom('terminals').select('id').orderBy('id').execute()).map((r) => r.id);
    let computed = 0;
    for (let i = 0; i < ids.length; i += WARM_CHUNK) computed += await this.ensure(ids.slice(i, i + WARM_CHUNK), addDays(lastDay, 1 - days), lastDay, onlineWindowSeconds);
    return computed;
  }

  /** Computes and stores one day's figures of the terminals (zeros for a terminal without positions that day). */
  private async compute(terminalIds: readonly number[], day: string, onlineWindowSeconds: number): Promise<void> {
    const start = chinaDayStart(day);
    const end = chinaDayStart(addDays(day, 1));
    const gps = await gpsDays(this.db, terminalIds, start, end);
    const figures = sql.join(DAY_FIGURES.map((c) => sql.ref(c)));
    const zeroed = sql.join(DAY_FIGURES.map((c) => (c.endsWith('_time') || c === 'backfill_seen' ? sql.ref(`x.${c}`) : sql`coalesce(${sql.ref(`x.${c}`)}, 0)`)));
    const updates = sql.join(DAY_FIGURES.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
    await sql`
      insert into report_days (terminal_id, day, ${figures}, online_window_seconds, computed_at)
      select t.id, ${day}::date, ${zeroed}, ${onlineWindowSeconds}, now()
      from unnest(${idArray(terminalIds)}) t(id)
      left join (${dayStatsSql(terminalIds, start, end, onlineWindowSeconds, gps)}) x on x.terminal_id = t.id
      on conflict (terminal_id, day) do update set ${updates}, online_window_seconds = excluded.online_window_seconds, computed_at = excluded.computed_at`.execute(this.db);
  }
}
