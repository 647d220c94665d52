import { sql, type Kysely } from 'kysely';
import { resumeDayEvents, type DayEvent, type DayEventKind } from '../report/day-events';
import { isApproximateFix, odometerRule } from '../track/odometer';
import { emptyColumns, type TrackColumns } from '../track/track-columns';
import type { Database } from './db-schema';
import type { StoredDayResume } from './report-tables';
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
  /** The asset's kind (null: a terminal without an asset). */
  kind: string | null;
  acc: boolean;
  speedLimit: number;
  overspeedSeconds: number;
}

/** A day still being reported whose refresh can resume: where, and the newest backfilled position its events include. */
interface LiveDay {
  resume: StoredDayResume;
  backfillSeen: Date | null;
}

const NO_EVENTS: Record<DayEventKind, number> = { trip: 0, stop: 0, overspeed: 0, fuelDrop: 0 };
const KINDS = Object.keys(NO_EVENTS) as DayEventKind[];

/**
 * report_events and report_event_days: each terminal's trips, stops, overspeed stretches, fuel
 * drops and fuel figures per China day, computed once a day has ended. The current day is
 * refreshed at most once a minute from where its last refresh left off (the first report of its
 * last stop, see DayResume in report/day-events.ts): only the positions from there on are read,
 * and what came before is kept. A day is computed whole again when it ends, when a backfilled
 * position of it arrived after it was computed (live reports arrive in order; one older than the
 * resume point, a stop's length back at least, comes as 补传), or when the vehicle's 限速 or the
 * tenant's 平台超速 settings changed.
 */
export class ReportEventDays {
  /** Positions read by the computations so far (what a refresh of the current day saves shows here). */
  positionsRead = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Makes sure every terminal has current events for every day of [firstDay, lastDay] up to today; answers how many terminal days it (re)computed. */
  async ensure(terminalIds: readonly number[], firstDay: string, lastDay: string, now: Date): Promise<number> {
    const today = chinaDay(now);
    const last = lastDay < today ? lastDay : today;
    if (terminalIds.length === 0 || last < firstDay) return 0;
    const ids = idArray(terminalIds);
    const lastFinished = addDays(chinaDay(new Date(now.getTime() - DAY_SETTLE_MS)), -1);
    const { rows } = await sql<{ terminal_id: number; day: string; resume: StoredDayResume | null; backfill_seen: Date | null }>`
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
      select pairs.id as terminal_id, to_char(pairs.day, 'YYYY-MM-DD') as day, r.backfill_seen,
        -- a day still being reported whose rules and backfilled positions are unchanged resumes where it left off
        case when not r.final and pairs.day > ${lastFinished}::date and r.speed_limit = pairs.speed_limit and r.overspeed_seconds = pairs.overspeed_seconds
          and (late.seen is null or late.seen <= r.backfill_seen) then r.resume end as resume
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
    const live = new Map<string, LiveDay>();
    for (const r of rows) {
      let ids = byDay.get(r.day);
      if (!ids) byDay.set(r.day, (ids = []));
      ids.push(Number(r.terminal_id));
      const resume = typeof r.resume === 'string' ? (JSON.parse(r.resume) as StoredDayResume) : r.resume;
      const rule = rules.get(Number(r.terminal_id));
      if (resume && resume.acc === rule?.acc && (resume.kind ?? null) === rule.kind) live.set(`${r.terminal_id} ${r.day}`, { resume, backfillSeen: r.backfill_seen && new Date(r.backfill_seen) });
    }
    for (const [day, dayIds] of byDay) {
      for (let i = 0; i < dayIds.length; i += COMPUTE_CHUNK) {
        const chunk = dayIds.slice(i, i + COMPUTE_CHUNK).map((id) => rules.get(id)!).filter(Boolean);
        await this.compute(chunk, day, day <= lastFinished, now, new Map(chunk.flatMap((r) => {
          const l = live.get(`${r.id} ${day}`);
          return l ? [[r.id, l] as const] : [];
        })));
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

  /**
   * Reads the terminals' positions of one day (of a live day, from its resume point on), computes
   * their events and replaces what was stored from there on.
   */
  private async compute(rules: readonly TerminalRule[], day: string, final: boolean, now: Date, live: ReadonlyMap<number, LiveDay>): Promise<void> {
    if (rules.length === 0) return;
    const start = chinaDayStart(day);
    const end = chinaDayStart(addDays(day, 1));
    const froms = rules.map((r) => {
      const l = live.get(r.id);
      return l ? new Date(l.resume.time) : start;
    });
    const { rows } = await sql<PositionFields & { terminal_id: number; fuel: number | null; backfill: boolean; received_time: Date }>`
      select f.id as terminal_id, p.device_time as t, p.lon, p.lat, p.speed, p.status_flags, p.extras->>'fix' as fix, (p.extras->>'accuracy')::float8 as accuracy,
        (p.extras->>'fuel')::float8 as fuel, p.backfill, p.received_time
      from unnest(${idArray(rules.map((r) => r.id))}, ${timeArray(froms)}) f(id, from_time)
      cross join lateral (
        select * from positions
        where terminal_id = f.id and device_time >= f.from_time and device_time >= ${start} and device_time < ${end}
      ) p
      order by 1, 2`.execute(this.db);
    this.positionsRead += rows.length;
    const byTerminal = new Map<number, typeof rows>();
    for (const r of rows) {
      const id = Number(r.terminal_id);
      let list = byTerminal.get(id);
      if (!list) byTerminal.set(id, (list = []));
      list.push(r);
    }
    const eventRows: Record<string, unknown>[] = [];
    const dayRows: Record<string, unknown>[] = [];
    const kept: Record<DayEventKind, number>[] = [];
    for (const rule of rules) {
      const points = byTerminal.get(rule.id) ?? [];
      const c = columnsOf(points);
      const fuel = Float64Array.from(points, (p) => (p.fuel === null || p.fuel === undefined ? NaN : Number(p.fuel)));
      const from = live.get(rule.id);
      const result = resumeDayEvents(c, fuel, {
        stopSeconds: REPORT_STOP_SECONDS, minTripMetres: REPORT_MIN_TRIP_METRES, acc: rule.acc, odometer: odometerRule(rule.kind), speedLimit: rule.speedLimit, overspeedSeconds: rule.overspeedSeconds,
      }, from?.resume ?? null);
      // the events before the resume point stay; those after are numbered on from them
      const seq = { ...(from?.resume.counts ?? NO_EVENTS) };
      kept.push({ ...seq });
      for (const e of result.events) eventRows.push(toEventRow(rule.id, day, ++seq[e.kind], e));
      let backfillSeen = from?.backfillSeen ?? null;
      for (const p of points) {
        const seen = p.received_time instanceof Date ? p.received_time : new Date(p.received_time);
        if (p.backfill && (!backfillSeen || seen > backfillSeen)) backfillSeen = seen;
      }
      const f = result.fuel;
      dayRows.push({
        terminal_id: rule.id, day, speed_limit: rule.speedLimit, overspeed_seconds: rule.overspeedSeconds, final, backfill_seen: backfillSeen,
        fuel_readings: f.readings, fuel_first: f.first, fuel_last: f.last, fuel_used: f.used, fuel_added: f.added,
        trip_metres: result.tripMetres, computed_at: now, resume: final || !result.resume ? null : JSON.stringify({ ...result.resume, acc: rule.acc, kind: rule.kind }),
      });
    }
    // per terminal and kind, the events to keep: those before the resume point (none when computed whole)
    const keys = rules.flatMap((r, i) => KINDS.map((kind) => ({ kind, id: r.id, kept: kept[i]![kind] })));
    await this.db.transaction().execute(async (trx) => {
      await sql`
        delete from report_events e
        using unnest(${textArray(keys.map((k) => k.kind))}, ${idArray(keys.map((k) => k.id))}, ${idArray(keys.map((k) => k.kept))}) k(kind, id, kept)
        where e.kind = k.kind and e.terminal_id = k.id and e.day = ${day}::date and e.seq > k.kept`.execute(trx);
      for (let i = 0; i < eventRows.length; i += INSERT_CHUNK) {
        await trx.insertInto('report_events').values(eventRows.slice(i, i + INSERT_CHUNK) as never).onConflict((oc) => oc.doNothing()).execute();
      }
      await trx.insertInto('report_event_days').values(dayRows as never).onConflict((oc) => oc.columns(['terminal_id', 'day']).doUpdateSet((eb) => ({
        speed_limit: eb.ref('excluded.speed_limit'), overspeed_seconds: eb.ref('excluded.overspeed_seconds'), final: eb.ref('excluded.final'),
        backfill_seen: eb.ref('excluded.backfill_seen'), fuel_readings: eb.ref('excluded.fuel_readings'), fuel_first: eb.ref('excluded.fuel_first'),
        fuel_last: eb.ref('excluded.fuel_last'), fuel_used: eb.ref('excluded.fuel_used'), fuel_added: eb.ref('excluded.fuel_added'),
        trip_metres: eb.ref('excluded.trip_metres'), computed_at: eb.ref('excluded.computed_at'), resume: eb.ref('excluded.resume'),
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
  return { id: Number(r.id), kind, acc: kind === null || kind === 'vehicle' || kind === 'ebike', speedLimit: Number(r.speed_limit), overspeedSeconds: Number(r.overspeed_seconds) };
}

function toEventRow(terminalId: number, day: string, seq: number, e: DayEvent): Record<string, unknown> {
  return {
    terminal_id: terminalId, day, kind: e.kind, seq, start_time: new Date(e.start), end_time: new Date(e.end),
    start_lon: e.startLon, start_lat: e.startLat, end_lon: e.endLon, end_lat: e.endLat, metres: e.metres, seconds: e.seconds,
    max_speed: e.maxSpeed, avg_speed: e.avgSpeed, acc: e.acc, value: e.value,
  };
}

function textArray(values: readonly string[]) {
  return sql<string[]>`${`{${values.join(',')}}`}::text[]`;
}

function timeArray(times: readonly Date[]) {
  return sql<Date[]>`${`{${times.map((t) => t.toISOString()).join(',')}}`}::timestamptz[]`;
}

/** The fields of a position the day's analysis reads. */
interface PositionFields {
  t: Date;
  lon: number;
  lat: number;
  speed: number;
  status_flags: number;
  fix: string | null;
  accuracy: number | null;
}

/** A day's positions as the columns the track analysis reads. */
function columnsOf(points: readonly PositionFields[]): TrackColumns {
  const c = emptyColumns(points.length);
  points.forEach((p, i) => {
    c.t[i] = (p.t instanceof Date ? p.t : new Date(p.t)).getTime();
    c.lon[i] = Number(p.lon);
    c.lat[i] = Number(p.lat);
    c.speed[i] = Number(p.speed);
    c.statusFlags[i] = Number(p.status_flags) >>> 0;
    if (isApproximateFix(p.fix)) c.approximate[i] = 1;
    if (p.accuracy !== null && p.accuracy !== undefined) c.accuracy[i] = Number(p.accuracy);
  });
  return c;
}
