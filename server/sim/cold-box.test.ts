import { describe, expect, it } from 'vitest';
import { type ColdBoxEncoding, ColdBoxModel, encodeColdBoxTemperature } from './cold-box';

/** Reads an item payload the way the cold-chain plugin's contract describes the three layouts. */
function decode(hex: string, encoding: ColdBoxEncoding): number {
  const raw = parseInt(hex, 16);
  if (encoding === 'int16x10') return (raw >= 0x8000 ? raw - 0x10000 : raw) / 10;
  if (encoding === 'uint16offset') return raw / 10 - 50;
  return raw >= 0x80 ? raw - 0x100 : raw;
}

const HOUR = 3_600_000;

/** `reports` reports `intervalSec` apart, parked every other 10 minutes; the temperatures in order. */
function run(model: ColdBoxModel, reports: number, intervalSec = 30, t0 = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < reports; i++) {
    const t = t0 + i * intervalSec * 1000;
    model.report(t, Math.floor(t / 600_000) % 2 === 1);
    out.push(model.celsius!);
  }
  return out;
}

/** Lengths of the runs of consecutive values above `limit`. */
function episodes(values: readonly number[], limit: number): number[] {
  const runs: number[] = [];
  let n = 0;
  for (const v of [...values, -Infinity]) {
    if (v > limit) n++;
    else if (n > 0) {
      runs.push(n);
      n = 0;
    }
  }
  return runs;
}

describe('encodeColdBoxTemperature', () => {
  it('writes the three vendor layouts, negative temperatures included', () => {
    expect(encodeColdBoxTemperature(9.5, 'int16x10')).toBe('005F');
    expect(encodeColdBoxTemperature(4, 'int16x10')).toBe('0028');
    expect(encodeColdBoxTemperature(-18.3, 'int16x10')).toBe('FF49');
    expect(encodeColdBoxTemperature(-0.1, 'int16x10')).toBe('FFFF');
    expect(encodeColdBoxTemperature(9.5, 'uint16offset')).toBe('0253');
    expect(encodeColdBoxTemperature(-18.3, 'uint16offset')).toBe('013D');
    expect(encodeColdBoxTemperature(-50, 'uint16offset')).toBe('0000');
    expect(encodeColdBoxTemperature(9, 'int8')).toBe('09');
    expect(encodeColdBoxTemperature(-18.3, 'int8')).toBe('EE');
    expect(encodeColdBoxTemperature(-1, 'int8')).toBe('FF');
  });

  it('round-trips every tenth of a degree a reefer sees, in each layout', () => {
    for (const encoding of ['int16x10', 'uint16offset', 'int8'] as const) {
      for (let tenths = -400; tenths <= 400; tenths++) {
        const c = tenths / 10;
        const expected = encoding === 'int8' ? Math.round(c) : c;
        expect(decode(encodeColdBoxTemperature(c, encoding), encoding)).toBeCloseTo(expected, 5);
      }
    }
  });

  it('sends the "no sensor" value for null and refuses what a layout cannot carry', () => {
    expect(encodeColdBoxTemperature(null, 'int16x10')).toBe('7FFF');
    expect(encodeColdBoxTemperature(null, 'uint16offset')).toBe('FFFF');
    expect(encodeColdBoxTemperature(null, 'int8')).toBe('7F');
    expect(() => encodeColdBoxTemperature(-50.1, 'uint16offset')).toThrow(RangeError);
    expect(() => encodeColdBoxTemperature(127, 'int8')).toThrow(RangeError);
    expect(() => encodeColdBoxTemperature(3276.7, 'int16x10')).toThrow(RangeError);
    expect(() => encodeColdBoxTemperature(Number.NaN, 'int16x10')).toThrow(RangeError);
  });
});

describe('ColdBoxModel', () => {
  it('holds about its setpoint, with rare excursions above 8 ℃ of 3–6 reports', () => {
    const values = run(new ColdBoxModel({}, 42, 0), 48 * 120); // 48 hours at 30 s
    const runs = episodes(values, 8);
    // 0.5 an hour on average: 24 expected over 48 hours
    expect(runs.length).toBeGreaterThanOrEqual(10);
    expect(runs.length).toBeLessThanOrEqual(45);
    for (const n of runs) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
    }
    expect(Math.max(...values)).toBeLessThanOrEqual(12.6);
    // never below the plugin's default lower limit; mostly within a degree and a bit of 4 ℃
    expect(Math.min(...values)).toBeGreaterThanOrEqual(2.7);
    const near = values.filter((v) => Math.abs(v - 4) <= 1.3).length;
    expect(near / values.length).toBeGreaterThan(0.95);
    for (const v of values) expect(Math.round(v * 10)).toBeCloseTo(v * 10, 6);
  });

  it('gives the same temperatures for the same seed and report times, others for another seed', () => {
    const a = run(new ColdBoxModel({}, 7, 0), 2000);
    expect(run(new ColdBoxModel({}, 7, 0), 2000)).toEqual(a);
    expect(run(new ColdBoxModel({}, 8, 0), 2000)).not.toEqual(a);
  });

  it('keeps excursions relative to its setpoint', () => {
    const values = run(new ColdBoxModel({ setpoint: -18, firstExcursionSec: 600 }, 3, 0), 240);
    const runs = episodes(values, -13.6);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(-19.3);
  });

  it('starts its first excursion with the first report after firstExcursionSec', () => {
    const values = run(new ColdBoxModel({ firstExcursionSec: 180, excursionsPerHour: 0 }, 5, 0), 2 * 720, 5);
    const firstOver = values.findIndex((v) => v > 8);
    expect(firstOver).toBe(36); // 180 s at 5 s a report
    expect(episodes(values, 8)).toHaveLength(1);
  });

  it('reports a forced temperature until handed back to the model', () => {
    const model = new ColdBoxModel({ celsius: 9.5 }, 1, 0);
    expect(model.report(0, false)).toEqual({ id: 0xe1, hex: '005F' });
    expect(model.report(30_000, false)).toEqual({ id: 0xe1, hex: '005F' });
    model.force(-18.5);
    expect(model.report(60_000, false).hex).toBe('FF47');
    model.force(null);
    expect(model.report(90_000, false).hex).toBe('7FFF');
    expect(model.celsius).toBeNull();
    model.force(undefined);
    model.report(120_000, false);
    expect(model.celsius).toBeGreaterThan(2);
    expect(model.celsius).toBeLessThan(6);
    expect(() => model.force(-60)).not.toThrow(); // int16x10 carries it
    expect(() => new ColdBoxModel({ encoding: 'uint16offset' }, 1, 0).force(-60)).toThrow(RangeError);
  });

  it('refuses item ids the simulator already sends and unknown encodings', () => {
    expect(() => new ColdBoxModel({ itemId: 0x30 }, 1, HOUR)).toThrow(RangeError);
    expect(() => new ColdBoxModel({ itemId: 0x100 }, 1, HOUR)).toThrow(RangeError);
    expect(() => new ColdBoxModel({ encoding: 'float' as ColdBoxEncoding }, 1, HOUR)).toThrow(RangeError);
    expect(new ColdBoxModel({ itemId: 0xf3, encoding: 'int8' }, 1, HOUR).item()).toEqual({ id: 0xf3, hex: '04' });
  });
});
