/** Shapes drawn over the asset map (fences): their contract and pure geometry. No Leaflet here. */
import { distance, transformCoord } from '../../geo';
import type { MapProvider } from '../../services/config-service';
import { providerCoordSystem } from './map-providers';

/** A WGS84 position, [lon, lat] degrees. */
type LonLat = readonly [number, number];

/** A circle or polygon drawn over the map (WGS84), e.g. an electronic fence. */
export type MapShape =
  | { id: string; kind: 'circle'; center: LonLat; radius: number; label?: string; highlighted?: boolean }
  | { id: string; kind: 'polygon'; points: readonly LonLat[]; label?: string; highlighted?: boolean };

/** What the user drew (WGS84; radius in metres, rounded). */
export type DrawnShape = { kind: 'circle'; center: [number, number]; radius: number } | { kind: 'polygon'; points: [number, number][] };

/** Drawing modes of the asset map. */
export type DrawMode = 'circle' | 'polygon';

/** Smallest circle the drawing tool accepts, metres. */
export const MIN_CIRCLE_RADIUS_M = 10;

/** A position in the provider's datum ([lat, lng] as Leaflet takes it) back to WGS84 [lon, lat], 6 decimals. */
export function fromMapLatLng(lat: number, lng: number, provider: MapProvider): [number, number] {
  const system = providerCoordSystem(provider);
  const [lon, la] = system === 'WGS84' ? [lng, lat] : transformCoord([lng, lat], system, 'WGS84');
  return [round6(lon), round6(la)];
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A circle from its centre and a point on its rim (WGS84), radius in whole metres. */
export function circleFrom(center: LonLat, rim: LonLat): { center: [number, number]; radius: number } {
  return { center: [center[0], center[1]], radius: Math.round(distance([center[0], center[1]], [rim[0], rim[1]])) };
}

/** Whether a polygon's vertices make a drawable area: three or more distinct points. */
export function isPolygon(points: readonly LonLat[]): boolean {
  return new Set(points.map((p) => `${p[0]},${p[1]}`)).size >= 3;
}

/** The WGS84 box of a shape: [minLon, minLat, maxLon, maxLat]. */
export function shapeBounds(shape: MapShape): [number, number, number, number] {
  if (shape.kind === 'polygon') {
    const lons = shape.points.map((p) => p[0]);
    const lats = shape.points.map((p) => p[1]);
    return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  }
  const dLat = shape.radius / 111_195;
  const dLon = dLat / Math.max(0.01, Math.cos((shape.center[1] * Math.PI) / 180));
  return [shape.center[0] - dLon, shape.center[1] - dLat, shape.center[0] + dLon, shape.center[1] + dLat];
}
