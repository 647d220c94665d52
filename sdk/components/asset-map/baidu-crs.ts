/**
 * Baidu's tile grid: positions in BD-09 are projected with Baidu's own Mercator (BD-09MC,
 * metres), one pixel is one metre at zoom 18 and tile rows count upwards from the equator.
 * Leaflet gets a CRS with that projection and a tile layer that numbers rows Baidu's way.
 */
import gcoord from 'gcoord';
import * as L from 'leaflet';
import type { TileSource } from './map-providers';

/** Extent of BD-09MC (Baidu's Mercator reaches about ±74° of latitude). */
const MC_BOUNDS = L.bounds([-20037726.37, -12474104.17], [20037726.37, 12474104.17]);

/** BD-09 [lat, lng] → BD-09MC metres [x, y]. */
export function baiduProject(lat: number, lng: number): [number, number] {
  const [x, y] = gcoord.transform([lng, lat], gcoord.BD09, gcoord.BD09MC);
  return [x, y];
}

/** BD-09MC metres → BD-09 [lat, lng]. */
export function baiduUnproject(x: number, y: number): [number, number] {
  const [lng, lat] = gcoord.transform([x, y], gcoord.BD09MC, gcoord.BD09);
  return [lat, lng];
}

const projection: L.Projection = {
  project: (latlng: L.LatLng) => {
    const [x, y] = baiduProject(latlng.lat, latlng.lng);
    return L.point(x, y);
  },
  unproject: (point: L.Point) => {
    const [lat, lng] = baiduUnproject(point.x, point.y);
    return L.latLng(lat, lng);
  },
  bounds: MC_BOUNDS,
};

/** Leaflet CRS of Baidu's tiles: 2^(z − 18) pixels per BD-09MC metre, y growing north. */
export const BAIDU_CRS: L.CRS = L.Util.extend({}, L.CRS.Earth, {
  code: 'BD09MC',
  projection,
  transformation: new L.Transformation(1, 0, -1, 0),
  scale: (zoom: number) => Math.pow(2, zoom - 18),
  zoom: (scale: number) => Math.log(scale) / Math.LN2 + 18,
  infinite: true,
  wrapLng: undefined,
}) as L.CRS;

/** Baidu's tile row of a Leaflet tile row under {@link BAIDU_CRS} (Leaflet counts downwards from 0). */
export function baiduTileRow(leafletRow: number): number {
  return -leafletRow - 1;
}

/** A tile layer whose {x} {y} are Baidu's column and row. */
export function baiduTileLayer(source: TileSource): L.TileLayer {
  const Layer = L.TileLayer.extend({
    getTileUrl(this: L.TileLayer, coords: L.Coords) {
      const subdomains = source.subdomains ?? '0';
      const s = subdomains[Math.abs(coords.x + coords.y) % subdomains.length];
      return L.Util.template(source.url, { s, x: coords.x, y: baiduTileRow(coords.y), z: coords.z });
    },
  }) as new (url: string, options: L.TileLayerOptions) => L.TileLayer;
  return new Layer(source.url, { maxZoom: source.maxZoom, minZoom: 3, attribution: source.attribution });
}
