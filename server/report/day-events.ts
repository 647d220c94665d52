/**
 * What 行程报表, 停车报表, 超速报表 and 油耗报表 read of one terminal's day: its trips, stops,
 * overspeed stretches and fuel figures, from the day's positions. Pure functions over
 * {@link TrackColumns}; the trips are those of 轨迹 trips.json ({@link findTrips}).
 */
import { trackMetres, type OdometerRule } from '../track/odometer';
import { findStops, type StandingTest, type StopSpan } from '../track/track-analysis';
import { isStanding, STANDING_KMH, type TrackColumns } from '../track/track-columns';
import { findTrips, type TrackSpan } from '../track/trip-detection';

export type DayEventKind = 'trip' | 'stop' | 'overspeed' | 'fuelDrop';

export interface DayEvent extends TrackSpan {
  kind: DayEventKind;
  /** Stops: ACC on for most of the stop (the engine idled). */
  acc: boolean | null;
  /** Stops: seconds with ACC on; overspeed: the limit, km/h; fuel drops: litres lost. */
  value: number | null;
}

export interface DayFuel {
  readings: number;
  /** Litres at the day's first and last reading. */
  first: number | null;
  last: number | null;
  /** Litres: the sum of the level's falls between readings. */
  used: number;
  /** Litres: the sum of rises of at least {@link REFUEL_LITRES} (smaller ones are the level sloshing). */
  added: number;
}

export interface DayEventOptions {
  /** A standing spell this long is a stop and ends a trip, seconds. */
  stopSeconds: number;
  /** Shorter moves are GPS drift, metres. */
  minTripMetres: number;
  /** Vehicles and e-bikes stand with ACC off too; people and pets carry no ignition. */
  acc: boolean;
  /** How the asset's positions add distance (its kind's rule). */
  odometer: OdometerRule;
  /** 超速: above this, km/h (the vehicle's 限速, else the tenant's 平台超速 limit). */
  speedLimit: number;
  /** 超速: a stretch counts from this long, seconds. */
  overspeedSeconds: number;
}

/** Fuel summed so far, unrounded, and the last reading: where the sums over pairs of readings go on. */
export interface FuelFold {
  readings: number;
  first: number | null;
  used: number;
  added: number;
  /** The last reading: litres, epoch ms, and whether the vehicle stood there. */
  last: { litres: number; t: number; standing: boolean } | null;
}

/**
 * Where the analysis of a day still being reported resumes. Its positions up to the first report of
 * the day's last stop are settled: a stop found stays a stop with the same start whatever follows
 * (standing is judged from a report and the next), the trips before it end there, and the fuel sums
 * are over pairs of readings in time order. That report must not be above the speed limit (it can
 * be, with ACC off or before a silent spell), so that no overspeed stretch runs across it. Analysing
 * the positions from `time` on, continued from this state, gives exactly what the whole day gives.
 */
export interface DayResume {
  /** Epoch ms of the first position the next analysis reads. */
  time: number;
  /** The events before it, per kind: the next analysis's events come after them. */
  counts: Record<DayEventKind, number>;
  /** Metres of the trips before it. */
  tripMetres: number;
  /** Fuel of the readings before it. */
  fuel: FuelFold;
}

export interface ResumedDay {
  /** The events from the resume point on (each kind in time order, after those counted in it). */
  events: DayEvent[];
  /** The whole day's fuel figures. */
  fuel: DayFuel;
  /** The whole day's trip metres. */
  tripMetres: number;
  /** Where the next analysis resumes (null: from the day's start). */
  resume: DayResume | null;
}

/** A rise of the fuel level this large is a refuelling, litres. */
export const REFUEL_LITRES = 2;
/** A fall this large between two readings of a standing vehicle is a fuel drop (theft, a leak), litres. */
export const FUEL_DROP_LITRES = 5;
/** … when the two readings are at most this far apart, ms. */
const FUEL_DROP_MS = 30 * 60_000;

const slow: StandingTest = (c, i) => c.speed[i] < STANDING_KMH;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The day's trips, stops, overspeed stretches and fuel drops (each kind in time order) and its fuel figures. */
export function dayEvents(c: TrackColumns, fuel: Float64Array, options: DayEventOptions): { events: DayEvent[]; fuel: DayFuel } {
  const { events, fuel: figures } = resumeDayEvents(c, fuel, options, null);
  return { events, fuel: figures };
}

const NO_FUEL: FuelFold = { readings: 0, first: null, used: 0, added: 0, last: null };

/**
 * {@link dayEvents} of a day's positions from `from.time` on, continued from what came before
 * (`from` null: the whole day), and where the next analysis of the same day can resume.
 */
export function resumeDayEvents(c: TrackColumns, fuel: Float64Array, options: DayEventOptions, from: DayResume | null): ResumedDay {
  const standing = options.acc ? isStanding : slow;
  const stopSpans = findStops(c, options.stopSeconds, standing);
  // the resume point: the first report of the last stop, unless that report is above the limit (inside a stretch)
  let at = -1;
  for (const s of stopSpans) if (!(c.speed[s.startIndex] > options.speedLimit)) at = s.startIndex;
  const counts = { trip: 0, stop: 0, overspeed: 0, fuelDrop: 0, ...from?.counts };
  const events: DayEvent[] = [];
  let tripMetres = from?.tripMetres ?? 0;
  let tripMetresBefore = tripMetres;
  for (const t of findTrips(c, { stopSeconds: options.stopSeconds, minMetres: options.minTripMetres, acc: options.acc, odometer: options.odometer })) {
    events.push({
      kind: 'trip', start: t.start, end: t.end, startLon: t.startLon, startLat: t.startLat, endLon: t.endLon, endLat: t.endLat,
      metres: t.metres, seconds: t.seconds, maxSpeed: t.maxSpeed, avgSpeed: t.avgSpeed, acc: null, value: null,
    });
    tripMetres += t.metres;
    if (t.startIndex < at) {
      counts.trip++;
      tripMetresBefore = tripMetres;
    }
  }
  for (const s of stopSpans) if (s.startIndex < at) counts.stop++;
  events.push(...stops(c, stopSpans));
  const stretches = overspeeds(c, options);
  for (const i of stretches.startIndices) if (i < at) counts.overspeed++;
  events.push(...stretches.events);
  const figures = fuelFigures(c, fuel, from?.fuel ?? NO_FUEL, at);
  counts.fuelDrop += figures.dropsBefore;
  events.push(...figures.drops);
  const resume = at < 0 ? from : { time: c.t[at], counts, tripMetres: tripMetresBefore, fuel: figures.before! };
  return { events, fuel: figures.fuel, tripMetres, resume };
}

function stops(c: TrackColumns, spans: readonly StopSpan[]): DayEvent[] {
  return spans.map((s) => {
    let accMs = 0;
    for (let i = s.startIndex; i < s.endIndex; i++) if ((c.statusFlags[i] & 1) !== 0) accMs += c.t[i + 1] - c.t[i];
    const seconds = Math.round((s.end - s.start) / 1000);
    const accSeconds = Math.round(accMs / 1000);
    const a = s.startIndex;
    return {
      kind: 'stop', start: s.start, end: s.end, startLon: c.lon[a], startLat: c.lat[a], endLon: c.lon[a], endLat: c.lat[a],
      metres: 0, seconds, maxSpeed: 0, avgSpeed: 0, acc: accSeconds * 2 > seconds, value: accSeconds,
    } satisfies DayEvent;
  });
}

/**
 * Stretches of consecutive reports above the limit: from the first report above it to the first
 * one back at or under it (or the last report), kept from `overspeedSeconds` long.
 */
function overspeeds(c: TrackColumns, options: DayEventOptions): { events: DayEvent[]; startIndices: number[] } {
  const out: DayEvent[] = [];
  const startIndices: number[] = [];
  const n = c.length;
  let i = 0;
  while (i < n) {
    if (!(c.speed[i] > options.speedLimit)) {
      i++;
      continue;
    }
    const a = i;
    let max = 0;
    let sum = 0;
    for (; i < n && c.speed[i] > options.speedLimit; i++) {
      max = Math.max(max, c.speed[i]);
      sum += c.speed[i];
    }
    const b = i < n ? i : n - 1;
    const metres = trackMetres(c, a, b, options.odometer);
    const seconds = Math.round((c.t[b] - c.t[a]) / 1000);
    if (seconds >= options.overspeedSeconds && b > a) {
      out.push({
        kind: 'overspeed', start: c.t[a], end: c.t[b], startLon: c.lon[a], startLat: c.lat[a], endLon: c.lon[b], endLat: c.lat[b],
        metres: Math.round(metres), seconds, maxSpeed: round1(max), avgSpeed: round1(sum / (i - a)), acc: null, value: options.speedLimit,
      });
      startIndices.push(a);
    }
  }
  return { events: out, startIndices };
}

/** The fuel figures summed on from `from`, with the state and the count of drops before report `at` (where the next analysis resumes). */
function fuelFigures(c: TrackColumns, fuel: Float64Array, from: FuelFold, at: number): { fuel: DayFuel; drops: DayEvent[]; before: FuelFold | null; dropsBefore: number } {
  let { readings, first, used, added } = from;
  let has = from.last !== null;
  let lastLitres = from.last?.litres ?? 0;
  let lastT = from.last?.t ?? 0;
  let lastStanding = from.last?.standing ?? false;
  let before: FuelFold | null = null;
  let dropsBefore = 0;
  const drops: DayEvent[] = [];
  for (let i = 0; i < c.length; i++) {
    if (i === at) {
      before = { readings, first, used, added, last: has ? { litres: lastLitres, t: lastT, standing: lastStanding } : null };
      dropsBefore = drops.length;
    }
    const litres = fuel[i];
    if (Number.isNaN(litres)) continue;
    readings++;
    first ??= litres;
    const standing = isStanding(c, i);
    if (has) {
      const delta = litres - lastLitres;
      if (delta < 0) used -= delta;
      else if (delta >= REFUEL_LITRES) added += delta;
      if (-delta >= FUEL_DROP_LITRES && lastStanding && standing && c.t[i] - lastT <= FUEL_DROP_MS) {
        drops.push({
          kind: 'fuelDrop', start: lastT, end: c.t[i], startLon: c.lon[i], startLat: c.lat[i], endLon: c.lon[i], endLat: c.lat[i],
          metres: 0, seconds: Math.round((c.t[i] - lastT) / 1000), maxSpeed: 0, avgSpeed: 0, acc: null, value: round1(-delta),
        });
      }
    }
    has = true;
    lastLitres = litres;
    lastT = c.t[i];
    lastStanding = standing;
  }
  return { fuel: { readings, first, last: has ? lastLitres : null, used: round1(used), added: round1(added) }, drops, before, dropsBefore };
}
