import { describe, expect, it } from 'vitest';
import { ODOMETER_RULES } from '../track/odometer';
import { emptyColumns, type TrackColumns } from '../track/track-columns';
import { dayEvents, resumeDayEvents, type DayEvent, type DayEventOptions, type DayResume } from './day-events';
import { SeededRandom } from '../sim/seeded-random';
import { randomDayTrack } from './testing/random-day-track';
import { reportDayTrack, type FixturePoint } from './testing/report-track-fixture';

const OPTIONS: DayEventOptions = { stopSeconds: 300, minTripMetres: 100, acc: true, odometer: ODOMETER_RULES.vehicle, speedLimit: 100, overspeedSeconds: 10 };
const at = (clock: string) => Date.parse(`2026-05-01T${clock}+08:00`);

function columns(points: readonly FixturePoint[]): { c: TrackColumns; fuel: Float64Array } {
  const c: TrackColumns = {
    ...emptyColumns(points.length), t: Float64Array.from(points, (p) => p.t), lon: Float64Array.from(points, (p) => p.lon), lat: Float64Array.from(points, (p) => p.lat),
    speed: Float32Array.from(points, (p) => p.speed), statusFlags: Uint32Array.from(points, (p) => (p.acc ? 3 : 2)),
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

describe('a day analysed in increments, each resuming where the last left off', () => {
  /** The day's positions arriving up to each cut, analysed from the resume point on; the events kept as a store keeps them. */
  function inIncrements(points: readonly FixturePoint[], cuts: readonly number[]) {
    let from: DayResume | null = null;
    let kept: DayEvent[] = [];
    let last: ReturnType<typeof resumeDayEvents> | undefined;
    for (const cut of [...cuts, points.length]) {
      const first = from ? points.findIndex((p) => p.t >= from!.time) : 0;
      const { c, fuel } = columns(points.slice(first, cut));
      last = resumeDayEvents(c, fuel, OPTIONS, from);
      const counts = { trip: 0, stop: 0, overspeed: 0, fuelDrop: 0, ...from?.counts };
      kept = kept.filter((e) => counts[e.kind]-- > 0).concat(last.events);
      // stored as JSON between refreshes
      from = last.resume && (JSON.parse(JSON.stringify(last.resume)) as DayResume);
    }
    return { events: kept, fuel: last!.fuel, tripMetres: last!.tripMetres, reads: from ? points.findIndex((p) => p.t >= from!.time) : 0 };
  }
  const byKind = (events: readonly DayEvent[]) => ['trip', 'stop', 'overspeed', 'fuelDrop'].map((kind) => events.filter((e) => e.kind === kind));

  it('gives exactly the events and figures of the whole day, wherever the day is cut', () => {
    let resumed = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const points = randomDayTrack(seed, at('00:10:00'), 300);
      const whole = resumeDayEvents(columns(points).c, columns(points).fuel, OPTIONS, null);
      const rng = new SeededRandom(seed * 7919);
      const random = () => rng.next();
      const cuts = Array.from({ length: 1 + Math.floor(random() * 8) }, () => 1 + Math.floor(random() * (points.length - 1))).sort((a, b) => a - b);
      const parts = inIncrements(points, cuts);
      expect(byKind(parts.events), `seed ${seed}, cuts ${cuts}`).toEqual(byKind(whole.events));
      expect(parts.fuel, `seed ${seed}`).toEqual(whole.fuel);
      expect(parts.tripMetres, `seed ${seed}`).toBe(whole.tripMetres);
      if (parts.reads > 0) resumed++;
    }
    // most days resumed past their start at least once
    expect(resumed).toBeGreaterThan(200);
  });

  it('resumes at the first report of the last stop not above the limit', () => {
    const { c, fuel } = columns(reportDayTrack('2026-05-01'));
    expect(resumeDayEvents(c, fuel, OPTIONS, null).resume).toMatchObject({
      time: at('08:50:10'), counts: { trip: 2, stop: 1, overspeed: 1, fuelDrop: 1 }, fuel: { readings: 301, first: 60, last: { litres: 40, t: at('08:50:00') } },
    });
  });
});
