/**
 * What 轨迹回放 computes from a stored track: stops (停留点), alarm episodes, totals, the points to
 * keep when simplifying for a zoom level, and a speed series for the chart. Pure functions over
 * {@link TrackColumns}; times are epoch ms here and become ISO strings in the route.
 */
import { distance } from '../../sdk/geo';
import { mercatorMetresPerPixel } from '../../sdk/track';
import { Odometer, type OdometerRule } from './odometer';
import { isStanding, type TrackColumns } from './track-columns';
import { downsampleSeries, mercator, simplifyTrack, turnAngle } from './track-simplify';

export interface StopSpan {
  /** First standing position. */
  startIndex: number;
  /** The position where the vehicle moved again (or the track's last). */
  endIndex: number;
  start: number;
  end: number;
}

export interface AlarmSpan {
  startIndex: number;
  endIndex: number;
  flags: number;
}

export interface Totals {
  mileageKm: number;
  mileageSource: 'odometer' | 'gps';
  drivingSeconds: number;
  stopCount: number;
  stopSeconds: number;
  maxSpeed: number;
}

export interface AnalysisOptions {
  /** A standing spell counts as a stop from this long, seconds. */
  stopSeconds: number;
  /** How the asset's positions add distance (its kind's rule). */
  odometer: OdometerRule;
  /** Simplify for this map zoom (none: keep every point). */
  zoom?: number;
  /** Only the kept points inside [minLon, minLat, maxLon, maxLat] (and their neighbours). */
  bbox?: readonly [number, number, number, number];
  /** A course change at least this large between moving positions is a sharp turn, degrees. */
  turnDegrees?: number;
  /** Samples of the speed series (with zoom). */
  seriesSamples?: number;
}

export interface TrackAnalysis {
  /** Indices of the positions to answer with, ascending. */
  indices: Int32Array;
  simplified: boolean;
  stops: StopSpan[];
  alarms: AlarmSpan[];
  totals: Totals;
  speedSeries?: { t: number[]; v: number[] };
}

/** Tolerance of the simplification, screen pixels. */
export const TOLERANCE_PX = 1;
export const DEFAULT_TURN_DEGREES = 45;
/** Sharp turns are looked for only above this speed (GPS courses wander when slow), km/h. */
const TURN_MIN_SPEED = 5;
/** Two reports this far apart or more with the vehicle in place count as standing in between, metres. */
const SAME_PLACE_METRES = 100;
/** A gap between reports longer than this is not counted as driving time, ms. */
const MAX_DRIVING_GAP_MS = 10 * 60_000;
/** An odometer increase faster than this between two reports is a glitch, not distance driven, km/h. */
const MAX_PLAUSIBLE_KMH = 300;
const MAX_ALARM_EPISODES = 2000;
const SERIES_SAMPLES = 2000;

const step = (c: TrackColumns, i: number, j: number) => distance([c.lon[i], c.lat[i]], [c.lon[j], c.lat[j]]);

/** Whether the asset stands at report i (a vehicle: slow or ACC off). */
export type StandingTest = (c: TrackColumns, i: number) => boolean;

/** Whether the vehicle stood between report i and report i + 1. */
function standingAfter(c: TrackColumns, i: number, stopMs: number, standing: StandingTest): boolean {
  if (standing(c, i)) return true;
  // a silent terminal (switched off while parked) reports nothing: a long gap with no movement is standing
  return c.t[i + 1] - c.t[i] >= stopMs && step(c, i, i + 1) < SAME_PLACE_METRES;
}

/** Standing spells of at least `stopSeconds`, in time order; `standing` says what standing is for this asset. */
export function findStops(c: TrackColumns, stopSeconds: number, standing: StandingTest = isStanding): StopSpan[] {
  const stopMs = stopSeconds * 1000;
  const stops: StopSpan[] = [];
  const n = c.length;
  let i = 0;
  while (i < n) {
    const standingHere = i < n - 1 ? standingAfter(c, i, stopMs, standing) : standing(c, i);
    if (!standingHere) {
      i++;
      continue;
    }
    const a = i;
    while (i < n - 1 && standingAfter(c, i, stopMs, standing)) i++;
    // i: the first position after the standing spell (moving again), or the last of the track
    const b = i;
    if (c.t[b] - c.t[a] >= stopMs) stops.push({ startIndex: a, endIndex: b, start: c.t[a], end: c.t[b] });
    if (b === a) i++;
  }
  return stops;
}

/** Runs of consecutive positions with alarm bits set. */
export function findAlarms(c: TrackColumns): AlarmSpan[] {
  const spans: AlarmSpan[] = [];
  for (let i = 0; i < c.length && spans.length < MAX_ALARM_EPISODES; i++) {
    if (c.alarmFlags[i] === 0) continue;
    const a = i;
    let flags = 0;
    for (; i < c.length && c.alarmFlags[i] !== 0; i++) flags = (flags | c.alarmFlags[i]) >>> 0;
    spans.push({ startIndex: a, endIndex: i - 1, flags });
  }
  return spans;
}

/** Distance (the odometer's, else the positions' under `rule`), driving time and stops of the whole track. */
export function trackTotals(c: TrackColumns, stops: readonly StopSpan[], rule: OdometerRule): Totals {
  const n = c.length;
  let maxSpeed = 0;
  let drivingMs = 0;
  let odometerKm = 0;
  let readings = 0;
  let lastReading = -1;
  const gps = new Odometer(rule);
  for (let i = 0; i < n; i++) {
    if (c.speed[i] > maxSpeed) maxSpeed = c.speed[i];
    if (i < n - 1 && !isStanding(c, i)) {
      const gap = c.t[i + 1] - c.t[i];
      if (gap <= MAX_DRIVING_GAP_MS) drivingMs += gap;
    }
    const km = c.mileage[i];
    if (!Number.isNaN(km)) {
      if (lastReading >= 0) {
        const delta = km - c.mileage[lastReading];
        const hours = Math.max(0, c.t[i] - c.t[lastReading]) / 3_600_000;
        if (delta > 0 && delta <= hours * MAX_PLAUSIBLE_KMH + 1) odometerKm += delta;
      }
      lastReading = i;
      readings++;
    }
    gps.read(c.t[i], c.lon[i], c.lat[i], c.approximate[i] === 1, c.accuracy[i]);
  }
  const odometer = readings >= 2;
  let stopMs = 0;
  for (const s of stops) stopMs += s.end - s.start;
  return {
    mileageKm: Math.round((odometer ? odometerKm : gps.metres / 1000) * 100) / 100,
    mileageSource: odometer ? 'odometer' : 'gps',
    drivingSeconds: Math.round(drivingMs / 1000),
    stopCount: stops.length,
    stopSeconds: Math.round(stopMs / 1000),
    maxSpeed: Math.round(maxSpeed * 10) / 10,
  };
}

/**
 * Positions simplification must keep: first and last, both ends of every stop, every position
 * with alarm bits, and sharp turns (course change ≥ `turnDegrees` between moving positions).
 */
export function mustKeep(c: TrackColumns, stops: readonly StopSpan[], turnDegrees: number): Uint8Array {
  const n = c.length;
  const keep = new Uint8Array(n);
  if (n === 0) return keep;
  keep[0] = 1;
  keep[n - 1] = 1;
  for (const s of stops) {
    keep[s.startIndex] = 1;
    keep[s.endIndex] = 1;
  }
  let lastMoving = -1;
  for (let i = 0; i < n; i++) {
    if (c.alarmFlags[i] !== 0) keep[i] = 1;
    if (c.speed[i] < TURN_MIN_SPEED) continue;
    if (lastMoving >= 0 && turnAngle(c.course[lastMoving], c.course[i]) >= turnDegrees) keep[i] = 1;
    lastMoving = i;
  }
  return keep;
}

/** The kept indices inside the box, each with its kept neighbours so lines cross the box's edge. */
function withinBox(c: TrackColumns, kept: Int32Array, box: readonly [number, number, number, number]): Int32Array {
  const [minLon, minLat, maxLon, maxLat] = box;
  const take = new Uint8Array(kept.length);
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k];
    if (c.lon[i] < minLon || c.lon[i] > maxLon || c.lat[i] < minLat || c.lat[i] > maxLat) continue;
    take[k] = 1;
    if (k > 0) take[k - 1] = 1;
    if (k < kept.length - 1) take[k + 1] = 1;
  }
  const out: number[] = [];
  for (let k = 0; k < kept.length; k++) if (take[k]) out.push(kept[k]);
  return Int32Array.from(out);
}

export function analyseTrack(c: TrackColumns, options: AnalysisOptions): TrackAnalysis {
  const stops = findStops(c, options.stopSeconds);
  const alarms = findAlarms(c);
  const totals = trackTotals(c, stops, options.odometer);
  if (options.zoom === undefined) {
    return { indices: Int32Array.from({ length: c.length }, (_, i) => i), simplified: false, stops, alarms, totals };
  }
  const keep = mustKeep(c, stops, options.turnDegrees ?? DEFAULT_TURN_DEGREES);
  const { x, y } = mercator(c);
  let indices = simplifyTrack(x, y, c.t, keep, TOLERANCE_PX * mercatorMetresPerPixel(options.zoom));
  if (options.bbox) indices = withinBox(c, indices, options.bbox);
  return {
    indices,
    simplified: indices.length < c.length,
    stops,
    alarms,
    totals,
    speedSeries: downsampleSeries(c.t, c.speed, options.seriesSamples ?? SERIES_SAMPLES),
  };
}
