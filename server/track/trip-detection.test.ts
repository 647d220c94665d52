import { describe, expect, it } from 'vitest';
import type { StoredPosition } from '../store/position-queries';
import { ODOMETER_RULES } from './odometer';
import { toColumns } from './track-columns';
import { findTrips } from './trip-detection';

const T0 = Date.parse('2026-05-01T00:00:00Z');

/** Reports every 10 s from (114.05, 22.54): `moving` legs go east `step` degrees per report at `speed`. */
function track(legs: { count: number; speed: number; step: number; acc: boolean }[]): StoredPosition[] {
  const out: StoredPosition[] = [];
  let t = T0;
  let lon = 114.05;
  for (const leg of legs) {
    for (let k = 0; k < leg.count; k++) {
      out.push({
        terminalId: 1, deviceTime: new Date(t), receivedTime: new Date(t), lon, lat: 22.54, altitude: 0, speed: leg.speed, course: 90, alarmFlags: 0,
        statusFlags: leg.acc ? 3 : 2, mileage: null, backfill: false,
      });
      t += 10_000;
      lon += leg.step;
    }
  }
  return out;
}

// 0.0005° of longitude at 22.54° N ≈ 51.4 m: 18.5 km/h every 10 s
const ride = (count: number) => ({ count, speed: 18.5, step: 0.0005, acc: true, odometer: ODOMETER_RULES.ebike });
const parked = (count: number) => ({ count, speed: 0, step: 0, acc: false, odometer: ODOMETER_RULES.pet });

describe('trips from a track', () => {
  it('splits an e-bike day by a 10-minute stop into two rides with their distance, duration and speeds', () => {
    const c = toColumns(track([parked(5), ride(61), parked(60), ride(31), parked(5)]));
    const trips = findTrips(c, { stopSeconds: 300, minMetres: 100, acc: true, odometer: ODOMETER_RULES.ebike });
    expect(trips).toHaveLength(2);
    const [first, second] = trips;
    expect(first!.seconds).toBe(610); // 61 reports at 10 s, to the first standing one
    expect(first!.metres).toBeGreaterThan(3100);
    expect(first!.metres).toBeLessThan(3200);
    expect(first!.avgSpeed).toBeGreaterThan(18);
    expect(first!.avgSpeed).toBeLessThan(19);
    expect(first!.maxSpeed).toBe(18.5);
    expect(second!.start - first!.end).toBe(600_000);
    expect(second!.metres).toBeGreaterThan(1500);
  });

  it('keeps a short pause inside one ride and leaves GPS drift out', () => {
    const c = toColumns(track([ride(30), parked(12), ride(30), parked(40), { count: 3, speed: 2, step: 0.00002, acc: true }, parked(40)]));
    const trips = findTrips(c, { stopSeconds: 300, minMetres: 100, acc: true, odometer: ODOMETER_RULES.ebike });
    expect(trips).toHaveLength(1);
    expect(trips[0]!.seconds).toBe(720);
  });

  it('finds a pet’s walk by its speed alone (a collar has no ignition)', () => {
    const walk = (count: number) => ({ count, speed: 4.6, step: 0.000125, acc: false, odometer: ODOMETER_RULES.pet });
    const c = toColumns(track([parked(40), walk(120), parked(40)]));
    expect(findTrips(c, { stopSeconds: 300, minMetres: 100, acc: true, odometer: ODOMETER_RULES.ebike })).toEqual([]);
    const [w] = findTrips(c, { stopSeconds: 300, minMetres: 100, acc: false, odometer: ODOMETER_RULES.pet });
    expect(w!.seconds).toBe(1200);
    expect(w!.metres).toBeGreaterThan(1500);
  });
});
