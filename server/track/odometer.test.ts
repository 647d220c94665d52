import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../sim/seeded-random';
import { isApproximateFix, Odometer, ODOMETER_RULES, odometerRule, type OdometerRule } from './odometer';

/** Metres of one degree of latitude (R = 6371000, as sdk/geo's distance). */
const DEGREE = (6_371_000 * Math.PI) / 180;
const ORIGIN = { lon: 114.05, lat: 22.54 };
const T0 = Date.parse('2026-05-01T08:00:00+08:00');

interface Reading {
  t: number;
  east: number;
  north: number;
  approximate?: boolean;
  accuracy?: number;
}

/** Metres east and north of ORIGIN as degrees. */
function at(east: number, north: number): [number, number] {
  return [ORIGIN.lon + east / (DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180)), ORIGIN.lat + north / DEGREE];
}

function metres(rule: OdometerRule, readings: readonly Reading[]): number {
  const odometer = new Odometer(rule);
  for (const r of readings) odometer.read(r.t, ...at(r.east, r.north), r.approximate ?? false, r.accuracy);
  return odometer.metres;
}

/** A point uniformly within `radius` metres of (0, 0). */
function scatter(rng: SeededRandom, radius: number): [number, number] {
  const angle = rng.range(0, 2 * Math.PI);
  const r = radius * Math.sqrt(rng.next());
  return [r * Math.cos(angle), r * Math.sin(angle)];
}

/**
 * An e-bike's ride in metres east and north: 1500 m east, a quarter circle of 200 m radius turning
 * north (314.16 m), 1000 m north, a sharp turn, 800 m east: 3614.16 m. `along(s)`: the point `s` metres in.
 */
const RIDE_METRES = 1500 + 100 * Math.PI + 1000 + 800;
function along(s: number): [number, number] {
  if (s <= 1500) return [s, 0];
  s -= 1500;
  if (s <= 100 * Math.PI) {
    const a = s / 200 - Math.PI / 2;
    return [1500 + 200 * Math.cos(a), 200 + 200 * Math.sin(a)];
  }
  s -= 100 * Math.PI;
  if (s <= 1000) return [1700, 200 + s];
  return [1700 + Math.min(800, s - 1000), 1200];
}

describe('the odometer rule', () => {
  it('adds less than 0.1 km for a person standing an hour with fixes scattered up to 20 m around them', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rng = new SeededRandom(seed);
      // a fix every 5 s for an hour: 720 fixes, any two at most 40 m apart (under a badge's 50 m)
      const readings = Array.from({ length: 720 }, (_, i) => {
        const [east, north] = scatter(rng, 20);
        return { t: T0 + i * 5000, east, north };
      });
      expect(metres(ODOMETER_RULES.person, readings), `seed ${seed}`).toBeLessThan(100);
      // what summing every step would say: kilometres
      let naive = 0;
      for (let i = 1; i < readings.length; i++) naive += Math.hypot(readings[i]!.east - readings[i - 1]!.east, readings[i]!.north - readings[i - 1]!.north);
      expect(naive).toBeGreaterThan(10_000);
    }
  });

  it("measures an e-bike's ride within 2 % of its path, fixes every 4 s with GNSS noise of 3 m", () => {
    expect(RIDE_METRES).toBeCloseTo(3614.16, 2);
    for (const seed of [11, 12, 13]) {
      const rng = new SeededRandom(seed);
      // 20 km/h: 5.56 m/s, 22.2 m between fixes
      const speed = 20 / 3.6;
      const readings: Reading[] = [];
      for (let t = 0; ; t += 4) {
        const s = Math.min(RIDE_METRES, t * speed);
        const [e, n] = along(s);
        const [de, dn] = scatter(rng, 3);
        readings.push({ t: T0 + t * 1000, east: e + de, north: n + dn });
        if (s === RIDE_METRES) break;
      }
      const m = metres(ODOMETER_RULES.ebike, readings);
      expect(Math.abs(m - RIDE_METRES) / RIDE_METRES, `seed ${seed}: ${m.toFixed(1)} m`).toBeLessThan(0.02);
    }
  });

  it('counts a vehicle driving at 60 km/h in full', () => {
    // north 0.0015° (166.79 m) every 10 s (60.04 km/h) for 30 minutes: 180 steps, 30.02 km
    const odometer = new Odometer(ODOMETER_RULES.vehicle);
    for (let i = 0; i <= 180; i++) odometer.read(T0 + i * 10_000, 116.3, 39.9 + i * 0.0015, false);
    expect(odometer.metres / 1000).toBeCloseTo((180 * 0.0015 * DEGREE) / 1000, 6);
    expect(odometer.metres / 1000).toBeCloseTo(30.02, 2);
  });

  it('adds nothing for cell and WiFi fixes, nor for positions placed at the last fix', () => {
    const rng = new SeededRandom(9);
    // a badge indoors for an hour: a satellite fix, then cell / WiFi fixes hundreds of metres apart, then a satellite fix where it was
    const readings: Reading[] = [{ t: T0, east: 0, north: 0 }];
    for (let i = 1; i < 60; i++) {
      const [east, north] = scatter(rng, 800);
      readings.push({ t: T0 + i * 60_000, east, north, approximate: true, accuracy: rng.pick([300, 800, 1500]) });
    }
    readings.push({ t: T0 + 3600_000, east: 5, north: 5 });
    expect(metres(ODOMETER_RULES.person, readings)).toBe(0);
    expect(['lbs', 'wifi', 'last'].every(isApproximateFix)).toBe(true);
    expect([undefined, null, 'gps'].some(isApproximateFix)).toBe(false);
  });

  it('leaves a position jump out and measures the next fix from where the asset was', () => {
    // a vehicle at 36 km/h north, 100 m every 10 s; at 30 s one fix 3 km east (1080 km/h)
    const readings: Reading[] = [0, 1, 2, 3, 4, 5].map((i) => ({ t: T0 + i * 10_000, east: i === 3 ? 3000 : 0, north: i * 100 }));
    expect(metres(ODOMETER_RULES.vehicle, readings)).toBeCloseTo(500, 0);
  });

  it('keeps the plausible speed of each kind: a badge at car speed is a jump until the time since its anchor explains the distance', () => {
    // 2 km in 2 minutes (60 km/h): too fast for a person (40 km/h), not for a vehicle
    const readings: Reading[] = [{ t: T0, east: 0, north: 0 }, { t: T0 + 120_000, east: 0, north: 2000 }];
    expect(metres(ODOMETER_RULES.vehicle, readings)).toBeCloseTo(2000, 0);
    expect(metres(ODOMETER_RULES.person, readings)).toBe(0);
    // still there 4 minutes after the anchor (30 km/h since it): counted then
    expect(metres(ODOMETER_RULES.person, [...readings, { t: T0 + 240_000, east: 0, north: 2000 }])).toBeCloseTo(2000, 0);
  });

  it('uses the larger accuracy of a fix and its anchor, and the kind’s floor when a satellite fix reports none', () => {
    // 30 m apart: beyond a vehicle's 10 m, inside a badge's 50 m, inside a reported 40 m
    const step: Reading[] = [{ t: T0, east: 0, north: 0 }, { t: T0 + 60_000, east: 30, north: 0 }];
    expect(metres(ODOMETER_RULES.vehicle, step)).toBeCloseTo(30, 0);
    expect(metres(ODOMETER_RULES.person, step)).toBe(0);
    expect(metres(ODOMETER_RULES.vehicle, [{ ...step[0]!, accuracy: 40 }, step[1]!])).toBe(0);
  });

  it('counts a slow walk once it has left the radius, from the anchor rather than step by step', () => {
    // a person walking 1 km east at 4.5 km/h (12.5 m every 10 s, each step inside the 50 m floor), fixes within 5 m
    const rng = new SeededRandom(21);
    const readings: Reading[] = Array.from({ length: 81 }, (_, i) => {
      const [de, dn] = scatter(rng, 5);
      return { t: T0 + i * 10_000, east: i * 12.5 + de, north: dn };
    });
    const m = metres(ODOMETER_RULES.person, readings);
    expect(m).toBeGreaterThan(950);
    expect(m).toBeLessThan(1020);
  });

  it('knows every asset kind and treats a terminal without an asset as a vehicle', () => {
    expect(odometerRule('ebike')).toBe(ODOMETER_RULES.ebike);
    expect(odometerRule(null)).toBe(ODOMETER_RULES.vehicle);
    expect(odometerRule('toString')).toBe(ODOMETER_RULES.vehicle);
  });
});
