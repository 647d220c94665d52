import { describe, expect, it } from 'vitest';
import { splitTrips, thinEvenly } from './trips';

const at = (minute: number, celsius: number) => ({ time: new Date(Date.UTC(2026, 10, 27, 0, minute)), celsius });
const iso = (minute: number) => new Date(Date.UTC(2026, 10, 27, 0, minute)).toISOString();

describe('trips', () => {
  it('split where readings pause longer than the gap, newest first, with their counts and extremes', () => {
    const readings = [at(0, 4), at(10, 9), at(20, 5), at(51, 3), at(60, 1.5), at(90, 2)];
    expect(splitTrips(readings, 30, { min: 2, max: 8 })).toEqual([
      { start: iso(51), end: iso(90), readings: 3, minC: 1.5, maxC: 3, overCount: 1 },
      { start: iso(0), end: iso(20), readings: 3, minC: 4, maxC: 9, overCount: 1 },
    ]);
  });

  it('take readings in any order, a pause of exactly the gap staying in the trip', () => {
    expect(splitTrips([at(30, 5), at(0, 4)], 30, { min: 2, max: 8 })).toHaveLength(1);
    expect(splitTrips([], 30, { min: 2, max: 8 })).toEqual([]);
  });
});

describe('thinning', () => {
  it('keeps short lists as they are', () => {
    expect(thinEvenly([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('spreads the kept points evenly, first and last among them', () => {
    const points = Array.from({ length: 10_001 }, (_, i) => i);
    const thinned = thinEvenly(points, 5000);
    expect(thinned).toHaveLength(5000);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(10_000);
    const steps = new Set(thinned.slice(1).map((p, i) => p - thinned[i]!));
    expect([...steps].every((s) => s === 2 || s === 3)).toBe(true);
  });
});
