import { describe, expect, it } from 'vitest';
import type { TrackColumns } from '../track/track-columns';
import { dayEvents, type DayEventOptions } from './day-events';
import { reportDayTrack, type FixturePoint } from './report-track-fixture';

const OPTIONS: DayEventOptions = { stopSeconds: 300, minTripMetres: 100, acc: true, speedLimit: 100, overspeedSeconds: 10 };
const at = (clock: string) => Date.parse(`2026-05-01T${clock}+08:00`);

function columns(points: readonly FixturePoint[]): { c: TrackColumns; fuel: Float64Array } {
  const n = points.length;
  const c: TrackColumns = {
    length: n, t: Float64Array.from(points, (p) => p.t), lon: Float64Array.from(points, (p) => p.lon), lat: Float64Array.from(points, (p) => p.lat),
    speed: Float32Array.from(points, (p) => p.speed), course: new Float32Array(n), alarmFlags: new Uint32Array(n),
    statusFlags: Uint32Array.from(points, (p) => (p.acc ? 3 : 2)), mileage: new Float64Array(n).fill(NaN),
  };
  return { c, fuel: Float64Array.from(points, (p) => p.fuel) };
}

describe('a vehicle day read as trips, stops, overspeed stretches and fuel', () => {
  const { c, fuel } = columns(reportDayTrack('2026-05-01'));
  const result = dayEvents(c, fuel, OPTIONS);
  const of = (kind: string) => result.events.filter((e) => e.kind === kind);

  it('splits the driving at the 10-minute stop into two trips with their distance, duration and speeds', () => {
    const trips = of('trip');
    expect(trips.map((t) => [t.start, t.end, t.seconds])).toEqual([
      [at('08:00:00'), at('08:20:10'), 1210],
      [at('08:30:10'), at('08:50:10'), 1200],
    ]);
    // 120 and 119 steps of 0.0009° (100.075 m)
    expect(trips[0]!.metres).toBeCloseTo(12009, -1);
    expect(trips[1]!.metres).toBeCloseTo(11909, -1);
    expect(trips.map((t) => t.maxSpeed)).toEqual([36, 120]);
    expect(trips[0]!.avgSpeed).toBeCloseTo(35.7, 1);
    expect([trips[0]!.startLat, trips[0]!.endLat]).toEqual([30, 30.108]);
  });

  it('lists the stops with their duration and whether the engine ran', () => {
    expect(of('stop').map((s) => [s.start, s.end, s.seconds, s.acc, s.value])).toEqual([
      [at('08:20:10'), at('08:30:10'), 600, false, 0],
      [at('08:50:10'), at('09:00:00'), 590, true, 590],
    ]);
  });

  it('finds the stretch above the limit with its top speed and duration', () => {
    expect(of('overspeed').map((o) => [o.start, o.end, o.seconds, o.maxSpeed, o.avgSpeed, o.value])).toEqual([[at('08:36:50'), at('08:38:50'), 120, 120, 120, 100]]);
    expect(dayEvents(c, fuel, { ...OPTIONS, speedLimit: 120 }).events.filter((e) => e.kind === 'overspeed')).toEqual([]);
    expect(dayEvents(c, fuel, { ...OPTIONS, overspeedSeconds: 121 }).events.filter((e) => e.kind === 'overspeed')).toEqual([]);
  });

  it('sums the fuel used and refuelled and flags the drop while parked', () => {
    expect(result.fuel).toEqual({ readings: 361, first: 60, last: 70, used: 20, added: 30 });
    expect(of('fuelDrop').map((d) => [d.start, d.end, d.value])).toEqual([[at('08:25:00'), at('08:25:10'), 8]]);
  });

  it('reads nothing from a day without positions', () => {
    const empty = columns([]);
    expect(dayEvents(empty.c, empty.fuel, OPTIONS)).toEqual({ events: [], fuel: { readings: 0, first: null, last: null, used: 0, added: 0 } });
  });
});
