import { sql, type Kysely } from 'kysely';
import { dayEvents, type DayEvent } from '../report/day-events';
import type { TrackColumns } from '../track/track-columns';
import type { Database } from './db-schema';
import { addDays, chinaDay, chinaDayStart, DAY_SETTLE_MS, idArray } from './report-day-stats';

/** A standing spell this long is a stop and ends a trip (as 轨迹 trips.json), seconds. */
export const REPORT_STOP_SECONDS = 5 * 60;
/** Shorter moves are GPS drift, metres. */
export const REPORT_MIN_TRIP_METRES = 100;
/** 平台超速's defaults when the tenant never saved its own. */
const DEFAULT_SPEED_LIMIT = 100;
const DEFAULT_OVERSPEED_SECONDS = 10;
/** The current day's events are recomputed when older than this. */
export const LIVE_DAY_REFRESH_MS = 60_000;
/** Terminal days per positions read. */
const COMPUTE_CHUNK = 25;
const INSERT_CHUNK = 500;

interface TerminalRule {
  id: number;
  acc: boolean;
  speedLimit: number;
  overspeedSeconds: number;
}

/**
 * report_events and report_event_days: each terminal's trips, stops, overspeed stretches, fuel
 * drops and fuel figures per China day, computed once a day has ended (the current day is
 * recomputed at most once a minute). A day is recomputed when a backfilled position of it arrived
 * after it was computed, or when the vehicle's 限速 or the tenant's 平台超速 settings changed.
 */
export class ReportEventDays {
  constructor(private readonly db: Kysely<Database>) {}

  /** Makes sure every terminal has current events for every day of [firstDay, lastDay] up to today; answers how many terminal days it (re)computed. */
  async ensure(terminalIds: readonly number[], firstDay: string, lastDay: string, now: Date): Promise<number> {
    const today = chinaDay(now);
    const last = lastDay < today ? lastDay : today;
    if (terminalIds.length === 0 || last < firstDay) return 0;
    const ids = idArray(terminalIds);
    const lastFinished = addDays(chinaDay(new Date(now.getTime() - DAY_SETTLE_MS)), -1);
    const { rows } = await sql<{ terminal_id: number; day: string }>`
      with rules as (${rulesSql(terminalIds)}),
      pairs as (
        select r.*, d.day::date as day
        from rules r cross join generate_series(${firstDay}::date, ${last}::date, interval '1 day') d(day)
      ),
      late as (
        select terminal_id, ((device_time at time zone 'UTC') + interval '8 hours')::date as day, max(received_time) as seen
        from positions
        where backfill and terminal_id = any(${ids}) and device_time >= ${chinaDayStart(firstDay)} and device_time < ${chinaDayStart(addDays(last, 1))}
        group by 1, 2
      )
      select pairs.id as terminal_id, to_char(pairs.day, 'YYYY-MM-DD') as day
      from pairs
      left join report_event_days r on r.terminal_id = pairs.id and r.day = pairs.day
      left join late on late.terminal_id = pairs.id and late.day = pairs.day
      where r.terminal_id is null or r.speed_limit <> pairs.speed_limit or r.overspeed_seconds <> pairs.overspeed_seconds
        or (not r.final and (pairs.day <= ${lastFinished}::date or r.computed_at < ${new Date(now.getTime() - LIVE_DAY_REFRESH_MS)}))
        or (late.seen is not null and (r.backfill_seen is null or late.seen > r.backfill_seen))`.execute(this.db);
    if (rows.length === 0) return 0;
    const rules = new Map((await sql<Record<string, unknown>>`${rulesSql([...new Set(rows.map((r) => Number(r.terminal_id)))])}`.execute(this.db)).rows.map((r) => {
      const rule = toRule(r);
      return [rule.id, rule] as const;
    }));
    const byDay = new Map<string, number[]>();
    for (const r of rows) {
      let ids = byDay.get(r.day);
      if (!ids) byDay.set(r.day, (ids = []));
      ids.push(Number(r.terminal_id));
    }
    for (const [day, dayIds] of byDay) {
      for (let i = 0; i < dayIds.length; i += COMPUTE_CHUNK) {
        await this.compute(dayIds.slice(i, i + COMPUTE_CHUNK).map((id) => rules.get(id)!).filter(Boolean), day, day <= lastFinished, now);
      }
    }
    return rows.length;
  }

  /** Computes what is missing or stale of the `days` finished days up to `lastDay` for every terminal (the nightly warm-up). */
  async warm(lastDay: string, days: number, now: Date): Promise<number> {
    const ids = (await this.db.selectFrom('terminals').select('id').orderBy('id').execute()).map((r) => r.id);
    let computed = 0;
    for (let i = 0; i < ids.length; i += 1000) computed += await this.ensure(ids.slice(i, i + 1000), addDays(lastDay, 1 - days), lastDay, now);
    return computed;
  }

  /** Reads the terminals' positions of one day, computes their events and replaces what was stored. */
  private async compute(rules: readonly TerminalRule[], day: string, final: boolean, now: Date): Promise<void> {
    if (rules.length === 0) return;
    const start = chinaDayStart(day);
    const end = chinaDayStart(addDays(day, 1));
    const { rows } = await sql<{ terminal_id: number; t: Date; lon: number; lat: number; speed: number; status_flags: number; fuel: number | null; backfill: boolean; received_time: Date }>`
      select terminal_id, device_time as t, lon, lat, speed, status_flags, (extras->>'fuel')::float8 as fuel, backfill, received_time
      from positions
      where terminal_id = any(${idArray(rules.map((r) => r.id))}) and device_time >= ${start} and device_time < ${end}
      order by terminal_id, device_time`.execute(this.db);
    const byTerminal = new Map<number, typeof rows>();
    for (const r of rows) {
      const id = Number(r.terminal_id);
      let list = byTerminal.get(id);
      if (!list) byTerminal.set(id, (list = []));
      list.push(r);
    }
    const eventRows: Record<string, unknown>[] = [];
    const dayRows: Record<string, unknown>[] = [];
    for (const rule of rules) {
      const points = byTerminal.get(rule.id) ?? [];
      const c = columnsOf(points);
      const fuel = Float64Array.from(points, (p) => (p.fuel === null || p.fuel === undefined ? NaN : Number(p.fuel)));
      const { events, fuel: f } = dayEvents(c, fuel, {
        stopSeconds: REPORT_STOP_SECONDS, minTripMetres: REPORT_MIN_TRIP_METRES, acc: rule.acc, speedLimit: rule.speedLimit, overspeedSeconds: rule.overspeedSeconds,
      });
      const seq = new Map<string, number>();
      for (const e of events) {
        const n = (seq.get(e.kind) ?? 0) + 1;
        seq.set(e.kind, n);
        eventRows.push(toEventRow(rule.id, day, n, e));
      }
      let backfillSeen: Date | null = null;
      for (const p of points) {
        const seen = p.received_time instanceof Date ? p.received_time : new Date(p.received_time);
        if (p.backfill && (!backfillSeen || seen > backfillSeen)) backfillSeen = seen;
      }
      dayRows.push({
        terminal_id: rule.id, day, speed_limit: rule.speedLimit, overspeed_seconds: rule.overspeedSeconds, final, backfill_seen: backfillSeen,
        fuel_readings: f.readings, fuel_first: f.first, fuel_last: f.last, fuel_used: f.used, fuel_added: f.added,
        trip_metres: events.reduce((m, e) => m + (e.kind === 'trip' ? e.metres : 0), 0), computed_at: now,
      });
    }
    const ids = rules.map((r) => r.id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('report_events').where('terminal_id', 'in', ids).where('day', '=', day).execute();
      for (let i = 0; i < eventRows.length; i += INSERT_CHUNK) {
        await trx.insertInto('report_events').values(eventRows.slice(i, i + INSERT_CHUNK) as never).onConflict((oc) => oc.doNothing()).execute();
      }
      await trx.insertInto('report_event_days').values(dayRows as never).onConflict((oc) => oc.columns(['terminal_id', 'day']).doUpdateSet((eb) => ({
        speed_limit: eb.ref('excluded.speed_limit'), overspeed_seconds: eb.ref('excluded.overspeed_seconds'), final: eb.ref('excluded.final'),
        backfill_seen: eb.ref('excluded.backfill_seen'), fuel_readings: eb.ref('excluded.fuel_readings'), fuel_first: eb.ref('excluded.fuel_first'),
        fuel_last: eb.ref('excluded.fuel_last'), fuel_used: eb.ref('excluded.fuel_used'), fuel_added: eb.ref('excluded.fuel_added'),
        trip_metres: eb.ref('excluded.trip_metres'), computed_at: eb.ref('excluded.computed_at'),
      }))).execute();
    });
  }
}

/** Per terminal: whether it has an ignition, and its overspeed limit and minimum duration. */
function rulesSql(terminalIds: readonly number[]) {
  return sql`
    select t.id, v.asset_kind,
      coalesce(v.speed_limit, (c.thresholds->>'speedLimit')::real, ${DEFAULT_SPEED_LIMIT})::real as speed_limit,
      coalesce((c.thresholds->>'minDurationSeconds')::int, ${DEFAULT_OVERSPEED_SECONDS})::int as overspeed_seconds
    from terminals t
    left join vehicles v on v.id = t.vehicle_id
    left join alarm_controls c on c.tenant_id = t.tenant_id and c.alarm_type = 'platformOverspeed'
    where t.id = any(${idArray(terminalIds)})`;
}

function toRule(r: Record<string, unknown>): TerminalRule {
  const kind = r.asset_kind as string | null;
  return { id: Number(r.id), acc: kind === null || kind === 'vehicle' || kind === 'ebike', speedLimit: Number(r.speed_limit), overspeedSeconds: Number(r.overspeed_seconds) };
}

function toEventRow(terminalId: number, day: string, seq: number, e: DayEvent): Record<string, unknown> {
  return {
    terminal_id: terminalId, day, kind: e.kind, seq, start_time: new Date(e.start), end_time: new Date(e.end),
    start_lon: e.startLon, start_lat: e.startLat, end_lon: e.endLon, end_lat: e.endLat, metres: e.metres, seconds: e.seconds,
    max_speed: e.maxSpeed, avg_speed: e.avgSpeed, acc: e.acc, value: e.value,
  };
}

/** A day's positions as the columns the track analysis reads. */
function columnsOf(points: readonly { t: Date; lon: number; lat: number; speed: number; status_flags: number }[]): TrackColumns {
  const n = points.length;
  const c: TrackColumns = {
    length: n, t: new Float64Array(n), lon: new Float64Array(n), lat: new Float64Array(n), speed: new Float32Array(n), course: new Float32Array(n),
    alarmFlags: new Uint32Array(n), statusFlags: new Uint32Array(n), mileage: new Float64Array(n).fill(NaN),
  };
  points.forEach((p, i) => {
    c.t[i] = (p.t instanceof Date ? p.t : new Date(p.t)).getTime();
    c.lon[i] = Number(p.lon);
    c.lat[i] = Number(p.lat);
    c.speed[i] = Number(p.speed);
    c.statusFlags[i] = Number(p.status_flags) >>> 0;
  });
  return c;
}
