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

/** Calls `point` with each [lat, lng] of an encoded polyline, in order, building nothing. */
function eachPoint(encoded: string, scale: number, point: (lat: number, lng: number) => void): void {
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
    point(y * scale, x * scale);
  }
}

/** Decodes one encoded polyline into [lat, lng] points. */
export function decodePolyline(encoded: string, scale: number): LatLngTuple[] {
  const out: LatLngTuple[] = [];
  eachPoint(encoded, scale, (lat, lng) => out.push([lat, lng]));
  return out;
}

/** The box of an encoded polyline and its part of a ring's shoelace sum, read without building its points. */
interface ArcSummary {
  box: Box;
  /** Σ (lngₚ + lng)(latₚ − lat) over its consecutive points p → point, as {@link decodePolyline} gives them. */
  shoelace: number;
}

function summarise(encoded: string, scale: number): ArcSummary {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  let shoelace = 0;
  let first = true;
  let prevLat = 0;
  let prevLng = 0;
  eachPoint(encoded, scale, (lat, lng) => {
    if (lat < box[0]) box[0] = lat;
    if (lng < box[1]) box[1] = lng;
    if (lat > box[2]) box[2] = lat;
    if (lng > box[3]) box[3] = lng;
    if (!first) shoelace += (prevLng + lng) * (prevLat - lat);
    first = false;
    prevLat = lat;
    prevLng = lng;
  });
  return { box, shoelace };
}

/**
 * The file's cities, ready to draw. A city's box and size are read at once from its arcs, without
 * building their points; its outlines and province borders are built the first time they are asked
 * for (a view at street level draws one or two of the 392 cities).
 */
export function decodeCityBasemap(file: CityBasemapFile): CityShape[] {
  const summaries = file.arcs.map((a) => summarise(a, file.scale));
  const decoded: (LatLngTuple[] | undefined)[] = [];
  const arc = (id: number): LatLngTuple[] => (decoded[id] ??= decodePolyline(file.arcs[id] ?? '', file.scale));
  // each province border is drawn once, with the first city whose rings hold it
  const borders = new Set(file.provinceBorders);
  const drawn = new Set<number>();
  return file.cities.map((c) => {
    const borderIds: number[] = [];
    const bounds: Box = [Infinity, Infinity, -Infinity, -Infinity];
    let area = 0;
    for (const rings of c.polygons) {
      rings.forEach((refs, r) => {
        // a ring runs through its arcs, each starting where the last one ended: its sum is theirs
        let sum = 0;
        for (const ref of refs) {
          const id = ref < 0 ? ~ref : ref;
          const summary = summaries[id];
          if (summary) {
            sum += ref < 0 ? -summary.shoelace : summary.shoelace;
            bounds[0] = Math.min(bounds[0], summary.box[0]);
            bounds[1] = Math.min(bounds[1], summary.box[1]);
            bounds[2] = Math.max(bounds[2], summary.box[2]);
            bounds[3] = Math.max(bounds[3], summary.box[3]);
          }
          if (borders.has(id) && !drawn.has(id)) {
            drawn.add(id);
            borderIds.push(id);
          }
        }
        if (r === 0) area += Math.abs(sum / 2);
      });
    }
    let polygons: LatLngTuple[][][] | undefined;
    let provinceBorders: LatLngTuple[][] | undefined;
    return {
      name: c.name,
      province: c.province,
      label: [c.label[1], c.label[0]],
      area,
      bounds,
      get polygons() {
        polygons ??= c.polygons.map((rings) =>
          rings.map((refs) => {
            const ring: LatLngTuple[] = [];
            for (const ref of refs) {
              const points = arc(ref < 0 ? ~ref : ref);
              // consecutive arcs share their end point
              if (ref < 0) for (let i = points.length - (ring.length ? 2 : 1); i >= 0; i--) ring.push(points[i]!);
              else for (let i = ring.length ? 1 : 0; i < points.length; i++) ring.push(points[i]!);
            }
            return ring;
          }),
        );
        return polygons;
      },
      get provinceBorders() {
        provinceBorders ??= borderIds.map(arc);
        return provinceBorders;
      },
    };
  });
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
