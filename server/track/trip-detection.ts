/**
 * Trips from a stored track: the moving stretches between stops — 骑行记录 of an e-bike, 遛狗记录 of
 * a pet, a person's walks. Pure functions over {@link TrackColumns}.
 */
import { trackMetres, type OdometerRule } from './odometer';
import { findStops, type StandingTest } from './track-analysis';
import { isStanding, STANDING_KMH, type TrackColumns } from './track-columns';

/** A stretch of a track from one report to another: a trip, or a stop or overspeed of 数据报表. */
export interface TrackSpan {
  /** Epoch ms. */
  start: number;
  end: number;
  startLon: number;
  startLat: number;
  endLon: number;
  endLat: number;
  /** Distance of the positions, metres, by the odometer rule of the asset's kind (odometer.ts). */
  metres: number;
  seconds: number;
  /** km/h. */
  maxSpeed: number;
  avgSpeed: number;
}

export interface Trip extends TrackSpan {
  startIndex: number;
  endIndex: number;
}

export interface TripOptions {
  /** A standing spell this long ends a trip, seconds. */
  stopSeconds: number;
  /** Shorter trips are GPS drift, not trips, metres. */
  minMetres: number;
  /** Vehicles and e-bikes stand with ACC off too; people and pets carry no ignition. */
  acc: boolean;
  /** How the asset's positions add distance (its kind's rule). */
  odometer: OdometerRule;
}

/** Standing for an asset without ignition: slower than 1 km/h. */
const slow: StandingTest = (c, i) => c.speed[i] < STANDING_KMH;

/** The trips of a track, in time order. */
export function findTrips(c: TrackColumns, options: TripOptions): Trip[] {
  const n = c.length;
  if (n < 2) return [];
  const stops = findStops(c, options.stopSeconds, options.acc ? isStanding : slow);
  // moving stretches: from the end of one stop (or the track's start) to the start of the next (or its end)
  const spans: [number, number][] = [];
  let from = 0;
  for (const s of stops) {
    if (s.startIndex > from) spans.push([from, s.startIndex]);
    from = s.endIndex;
  }
  if (from < n - 1) spans.push([from, n - 1]);
  const standing = options.acc ? isStanding : slow;
  return spans
    .map(([a, b]) => trimmed(c, a, b, standing))
    .filter((span): span is [number, number] => span !== undefined)
    .map(([a, b]) => measure(c, a, b, options.odometer))
    .filter((t) => t.metres >= options.minMetres);
}

/** A stretch from its first moving report to the report after its last moving one (short pauses at its ends are no trip). */
function trimmed(c: TrackColumns, a: number, b: number, standing: StandingTest): [number, number] | undefined {
  let first = a;
  while (first < b && standing(c, first)) first++;
  let last = b;
  while (last > first && standing(c, last)) last--;
  if (first >= b && standing(c, first)) return undefined;
  return [first, Math.min(b, last + 1)];
}

function measure(c: TrackColumns, a: number, b: number, rule: OdometerRule): Trip {
  let maxSpeed = 0;
  for (let i = a; i <= b; i++) if (c.speed[i] > maxSpeed) maxSpeed = c.speed[i];
  const metres = trackMetres(c, a, b, rule);
  const seconds = Math.max(0, Math.round((c.t[b] - c.t[a]) / 1000));
  return {
    startIndex: a, endIndex: b, start: c.t[a], end: c.t[b], startLon: c.lon[a], startLat: c.lat[a], endLon: c.lon[b], endLat: c.lat[b],
    metres: Math.round(metres), seconds, maxSpeed: Math.round(maxSpeed * 10) / 10,
    avgSpeed: seconds > 0 ? Math.round((metres / 1000 / (seconds / 3600)) * 10) / 10 : 0,
  };
}
