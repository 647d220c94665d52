import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isApproximateFix, odometerRule } from '../track/odometer';
import { DayFigures, type DayFigureRow, type FigurePosition } from './day-figures';
import type { Database } from './db-schema';
import { addDays, chinaDay, chinaDayStart, DAY_SETTLE_MS, idArray, MOVING_KMH } from './report-day-stats';

/**
 * How far behind a terminal's latest position the kept figures stop, ms: the positions of that
 * last stretch are read again on each request, so ones that arrive a little out of order still count.
 */
export const LIVE_OVERLAP_MS = 30_000;
/** Terminal days kept at most; beyond, everything is read again (a scope of that many terminals is not a console's). */
const MAX_KEPT = 200_000;

/** What is kept of a terminal's day still being reported. */
interface Kept {
  /** The figures of every position before `untilUs`. */
  figures: DayFigures;
  untilUs: number;
  /** The rules they were computed with. */
  kind: string | null;
  onlineWindowSeconds: number;
  /** The newest arrival of a backfilled position of the day when they were checked (-Infinity: none). */
  backfillSeenUs: number;
}

/** A position as the figures read it (times in microseconds; int8 arrives as a string or a number). */
export interface PositionRow extends Pick<FigurePosition, 'backfill' | 'speed' | 'mileage' | 'moving' | 'lon' | 'lat'> {
  pair: number;
  us: string | number;
  received_us: string | number;
  fix: string | null;
  accuracy: number | null;
}

/** One terminal day of the live range with positions, as {@link liveFiguresSql} reads it. */
export interface LiveFigureRow extends DayFigureRow {
  terminal_id: number;
  day: string;
}

/**
 * The figures of the days still being reported (today; yesterday until it settles), per terminal,
 * read in increments: each request reads only the positions after what it kept from the last one
 * (less LIVE_OVERLAP_MS; positions timed after `now` are always read again), instead of the whole
 * day so far. Live reports of a terminal arrive in order; one that arrives later than the overlap
 * behind newer ones comes as 补传 (backfill), and a backfilled position that arrived since, a changed
 * asset kind or online window, read the day whole again. A finished day is stored whole by
 * ReportDays, from every position.
 */
export class LiveDayFigures {
  /** Positions read so far (what the increments save shows here). */
  positionsRead = 0;
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Forgets what was kept: the next request reads its days whole. */
  forget(): void {
    this.kept.clear();
  }

  /** The figures of each terminal on each day of [firstDay, lastDay] with positions, at `now`. */
  async rows(terminalIds: readonly number[], firstDay: string, lastDay: string, onlineWindowSeconds: number, now: Date): Promise<LiveFigureRow[]> {
    if (terminalIds.length === 0 || lastDay < firstDay) return [];
    // a day that has settled is stored whole by ReportDays and read from there
    const firstLive = chinaDay(new Date(now.getTime() - DAY_SETTLE_MS));
    for (const [key, kept] of this.kept) if (key.slice(key.indexOf(' ') + 1) < firstLive || kept.onlineWindowSeconds !== onlineWindowSeconds) this.kept.delete(key);
    if (this.kept.size > MAX_KEPT) this.kept.clear();
    const ids = idArray(terminalIds);
    const [start, end] = [chinaDayStart(firstDay), chinaDayStart(addDays(lastDay, 1))];
    const [{ rows: kinds }, { rows: late }] = await Promise.all([
      sql<{ id: number; asset_kind: string | null }>`select t.id, v.asset_kind from terminals t left join vehicles v on v.id = t.vehicle_id where t.id = any(${ids})`.execute(this.db),
      sql<{ terminal_id: number; day: string; seen_us: string | number }>`
        select terminal_id, to_char((device_time at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day, (extract(epoch from max(received_time)) * 1000000)::int8 as seen_us
        from positions
        where backfill and terminal_id = any(${ids}) and device_time >= ${start} and device_time < ${end}
        group by 1, 2`.execute(this.db),
    ]);
    const kindOf = new Map(kinds.map((k) => [Number(k.id), k.asset_kind ?? null]));
    const lateOf = new Map(late.map((l) => [`${l.terminal_id} ${l.day}`, Number(l.seen_us)]));

    // each terminal day: from where its kept figures stop, or from the start of the day
    const pairs: { id: number; day: string; fromUs: number; endUs: number; kept: Kept | undefined; backfillSeenUs: number }[] = [];
    for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
      const dayStartUs = chinaDayStart(day).getTime() * 1000;
      const dayEndUs = chinaDayStart(addDays(day, 1)).getTime() * 1000;
      for (const id of terminalIds) {
        const key = `${id} ${day}`;
        const backfillSeenUs = lateOf.get(key) ?? -Infinity;
        let kept = this.kept.get(key);
        if (kept && (kept.kind !== (kindOf.get(id) ?? null) || backfillSeenUs > kept.backfillSeenUs)) kept = undefined;
        pairs.push({ id, day, fromUs: kept?.untilUs ?? dayStartUs, endUs: dayEndUs, kept, backfillSeenUs });
      }
    }
    const rows = await this.positions(pairs);

    const out: LiveFigureRow[] = [];
    let next = 0;
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[i]!;
      const read: PositionRow[] = [];
      while (next < rows.length && Number(rows[next]!.pair) === i) read.push(rows[next++]!);
      const kind = kindOf.get(pair.id) ?? null;
      // a copy: a request running beside this one reads on from the same kept figures
      const figures = pair.kept?.figures.clone() ?? new DayFigures(odometerRule(kind), onlineWindowSeconds);
      // kept: everything up to LIVE_OVERLAP_MS before the newest position, or before now when that is later
      // (a terminal's clock that jumped ahead hides none of its reports after); that stretch is read again next time
      const newestUs = Math.min(read.length ? Number(read[read.length - 1]!.us) : figures.latestUs, now.getTime() * 1000);
      const untilUs = Number.isNaN(newestUs) ? pair.fromUs : Math.max(pair.fromUs, newestUs - LIVE_OVERLAP_MS * 1000);
      let k = 0;
      for (; k < read.length && Number(read[k]!.us) < untilUs; k++) figures.feed(toPosition(read[k]!));
      this.kept.set(`${pair.id} ${pair.day}`, { figures, untilUs, kind, onlineWindowSeconds, backfillSeenUs: pair.backfillSeenUs });
      const current = k < read.length ? figures.clone() : figures;
      for (; k < read.length; k++) current.feed(toPosition(read[k]!));
      const row = current.row();
      if (row) out.push({ terminal_id: pair.id, day: pair.day, ...row });
    }
    return out;
  }

  /** The positions of each terminal day from its `fromUs` on, ordered by pair (its index) and time. */
  protected async positions(pairs: readonly { id: number; fromUs: number; endUs: number }[]): Promise<PositionRow[]> {
    const { rows } = await sql<PositionRow>`
      select f.pair, (extract(epoch from p.device_time) * 1000000)::int8 as us, (extract(epoch from p.received_time) * 1000000)::int8 as received_us,
        p.backfill, p.speed, p.mileage, p.speed >= ${MOVING_KMH} and (p.status_flags & 1) <> 0 as moving,
        p.lon, p.lat, p.extras->>'fix' as fix, (p.extras->>'accuracy')::float8 as accuracy
      from unnest(${idArray(pairs.map((_, i) => i))}, ${idArray(pairs.map((p) => p.id))}, ${usArray(pairs.map((p) => p.fromUs))}, ${usArray(pairs.map((p) => p.endUs))}) f(pair, id, from_us, end_us)
      cross join lateral (
        select * from positions
        where terminal_id = f.id and device_time >= timestamptz 'epoch' + f.from_us * interval '1 microsecond'
          and device_time < timestamptz 'epoch' + f.end_us * interval '1 microsecond'
      ) p
      order by 1, 2`.execute(this.db);
    this.positionsRead += rows.length;
    return rows;
  }
}

function toPosition(r: PositionRow): FigurePosition {
  return {
    us: Number(r.us),
    receivedUs: Number(r.received_us),
    backfill: r.backfill,
    // a real (float4), summed at its own value as the statement of the finished days sums it
    speed: Math.fround(Number(r.speed)),
    mileage: r.mileage === null ? null : Number(r.mileage),
    moving: r.moving,
    lon: Number(r.lon),
    lat: Number(r.lat),
    approximate: isApproximateFix(r.fix),
    accuracy: r.accuracy === null ? NaN : Number(r.accuracy),
  };
}

function usArray(values: readonly number[]): RawBuilder<string[]> {
  return sql<string[]>`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int8[]`;
}

const us = (column: string) => sql`timestamptz 'epoch' + ${sql.ref(column)} * interval '1 microsecond'`;

/** The rows as the figure columns of report_days (terminal_id, day, DAY_FIGURES), for a union with its rows. */
export function liveFiguresSql(rows: readonly LiveFigureRow[]): RawBuilder<unknown> {
  return sql`
    select x.terminal_id, x.day, x.reports, ${us('x.first_us')} as first_time, ${us('x.last_us')} as last_time, x.max_speed, x.moving_reports,
      x.moving_speed_sum, x.odometer_reports, x.odometer_km, x.gps_km, x.driving_seconds, x.live_reports,
      ${us('x.live_first_us')} as live_first_time, ${us('x.live_last_us')} as live_last_time, x.online_seconds, ${us('x.backfill_seen_us')} as backfill_seen
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
      terminal_id integer, day date, reports integer, first_us int8, last_us int8, max_speed real, moving_reports integer, moving_speed_sum float8,
      odometer_reports integer, odometer_km float8, gps_km float8, driving_seconds float8, live_reports integer, live_first_us int8, live_last_us int8,
      online_seconds float8, backfill_seen_us int8)`;
}
