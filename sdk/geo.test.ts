import { describe, expect, it } from 'vitest';
import { distance, EARTH_RADIUS, outOfChina, transformCoord, type LonLat } from './geo';

const near = (a: LonLat, b: LonLat, tol: number) => {
  expect(Math.abs(a[0] - b[0])).toBeLessThan(tol);
  expect(Math.abs(a[1] - b[1])).toBeLessThan(tol);
};

const SAMPLES: LonLat[] = [
  [116.397128, 39.916527], // Beijing
  [121.473701, 31.230416], // Shanghai
  [113.264385, 23.129112], // Guangzhou
  [87.617733, 43.792818], // Urumqi
  [126.642464, 45.756967], // Harbin
];

describe('transformCoord', () => {
  it('WGS84 → GCJ02 of Tiananmen matches the reference within 1e-5°', () => {
    near(transformCoord([116.397128, 39.916527], 'WGS84', 'GCJ02'), [116.403371, 39.917934], 1e-5);
  });

  it('GCJ02 → WGS84 round-trips within 1e-6°', () => {
    for (const p of SAMPLES) near(transformCoord(transformCoord(p, 'WGS84', 'GCJ02'), 'GCJ02', 'WGS84'), p, 1e-6);
  });

  it('BD09 round-trips through WGS84 and GCJ02 within 1e-6°', () => {
    for (const p of SAMPLES) {
      near(transformCoord(transformCoord(p, 'WGS84', 'BD09'), 'BD09', 'WGS84'), p, 1e-6);
      near(transformCoord(transformCoord(p, 'GCJ02', 'BD09'), 'BD09', 'GCJ02'), p, 1e-6);
    }
  });

  it('BD09 is GCJ02 shifted by roughly (+0.0065, +0.006)', () => {
    const g = transformCoord([116.397128, 39.916527], 'WGS84', 'GCJ02');
    const b = transformCoord(g, 'GCJ02', 'BD09');
    expect(b[0] - g[0]).toBeGreaterThan(0.005);
    expect(b[0] - g[0]).toBeLessThan(0.008);
    expect(b[1] - g[1]).toBeGreaterThan(0.005);
    expect(b[1] - g[1]).toBeLessThan(0.008);
    expect(transformCoord([116.397128, 39.916527], 'WGS84', 'BD09')).toEqual(b);
  });

  it('EPSG3857 of (180, 0) is (20037508.34, 0) and round-trips', () => {
    const [x, y] = transformCoord([180, 0], 'WGS84', 'EPSG3857');
    expect(x).toBeCloseTo(20037508.34, 2);
    expect(Math.abs(y)).toBeLessThan(1e-6);
    for (const p of SAMPLES) near(transformCoord(transformCoord(p, 'WGS84', 'EPSG3857'), 'EPSG3857', 'WGS84'), p, 1e-9);
    near(transformCoord(transformCoord(SAMPLES[0]!, 'GCJ02', 'EPSG3857'), 'EPSG3857', 'GCJ02'), SAMPLES[0]!, 1e-6);
  });

  it('applies no offset outside China', () => {
    expect(transformCoord([2.3522, 48.8566], 'WGS84', 'GCJ02')).toEqual([2.3522, 48.8566]);
    expect(transformCoord([2.3522, 48.8566], 'GCJ02', 'WGS84')).toEqual([2.3522, 48.8566]);
  });

  it('returns a copy for the same system and refuses unknown systems', () => {
    const p: LonLat = [1, 2];
    const out = transformCoord(p, 'WGS84', 'WGS84');
    expect(out).toEqual(p);
    expect(out).not.toBe(p);
    expect(() => transformCoord(p, 'WGS84', 'CGCS2000' as never)).toThrow(/unknown coordinate system/);
  });
});

describe('outOfChina (spec §9 bounds: lon 72.004–137.8347, lat 0.8293–55.8271)', () => {
  it('is false inside and on the bounds', () => {
    expect(outOfChina(116.4, 39.9)).toBe(false);
    expect(outOfChina(72.004, 30)).toBe(false);
    expect(outOfChina(137.8347, 30)).toBe(false);
    expect(outOfChina(100, 0.8293)).toBe(false);
    expect(outOfChina(100, 55.8271)).toBe(false);
  });

  it('is true just outside each bound', () => {
    expect(outOfChina(72.0039, 30)).toBe(true);
    expect(outOfChina(137.8348, 30)).toBe(true);
    expect(outOfChina(100, 0.8292)).toBe(true);
    expect(outOfChina(100, 55.8272)).toBe(true);
  });
});

describe('distance', () => {
  it('uses R = 6371000 m', () => {
    expect(EARTH_RADIUS).toBe(6371000);
    expect(distance([0, 0], [0, 1])).toBeCloseTo((Math.PI / 180) * 6371000, 3);
  });

  it('Beijing–Shanghai is about 1067 km', () => {
    const d = distance([116.4074, 39.9042], [121.4737, 31.2304]);
    expect(d / 1000).toBeGreaterThan(1062);
    expect(d / 1000).toBeLessThan(1072);
  });

  it('is zero for the same point and symmetric', () => {
    expect(distance([116, 39], [116, 39])).toBe(0);
    expect(distance([116, 39], [121, 31])).toBeCloseTo(distance([121, 31], [116, 39]), 6);
  });
});
