import { describe, expect, it } from 'vitest';
import { citiesInView, decodeCityBasemap, decodePolyline, type CityBasemapFile, type CityShape, type LatLngTuple } from './city-basemap-data';
import file from './china-cities.json';

const cities = decodeCityBasemap(file as unknown as CityBasemapFile);

function contains(city: CityShape, [lat, lng]: LatLngTuple): boolean {
  return city.polygons.some((rings) => {
    let inside = false;
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [yi, xi] = ring[i]!;
        const [yj, xj] = ring[j]!;
        if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    return inside;
  });
}

describe('decodePolyline', () => {
  it("reads Google's encoded polyline format (x first) at the file's scale", () => {
    // Google's example, lat/lng swapped into x/y: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453) at 1e-5
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@', 1e-5).map(([a, b]) => [Number(a.toFixed(5)), Number(b.toFixed(5))])).toEqual([
      [-120.2, 38.5], [-120.95, 40.7], [-126.453, 43.252],
    ]);
  });
});

describe('china-cities.json', () => {
  it('has the prefecture-level cities and all four municipalities', () => {
    expect(cities.length).toBeGreaterThan(340);
    for (const name of ['北京市', '天津市', '上海市', '重庆市', '广州市', '深圳市', '成都市', '杭州市', '武汉市', '西安市', '南京市', '沧州市', '香港']) {
      expect(cities.some((c) => c.name === name), name).toBe(true);
    }
  });

  it('puts the simulator cities (WGS84 centres) inside their outlines and names', () => {
    const centres: [string, LatLngTuple][] = [
      ['北京市', [39.9087, 116.3975]], ['上海市', [31.2304, 121.4737]], ['广州市', [23.1291, 113.2644]], ['深圳市', [22.61, 114.03]],
      ['成都市', [30.5728, 104.0668]], ['杭州市', [30.2741, 120.1551]], ['武汉市', [30.5928, 114.3055]], ['西安市', [34.3416, 108.9398]],
      ['重庆市', [29.563, 106.5516]], ['南京市', [32.0603, 118.7969]], ['天津市', [39.1256, 117.1902]], ['天津市', [40.05, 117.41]],
    ];
    for (const [name, point] of centres) {
      const city = cities.find((c) => c.name === name)!;
      expect(contains(city, point), `${name} ${point.join(',')}`).toBe(true);
      expect(cities.filter((c) => contains(c, point)).map((c) => c.name), name).toEqual([name]);
    }
  });

  it('closes every ring and draws each province border once', () => {
    for (const c of cities) for (const rings of c.polygons) for (const ring of rings) expect(ring.length, c.name).toBeGreaterThanOrEqual(3);
    const beijing = cities.find((c) => c.name === '北京市')!;
    expect(beijing.label[0]).toBeCloseTo(39.9, 0);
    const borders = cities.flatMap((c) => c.provinceBorders);
    expect(borders.length).toBe((file as unknown as CityBasemapFile).provinceBorders.length);
  });
});

describe('decodeCityBasemap', () => {
  /** Every arc decoded and every ring built at once, as the file is defined. */
  function decodeAll(f: CityBasemapFile) {
    const arcs = f.arcs.map((a) => decodePolyline(a, f.scale));
    const borders = new Set(f.provinceBorders);
    const drawn = new Set<number>();
    return f.cities.map((c) => {
      const provinceBorders: LatLngTuple[][] = [];
      const polygons = c.polygons.map((rings) => rings.map((refs) => {
        const ring: LatLngTuple[] = [];
        for (const ref of refs) {
          const id = ref < 0 ? ~ref : ref;
          const points = ref < 0 ? [...arcs[id]!].reverse() : arcs[id]!;
          ring.push(...(ring.length ? points.slice(1) : points));
          if (borders.has(id) && !drawn.has(id)) {
            drawn.add(id);
            provinceBorders.push(arcs[id]!);
          }
        }
        return ring;
      }));
      const lines = [...polygons.flat(), ...provinceBorders];
      const bounds = [Math.min(...lines.flat().map((p) => p[0])), Math.min(...lines.flat().map((p) => p[1])), Math.max(...lines.flat().map((p) => p[0])), Math.max(...lines.flat().map((p) => p[1]))];
      const area = polygons.reduce((sum, rings) => {
        const ring = rings[0] ?? [];
        let twice = 0;
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += (ring[j]![1] + ring[i]![1]) * (ring[j]![0] - ring[i]![0]);
        return sum + Math.abs(twice / 2);
      }, 0);
      return { name: c.name, polygons, provinceBorders, bounds, area };
    });
  }

  it('gives each city the outlines, province borders, box and size of its arcs, whichever city is drawn first', () => {
    const expected = decodeAll(file as unknown as CityBasemapFile);
    // a fresh decoding, its cities drawn in another order than the file's
    const fresh = decodeCityBasemap(file as unknown as CityBasemapFile);
    const order = fresh.map((_, i) => i).reverse();
    for (const i of order) {
      const [got, want] = [fresh[i]!, expected[i]!];
      expect(got.bounds, want.name).toEqual(want.bounds);
      expect(got.area, want.name).toBeCloseTo(want.area, 9);
      expect(got.polygons, want.name).toEqual(want.polygons);
      expect(got.provinceBorders, want.name).toEqual(want.provinceBorders);
      // built once
      expect(got.polygons).toBe(got.polygons);
    }
  });
});

describe('citiesInView', () => {
  const names = (view: [number, number, number, number]) => citiesInView(cities, view).map((i) => cities[i]!.name);

  it('finds only the few cities a street-level view reaches, the one it is in among them', () => {
    // about 2 km around 天安门 (WGS84), and around a pet in 深圳
    const beijing = names([39.9, 116.38, 39.92, 116.41]);
    expect(beijing).toContain('北京市');
    expect(beijing.length).toBeLessThan(6);
    const shenzhen = names([22.6, 114.02, 22.62, 114.04]);
    expect(shenzhen).toContain('深圳市');
    expect(shenzhen.length).toBeLessThan(6);
  });

  it('finds every city for a view of all China, and none far out at sea', () => {
    expect(citiesInView(cities, [15, 70, 55, 136])).toHaveLength(cities.length);
    expect(names([-10, 150, -5, 155])).toEqual([]);
  });

  it('boxes each city around its outlines and its province borders', () => {
    for (const c of cities) {
      const [s, w, n, e] = c.bounds;
      for (const line of [...c.polygons.flat(), ...c.provinceBorders]) {
        for (const [lat, lng] of line) expect(lat >= s && lat <= n && lng >= w && lng <= e, c.name).toBe(true);
      }
    }
  });
});
