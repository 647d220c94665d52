import type { StoredPosition } from '../store/position-queries';
import { isApproximateFix } from './odometer';

/** A track as typed columns: what the analysis loops read (one allocation per column, not per point). */
export interface TrackColumns {
  length: number;
  /** Device time, epoch ms. */
  t: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  speed: Float32Array;
  course: Float32Array;
  alarmFlags: Uint32Array;
  statusFlags: Uint32Array;
  /** Odometer km; NaN where not reported. */
  mileage: Float64Array;
  /** 1 for an approximate position (cells, WiFi, last known fix): it adds no distance. */
  approximate: Uint8Array;
  /** Accuracy radius, metres; NaN where not reported. */
  accuracy: Float32Array;
}

/** Columns for `n` positions: zeros, no odometer, satellite fixes without a reported accuracy. */
export function emptyColumns(n: number): TrackColumns {
  return {
    length: n,
    t: new Float64Array(n),
    lon: new Float64Array(n),
    lat: new Float64Array(n),
    speed: new Float32Array(n),
    course: new Float32Array(n),
    alarmFlags: new Uint32Array(n),
    statusFlags: new Uint32Array(n),
    mileage: new Float64Array(n).fill(NaN),
    approximate: new Uint8Array(n),
    accuracy: new Float32Array(n).fill(NaN),
  };
}

export function toColumns(points: readonly StoredPosition[]): TrackColumns {
  const n = points.length;
  const c = emptyColumns(n);
  for (let i = 0; i < n; i++) {
    const p = points[i];
    c.t[i] = p.deviceTime.getTime();
    c.lon[i] = p.lon;
    c.lat[i] = p.lat;
    c.speed[i] = p.speed;
    c.course[i] = p.course;
    c.alarmFlags[i] = p.alarmFlags >>> 0;
    c.statusFlags[i] = p.statusFlags >>> 0;
    c.mileage[i] = p.mileage ?? NaN;
    if (isApproximateFix(p.fix)) c.approximate[i] = 1;
    if (typeof p.accuracy === 'number') c.accuracy[i] = p.accuracy;
  }
  return c;
}

/** Below this speed a position counts as standing, km/h. */
export const STANDING_KMH = 1;

/** Standing: slower than 1 km/h or ACC (status bit 0) off. */
export function isStanding(c: TrackColumns, i: number): boolean {
  return c.speed[i] < STANDING_KMH || (c.statusFlags[i] & 1) === 0;
}
