/**
 * The offline basemap's shapes (China's provinces and the neighbouring countries, WGS84, see
 * tools/basemap/): fetched once per page and shared by the asset map's offline basemap and the
 * charts' China outline. No Leaflet here, so a page can start the fetch before the map's code.
 */
import type { FeatureCollection, MultiPolygon } from 'geojson';

export interface BasemapProps {
  name: string;
  kind: 'province' | 'country';
  /** [lon, lat] of the label. */
  label: [number, number];
}

export type BasemapData = FeatureCollection<MultiPolygon, BasemapProps>;

let data: Promise<BasemapData> | undefined;

/** The shapes, loaded once per page (a failed load is tried again on the next call). */
export function loadBasemapData(): Promise<BasemapData> {
  data ??= import('./china-basemap.json').then(
    (m) => (m.default ?? m) as unknown as BasemapData,
    (err: unknown) => {
      data = undefined;
      throw err;
    },
  );
  return data;
}
