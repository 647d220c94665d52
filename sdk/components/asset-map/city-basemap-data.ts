/**
 * The city level of the offline basemap (tools/basemap/build-china-cities.ts): outlines of the
 * prefecture-level cities as shared arcs in Google's encoded polyline format, WGS84. Pure: no Leaflet.
 */

/** The file as the build tool writes it. */
export interface CityBasemapFile {
  source: string;
  /** Degrees per encoded unit (1e-4). */
  scale: number;
  /** Encoded polylines, [lon, lat] pairs (lon first). */
  arcs: string[];
  cities: { name: string; province: string; label: [number, number]; polygons: number[][][] }[];
  /** Arcs shared by cities of two provinces. */
  provinceBorders: number[];
}

/** [lat, lng], as Leaflet takes it. */
export type LatLngTuple = [number, number];

/** One city, ready to draw. */
export interface CityShape {
  name: string;
  /** GB/T 2260 province code (2 digits). */
  province: string;
  /** Where the name goes, [lat, lng]. */
  label: LatLngTuple;
  /** Polygons → rings → points. */
  polygons: LatLngTuple[][][];
  /** Province borders drawn with this city (each border once). */
  provinceBorders: LatLngTuple[][];
  /** Rough size in square degrees, for label priority. */
  area: number;
  /** The box holding its outlines and its province borders: [south, west, north, east]. */
  bounds: Box;
}

/** [south, west, north, east], degrees. */
export type Box = [number, number, number, number];

/** Decodes one encoded polyline into [lat, lng] points. */
export function decodePolyline(encoded: string, scale: number): LatLngTuple[] {
  const out: LatLngTuple[] = [];
  let index = 0;
  let x = 0;
  let y = 0;
  const next = (): number => {
    let result = 0;
    let shift = 0;
    let b: number;
    do {
      b = encoded.charCodeAt(index++) - 63;
      result |= (b & 0x1f) << shift;
      shift += 5;
    } while (b >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    x += next();
    y += next();
    out.push([y * scale, x * scale]);
  }
  return out;
}

/** Shoelace area of a ring, square degrees. */
function ringArea(ring: LatLngTuple[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![1] + ring[i]![1]) * (ring[j]![0] - ring[i]![0]);
  return Math.abs(sum / 2);
}

/** The file's arcs joined into rings per city. */
export function decodeCityBasemap(file: CityBasemapFile): CityShape[] {
  const arcs = file.arcs.map((a) => decodePolyline(a, file.scale));
  const borders = new Set(file.provinceBorders);
  const drawn = new Set<number>();
  return file.cities.map((c) => {
    const provinceBorders: LatLngTuple[][] = [];
    const polygons = c.polygons.map((rings) =>
      rings.map((refs) => {
        const ring: LatLngTuple[] = [];
        for (const ref of refs) {
          const id = ref < 0 ? ~ref : ref;
          const arc = arcs[id] ?? [];
          const points = ref < 0 ? [...arc].reverse() : arc;
          // consecutive arcs share their end point
          ring.push(...(ring.length ? points.slice(1) : points));
          if (borders.has(id) && !drawn.has(id)) {
            drawn.add(id);
            provinceBorders.push(arc);
          }
        }
        return ring;
      }),
    );
    const area = polygons.reduce((sum, rings) => sum + (rings[0] ? ringArea(rings[0]) : 0), 0);
    return { name: c.name, province: c.province, label: [c.label[1], c.label[0]], polygons, provinceBorders, area, bounds: boxOf([...polygons.flat(), ...provinceBorders]) };
  });
}

/** The box of some lines of points. */
function boxOf(lines: readonly LatLngTuple[][]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const line of lines) {
    for (const [lat, lng] of line) {
      if (lat < box[0]) box[0] = lat;
      if (lng < box[1]) box[1] = lng;
      if (lat > box[2]) box[2] = lat;
      if (lng > box[3]) box[3] = lng;
    }
  }
  return box;
}

/** The indexes of the cities whose box meets `view` ([south, west, north, east]). */
export function citiesInView(cities: readonly Pick<CityShape, 'bounds'>[], view: Box): number[] {
  const [south, west, north, east] = view;
  const found: number[] = [];
  cities.forEach(({ bounds: [s, w, n, e] }, i) => {
    if (s <= north && n >= south && w <= east && e >= west) found.push(i);
  });
  return found;
}

let cities: Promise<CityShape[]> | undefined;

/** The city shapes, fetched and decoded once per page, the first time a map zooms in to city level. */
export function loadCityBasemap(): Promise<CityShape[]> {
  cities ??= import('./china-cities.json').then(
    (m) => decodeCityBasemap((m.default ?? m) as unknown as CityBasemapFile),
    (err: unknown) => {
      cities = undefined; // a failed fetch is tried again on the next zoom
      throw err;
    },
  );
  return cities;
}
