/**
 * Track simplification for playback: Douglas–Peucker measured with the synchronised Euclidean
 * distance (a position against where the simplified track puts the vehicle at that same time),
 * so the simplified track is both where and when the vehicle was, within the tolerance. Points
 * the caller marks as kept (stops, sharp turns, alarms, first and last) are never dropped: the
 * track is cut at them and each piece simplified on its own.
 */
import type { TrackColumns } from './track-columns';

const MERCATOR_R = 6378137;
const MAX_LAT = 85.05112878;

/** Web Mercator metres (the map's plane, so a tolerance in pixels is the same everywhere). */
export function mercator(c: TrackColumns): { x: Float64Array; y: Float64Array } {
  const n = c.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const rad = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, c.lat[i]));
    x[i] = MERCATOR_R * c.lon[i] * rad;
    y[i] = MERCATOR_R * Math.log(Math.tan(Math.PI / 4 + (lat * rad) / 2));
  }
  return { x, y };
}

/**
 * Indices of the points to keep, ascending. `keep[i] = 1` forces point i; the first and last are
 * always kept. `tolerance` is in the units of x and y; 0 keeps everything.
 */
export function simplifyTrack(x: Float64Array, y: Float64Array, t: Float64Array, keep: Uint8Array, tolerance: number): Int32Array {
  const n = x.length;
  if (n <= 2 || tolerance <= 0) return Int32Array.from({ length: n }, (_, i) => i);
  const marked = new Uint8Array(n);
  marked.set(keep.subarray(0, n));
  marked[0] = 1;
  marked[n - 1] = 1;
  const tol2 = tolerance * tolerance;
  const stack = new Int32Array(2 * n);
  let from = 0;
  for (let i = 1; i < n; i++) {
    if (!marked[i]) continue;
    if (i - from > 1) simplifyPiece(x, y, t, from, i, tol2, marked, stack);
    from = i;
  }
  let count = 0;
  for (let i = 0; i < n; i++) count += marked[i];
  const out = new Int32Array(count);
  for (let i = 0, k = 0; i < n; i++) if (marked[i]) out[k++] = i;
  return out;
}

/** Douglas–Peucker on [first, last] (both kept) with an explicit stack. */
function simplifyPiece(x: Float64Array, y: Float64Array, t: Float64Array, first: number, last: number, tol2: number, marked: Uint8Array, stack: Int32Array): void {
  let top = 0;
  stack[top++] = first;
  stack[top++] = last;
  while (top > 0) {
    const b = stack[--top];
    const a = stack[--top];
    if (b - a < 2) continue;
    const ta = t[a];
    const span = t[b] - ta;
    const dx = x[b] - x[a];
    const dy = y[b] - y[a];
    let worst = -1;
    let worstD = tol2;
    for (let k = a + 1; k < b; k++) {
      const r = span > 0 ? (t[k] - ta) / span : 0;
      const ex = x[k] - (x[a] + r * dx);
      const ey = y[k] - (y[a] + r * dy);
      const d = ex * ex + ey * ey;
      if (d > worstD) {
        worstD = d;
        worst = k;
      }
    }
    if (worst < 0) continue;
    marked[worst] = 1;
    stack[top++] = a;
    stack[top++] = worst;
    stack[top++] = worst;
    stack[top++] = b;
  }
}

/** Heading change from one course to another, 0..180 degrees. */
export function turnAngle(from: number, to: number): number {
  const d = Math.abs((((to - from) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

/**
 * Largest-triangle-three-buckets downsampling of a series to at most `max` samples (first and
 * last kept): the chart keeps the peaks and dips a plain stride would lose.
 */
export function downsampleSeries(t: Float64Array, v: Float32Array | Float64Array, max: number): { t: number[]; v: number[] } {
  const n = t.length;
  if (n <= max || max < 3) return { t: Array.from(t), v: Array.from(v, (s) => Math.round(s * 10) / 10) };
  const outT: number[] = [t[0]];
  const outV: number[] = [v[0]];
  const every = (n - 2) / (max - 2);
  let a = 0;
  for (let i = 0; i < max - 2; i++) {
    const start = Math.floor(i * every) + 1;
    const end = Math.min(n - 1, Math.floor((i + 1) * every) + 1);
    const nextEnd = Math.min(n, Math.floor((i + 2) * every) + 1);
    let avgT = 0;
    let avgV = 0;
    const nextStart = end;
    const count = Math.max(1, nextEnd - nextStart);
    for (let k = nextStart; k < nextEnd; k++) {
      avgT += t[k];
      avgV += v[k];
    }
    avgT = nextEnd > nextStart ? avgT / count : t[n - 1];
    avgV = nextEnd > nextStart ? avgV / count : v[n - 1];
    let best = start;
    let bestArea = -1;
    for (let k = start; k < end; k++) {
      const area = Math.abs((t[a] - avgT) * (v[k] - v[a]) - (t[a] - t[k]) * (avgV - v[a]));
      if (area > bestArea) {
        bestArea = area;
        best = k;
      }
    }
    outT.push(t[best]);
    outV.push(Math.round(v[best] * 10) / 10);
    a = best;
  }
  outT.push(t[n - 1]);
  outV.push(Math.round(v[n - 1] * 10) / 10);
  return { t: outT, v: outV };
}
