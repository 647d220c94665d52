import { describe, expect, it } from 'vitest';
import { OVERSPEED_KMH, RouteModel, SimAlarmBit, type SimPosition } from './route-model';
import { SIM_CITIES, cityBounds, findSimCity, insideBounds } from './sim-cities';
import { terminalIdentity } from './terminal-identity';

const T0 = Date.UTC(2026, 0, 15, 2, 0, 0);

function drive(model: RouteModel, hours: number, stepSec = 30): SimPosition[] {
  const out: SimPosition[] = [];
  for (let t = stepSec * 1000; t <= hours * 3600_000; t += stepSec * 1000) {
    model.advanceTo(T0 + t);
    out.push(model.report());
  }
  return out;
}

describe('RouteModel', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const city = findSimCity('beijing')!;
    const a = drive(new RouteModel(city, 7, T0), 2);
    const b = drive(new RouteModel(city, 7, T0), 2);
    const c = drive(new RouteModel(city, 8, T0), 2);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('stays inside the city box on every city', () => {
    for (const city of SIM_CITIES) {
      const box = cityBounds(city);
      for (const p of drive(new RouteModel(city, 3, T0), 6)) {
        expect(insideBounds(box, p.lat, p.lon), `${city.id} ${p.lat},${p.lon}`).toBe(true);
      }
    }
  });

  it('parks with ACC off and speed 0, drives with ACC on, and accumulates mileage and burns fuel', () => {
    const positions = drive(new RouteModel(findSimCity('shanghai')!, 11, T0), 12);
    const parked = positions.filter((p) => !p.accOn);
    expect(parked.length).toBeGreaterThan(10);
    for (const p of parked) expect(p.speedKmh).toBe(0);
    expect(positions.filter((p) => p.accOn && p.speedKmh > 20).length).toBeGreaterThan(100);
    for (let i = 1; i < positions.length; i++) expect(positions[i]!.mileageKm).toBeGreaterThanOrEqual(positions[i - 1]!.mileageKm);
    expect(positions.at(-1)!.mileageKm - positions[0]!.mileageKm).toBeGreaterThan(50);
    // fuel only goes down between refuels
    const drops = positions.slice(1).filter((p, i) => p.fuelLitres < positions[i]!.fuelLitres).length;
    expect(drops).toBeGreaterThan(100);
  });

  it('flags overspeed exactly above 100 km/h and turns at intersections', () => {
    const all = SIM_CITIES.flatMap((c, i) => drive(new RouteModel(c, 100 + i, T0), 8, 10));
    const fast = all.filter((p) => p.speedKmh > OVERSPEED_KMH);
    expect(fast.length).toBeGreaterThan(0);
    for (const p of all) expect((p.alarmFlags & SimAlarmBit.Overspeed) !== 0).toBe(p.speedKmh > OVERSPEED_KMH);
    const courses = new Set(all.filter((p) => p.speedKmh > 0).map((p) => Math.round(p.direction / 90) % 4));
    expect(courses.size).toBe(4);
  });

  it('keeps an SOS raised for a few reports, then clears it', () => {
    const m = new RouteModel(findSimCity('wuhan')!, 5, T0, { sosPerSecond: 0 });
    m.raiseSos();
    const flags = drive(m, 0.1).map((p) => p.alarmFlags & SimAlarmBit.Sos);
    expect(flags.slice(0, 3)).toEqual([1, 1, 1]);
    expect(flags.slice(3).every((f) => f === 0)).toBe(true);
  });

  it('produces occasional random SOS and blind areas at the default rates', () => {
    let sos = 0;
    let lost = 0;
    for (let seed = 0; seed < 10; seed++) {
      const m = new RouteModel(SIM_CITIES[seed % SIM_CITIES.length]!, seed, T0);
      for (let t = 30_000; t <= 12 * 3600_000; t += 30_000) {
        m.advanceTo(T0 + t);
        if (m.report().alarmFlags & SimAlarmBit.Sos) sos++;
        if (m.signalLost) lost++;
      }
    }
    expect(sos).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
  });

  it('varies satellites and signal in range', () => {
    const ps = drive(new RouteModel(findSimCity('xian')!, 2, T0, { signalLossPerSecond: 0 }), 3);
    expect(new Set(ps.map((p) => p.satellites)).size).toBeGreaterThan(2);
    expect(new Set(ps.map((p) => p.signalStrength)).size).toBeGreaterThan(2);
    for (const p of ps) {
      expect(p.satellites).toBeGreaterThanOrEqual(5);
      expect(p.signalStrength).toBeLessThanOrEqual(31);
    }
  });
});

describe('terminalIdentity', () => {
  it('gives stable plates with the city prefix across provinces', () => {
    const plates = SIM_CITIES.map((c, i) => terminalIdentity(`0138000000${String(i).padStart(2, '0')}`, c).plate);
    SIM_CITIES.forEach((c, i) => {
      expect(c.platePrefixes).toContain(plates[i]!.slice(0, 2));
      expect(plates[i]).toMatch(/^[\u4e00-\u9fa5][A-Z][0-9A-HJ-NP-Z]{5}$/);
    });
    expect(terminalIdentity('013800000001', SIM_CITIES[0]!)).toEqual(terminalIdentity('13800000001', SIM_CITIES[0]!));
  });
});
