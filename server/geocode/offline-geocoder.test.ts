import { describe, expect, it } from 'vitest';
import { SIM_CITIES, cityBounds } from '../sim/sim-cities';
import { loadCityMaps } from './china-cities-dataset';
import { OfflineGeocoder } from './offline-geocoder';

const geocoder = new OfflineGeocoder();

/** A 9 × 9 grid over a simulator city's whole box, corners and edges included. */
function samplePoints(city: (typeof SIM_CITIES)[number]): [number, number][] {
  const b = cityBounds(city);
  const points: [number, number][] = [];
  for (let i = 0; i <= 8; i++) {
    for (let j = 0; j <= 8; j++) points.push([b.minLon + ((b.maxLon - b.minLon) * i) / 8, b.minLat + ((b.maxLat - b.minLat) * j) / 8]);
  }
  return points;
}

describe('OfflineGeocoder', () => {
  it.each(SIM_CITIES.map((c) => [c.name, c] as const))('names %s everywhere in the box the simulator drives in (never a neighbouring city)', (name, city) => {
    for (const [lon, lat] of samplePoints(city)) {
      const found = geocoder.reverse(lon, lat);
      expect(found.address, `${lon.toFixed(4)},${lat.toFixed(4)}`).toContain(name);
      expect(found.adcode, `${lon.toFixed(4)},${lat.toFixed(4)}`).toMatch(/^\d{6}$/);
    }
  });

  it.each([
    ['北京市', [116.3975, 39.9087], '东城区'],
    ['北京市', [115.97, 40.46], '延庆区'],
    ['天津市', [117.1902, 39.1256], '和平区'],
    ['天津市', [117.41, 40.05], '蓟州区'],
    ['天津市', [117.70, 39.00], '滨海新区'],
    ['上海市', [121.4737, 31.2304], '黄浦区'],
    ['上海市', [121.40, 31.62], '崇明区'],
    ['重庆市', [106.5516, 29.5630], '渝中区'],
    ['重庆市', [108.40, 30.80], '万州区'],
  ] as const)('names the municipality %s at %j (%s)', (province, [lon, lat], district) => {
    expect(geocoder.reverse(lon, lat)).toMatchObject({ address: `${province}${district}`, province, district, adcode: expect.stringMatching(/^(11|12|31|50)\d{4}$/) });
  });

  it('names districts of maps the dataset ships without codes by their city (沧州)', () => {
    expect(geocoder.reverse(116.85, 38.31)).toMatchObject({ address: '河北省沧州市运河区', city: '沧州市', adcode: '130903' });
  });
});

describe('loadCityMaps', () => {
  it('reads maps shipped only as GeoJSON (天津) and fills districts the package leaves empty (蓟州区)', () => {
    const maps = loadCityMaps();
    const tianjin = maps.find((m) => m.name === '天津');
    expect(tianjin?.features).toHaveLength(16);
    expect(tianjin!.features.every((f) => f.geometry && f.geometry.coordinates.length > 0)).toBe(true);
    for (const name of ['北京', '上海', '重庆']) expect(maps.some((m) => m.name === name)).toBe(true);
    expect(maps.length).toBeGreaterThan(390);
    expect(loadCityMaps('shape-only').find((m) => m.name === '天津')?.features).toHaveLength(1);
  });
});
