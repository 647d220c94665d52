import { describe, expect, it } from 'vitest';
import { distance } from '../../sdk/geo';
import type { StoredPosition } from '../store/position-queries';
import { ODOMETER_RULES } from './odometer';
import { analyseTrack, findAlarms, findStops, trackTotals } from './track-analysis';
import { toColumns } from './track-columns';
import { downsampleSeries, turnAngle } from './track-simplify';

const T0 = Date.parse('2026-05-01T00:00:00Z');
const ACC_ON = 3; // ACC on, located
const ACC_OFF = 2;

interface Leg {
  /** Seconds between reports. */
  every: number;
  count: number;
  /** Degrees per report, east and north. */
  dLon?: number;
  dLat?: number;
  speed?: number;
  course?: number;
  acc?: boolean;
  alarm?: number;
  mileageStep?: number | null;
}

/** A track built from legs driven one after another from (116.3, 39.9). */
function track(legs: Leg[]): StoredPosition[] {
  const out: StoredPosition[] = [];
  let t = T0;
  let lon = 116.3;
  let lat = 39.9;
  let km = 1000;
  for (const leg of legs) {
    for (let k = 0; k < leg.count; k++) {
      const mileageStep = leg.mileageStep === undefined ? null : leg.mileageStep;
      if (mileageStep !== null) km += mileageStep;
      out.push({
        terminalId: 1,
        deviceTime: new Date(t),
        receivedTime: new Date(t),
        lon,
        lat,
        altitude: 40,
        speed: leg.speed ?? 0,
        course: leg.course ?? 0,
        alarmFlags: leg.alarm ?? 0,
        statusFlags: leg.acc === false ? ACC_OFF : ACC_ON,
        mileage: mileageStep === null ? null : km,
        backfill: false,
      });
      t += leg.every * 1000;
      lon += leg.dLon ?? 0;
      lat += leg.dLat ?? 0;
    }
  }
  return out;
}

const east = (count: number, extra: Partial<Leg> = {}): Leg => ({ every: 10, count, dLon: 0.001, speed: 30, course: 90, ...extra });
const north = (count: number, extra: Partial<Leg> = {}): Leg => ({ every: 10, count, dLat: 0.001, speed: 30, course: 0, ...extra });
const parked = (seconds: number, extra: Partial<Leg> = {}): Leg => ({ every: 30, count: Math.round(seconds / 30), speed: 0, acc: false, ...extra });

describe('stops', () => {
  it('finds a standing spell longer than the threshold with its start, end and duration', () => {
    const points = track([east(20), parked(600), east(20)]);
    const stops = findStops(toColumns(points), 180);
    expect(stops).toHaveLength(1);
    const [stop] = stops;
    expect(points[stop.startIndex].lon).toBeCloseTo(116.3 + 20 * 0.001, 6);
    // from the first standing report to the report where the vehicle moved again
    expect((stop.end - stop.start) / 1000).toBe(600);
    expect(stop.startIndex).toBe(20);
    expect(stop.endIndex).toBe(40);
  });

  it('ignores a standing spell shorter than the threshold (a red light)', () => {
    const points = track([east(20), { every: 10, count: 6, speed: 0 }, east(20)]);
    expect(findStops(toColumns(points), 180)).toEqual([]);
    expect(findStops(toColumns(points), 60)).toHaveLength(1);
  });

  it('counts ACC off as standing even with a speed reading, and a silent parked terminal as standing', () => {
    const accOff = track([east(10), { every: 60, count: 5, speed: 3, acc: false }, east(10)]);
    expect(findStops(toColumns(accOff), 180)).toHaveLength(1);
    // one report, then nothing for an hour at the same place, then driving on
    const silent = track([east(10), { every: 3600, count: 1, speed: 30, course: 90 }, east(10)]);
    const stops = findStops(toColumns(silent), 180);
    expect(stops).toHaveLength(1);
    expect((stops[0].end - stops[0].start) / 1000).toBe(3600);
  });
});

describe('simplification', () => {
  // a long straight drive with a stop, a sharp turn and an alarm in it
  const points = track([east(400), parked(900), east(400), north(300), east(100, { alarm: 2, speed: 130 }), east(300)]);
  const c = toColumns(points);

  it('drops most points of straight driving at a city zoom', () => {
    const a = analyseTrack(c, { stopSeconds: 180, odometer: ODOMETER_RULES.vehicle, zoom: 12 });
    expect(a.simplified).toBe(true);
    expect(a.indices.length).toBeLessThan(points.length / 5);
    expect(Array.from(a.indices)).toEqual([...a.indices].sort((x, y) => x - y));
  });

  it('keeps the first and last points, both ends of every stop, sharp turns and alarm points', () => {
    const a = analyseTrack(c, { stopSeconds: 180, odometer: ODOMETER_RULES.vehicle, zoom: 5 });
    const kept = new Set(a.indices);
    expect(kept.has(0)).toBe(true);
    expect(kept.has(points.length - 1)).toBe(true);
    expect(a.stops).toHaveLength(1);
    expect(kept.has(a.stops[0].startIndex)).toBe(true);
    expect(kept.has(a.stops[0].endIndex)).toBe(true);
    const turn = points.findIndex((p, i) => i > 0 && p.course === 0 && points[i - 1].course === 90 && p.speed > 0);
    expect(turn).toBeGreaterThan(0);
    expect(kept.has(turn)).toBe(true);
    const alarmIndices = points.flatMap((p, i) => (p.alarmFlags ? [i] : []));
    expect(alarmIndices).toHaveLength(100);
    for (const i of alarmIndices) expect(kept.has(i)).toBe(true);
  });

  it('keeps every dropped point within a pixel of where the simplified track puts the vehicle at that time', () => {
    const zoom = 14;
    const a = analyseTrack(c, { stopSeconds: 180, odometer: ODOMETER_RULES.vehicle, zoom });
    const kept = Array.from(a.indices);
    // a pixel at zoom 14 is about 9.5 Mercator metres, about 7.3 ground metres at latitude 40
    const pixelMetres = ((2 * Math.PI * 6378137) / (256 * 2 ** zoom)) * Math.cos((40 * Math.PI) / 180);
    let worst = 0;
    for (let k = 0; k < kept.length - 1; k++) {
      const p = points[kept[k]];
      const q = points[kept[k + 1]];
      const span = q.deviceTime.getTime() - p.deviceTime.getTime();
      for (let i = kept[k] + 1; i < kept[k + 1]; i++) {
        const r = span > 0 ? (points[i].deviceTime.getTime() - p.deviceTime.getTime()) / span : 0;
        const at: [number, number] = [p.lon + r * (q.lon - p.lon), p.lat + r * (q.lat - p.lat)];
        worst = Math.max(worst, distance([points[i].lon, points[i].lat], at));
      }
    }
    expect(worst).toBeLessThanOrEqual(pixelMetres * 1.05);
  });

  it('keeps more points as the zoom grows, and everything without a zoom', () => {
    const sizes = [6, 10, 14, 18].map((zoom) => analyseTrack(c, { stopSeconds: 180, odometer: ODOMETER_RULES.vehicle, zoom }).indices.length);
    for (let k = 1; k < sizes.length; k++) expect(sizes[k]).toBeGreaterThanOrEqual(sizes[k - 1]);
    const full = analyseTrack(c, { stopSeconds: 180, odometer: ODOMETER_RULES.vehicle });
    expect(full.simplified).toBe(false);
    expect(full.indices.length).toBe(points.length);
    expect(full.speedSeries).toBeUndefined();
  });

  it('answers only the part inside a box, with the neighbours that cross its edge', () => {
    const whole = analyseTrack(c, { stopSeconds: 180, odometer: ODOMETER_RULES.vehicle, zoom: 16 });
    // the northbound leg runs at lon ≈ 116.3 + 800 × 0.001 = 117.1
    const box = [117.09, 39.9, 117.11, 40.3] as const;
    const part = analyseTrack(c, { stopSeconds: 180, odometer: ODOMETER_RULES.vehicle, zoom: 16, bbox: box });
    expect(part.indices.length).toBeGreaterThan(0);
    expect(part.indices.length).toBeLessThan(whole.indices.length);
    const outside = Array.from(part.indices).filter((i) => points[i].lon < box[0] || points[i].lon > box[2]);
    expect(outside.length).toBeLessThanOrEqual(4);
    // the whole-track totals are the same whatever part is asked for
    expect(part.totals).toEqual(whole.totals);
  });
});

describe('alarms and totals', () => {
  it('groups consecutive alarm positions into episodes with every bit seen', () => {
    const points = track([east(5), east(3, { alarm: 2 }), east(2, { alarm: 3 }), east(5), east(1, { alarm: 1 })]);
    const spans = findAlarms(toColumns(points));
    expect(spans).toEqual([
      { startIndex: 5, endIndex: 9, flags: 3 },
      { startIndex: 15, endIndex: 15, flags: 1 },
    ]);
  });

  it('takes mileage from the odometer when reported, otherwise from the positions', () => {
    const withOdometer = track([east(101, { mileageStep: 0.1 })]);
    const c1 = toColumns(withOdometer);
    expect(trackTotals(c1, [], ODOMETER_RULES.vehicle)).toMatchObject({ mileageKm: 10, mileageSource: 'odometer' });

    const gpsOnly = track([east(101)]);
    const c2 = toColumns(gpsOnly);
    const expected = distance([116.3, 39.9], [116.4, 39.9]) / 1000; // 100 steps of 0.001°
    const totals = trackTotals(c2, [], ODOMETER_RULES.vehicle);
    expect(totals.mileageSource).toBe('gps');
    expect(totals.mileageKm).toBeCloseTo(expected, 1);
  });

  it('counts driving time, stops and their total duration', () => {
    const points = track([east(31), parked(600), east(31), parked(300), east(1)]);
    const c = toColumns(points);
    const stops = findStops(c, 180);
    const totals = trackTotals(c, stops, ODOMETER_RULES.vehicle);
    expect(totals.stopCount).toBe(2);
    expect(totals.stopSeconds).toBe(900);
    // 30 intervals of 10 s in each driving leg, plus the last report of each leg before parking
    expect(totals.drivingSeconds).toBe(2 * 31 * 10);
    expect(totals.maxSpeed).toBe(30);
  });
});

describe('helpers', () => {
  it('measures turns the short way round', () => {
    expect(turnAngle(350, 10)).toBe(20);
    expect(turnAngle(90, 270)).toBe(180);
    expect(turnAngle(0, 90)).toBe(90);
  });

  it('downsamples a speed series to the limit and keeps its peak', () => {
    const n = 10_000;
    const t = Float64Array.from({ length: n }, (_, i) => i * 1000);
    const v = Float32Array.from({ length: n }, (_, i) => (i === 5_432 ? 120 : 40 + (i % 7)));
    const s = downsampleSeries(t, v, 500);
    expect(s.t).toHaveLength(500);
    expect(Math.max(...s.v)).toBe(120);
    expect(s.t[0]).toBe(0);
    expect(s.t[499]).toBe((n - 1) * 1000);
  });
});
