import { isOver } from './temperature';

/** One stored reading, as the trips and the chart read it. */
export interface TimedReading {
  time: Date;
  celsius: number;
}

/** A run of readings without a pause longer than the tenant's gap. */
export interface Trip {
  start: string;
  end: string;
  readings: number;
  minC: number;
  maxC: number;
  /** Readings outside the limits. */
  overCount: number;
}

/**
 * Splits readings (any order) into trips: a pause between two readings longer than `gapMinutes` starts
 * a new one. Newest trip first; times as ISO strings.
 */
export function splitTrips(readings: readonly TimedReading[], gapMinutes: number, limits: { min: number; max: number }): Trip[] {
  const sorted = [...readings].sort((a, b) => a.time.getTime() - b.time.getTime());
  const gap = gapMinutes * 60_000;
  const trips: Trip[] = [];
  let current: { start: Date; end: Date; readings: number; minC: number; maxC: number; overCount: number } | undefined;
  const close = () => {
    if (current) trips.push({ ...current, start: current.start.toISOString(), end: current.end.toISOString() });
  };
  for (const r of sorted) {
    if (!current || r.time.getTime() - current.end.getTime() > gap) {
      close();
      current = { start: r.time, end: r.time, readings: 0, minC: r.celsius, maxC: r.celsius, overCount: 0 };
    }
    current.end = r.time;
    current.readings += 1;
    current.minC = Math.min(current.minC, r.celsius);
    current.maxC = Math.max(current.maxC, r.celsius);
    if (isOver(r.celsius, limits)) current.overCount += 1;
  }
  close();
  return trips.reverse();
}

/**
 * At most `max` of the points, spread evenly over them (the first and the last kept): what a chart of
 * a long range draws. Shorter lists come back as they are.
 */
export function thinEvenly<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  if (max <= 0) return [];
  if (max === 1) return [points[0]!];
  const out: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(points[Math.round(i * step)]!);
  return out;
}
