/**
 * The offline basemap: China's provinces and the neighbouring countries as vector shapes on a
 * canvas, with their names, over a sea-coloured background. Works without internet; the data
 * (WGS84, ~60 KB gzip, see tools/basemap/) is fetched only when a map is first shown.
 */
import * as L from 'leaflet';
import type { FeatureCollection, MultiPolygon } from 'geojson';

interface BasemapProps {
  name: string;
  kind: 'province' | 'country';
  /** [lon, lat] of the label. */
  label: [number, number];
}

export type BasemapData = FeatureCollection<MultiPolygon, BasemapProps>;

export const SEA_COLOR = '#c6dcef';
const LAND = { province: '#f7f5ef', country: '#ebe8e0' };
const BORDER = { province: '#b3aa98', country: '#c9c3b6' };

let data: Promise<BasemapData> | undefined;

/** The shapes, loaded once per page. */
export function loadBasemapData(): Promise<BasemapData> {
  data ??= import('./china-basemap.json').then((m) => (m.default ?? m) as unknown as BasemapData);
  return data;
}

/** Adds the shapes and labels to `map`; returns the layer group to remove them again. */
export async function addOfflineBasemap(map: L.Map): Promise<L.LayerGroup> {
  const geo = await loadBasemapData();
  const group = L.layerGroup();
  const renderer = L.canvas({ padding: 0.5 });
  // countries first, provinces over them
  const features = [...geo.features].sort((a, b) => (a.properties.kind === b.properties.kind ? 0 : a.properties.kind === 'country' ? -1 : 1));
  L.geoJSON({ type: 'FeatureCollection', features } as BasemapData, {
    interactive: false,
    style: (f) => {
      const kind = (f?.properties as BasemapProps).kind;
      return { renderer, color: BORDER[kind], weight: kind === 'province' ? 1 : 0.8, fillColor: LAND[kind], fillOpacity: 1, smoothFactor: 1.5 };
    },
  } as L.GeoJSONOptions).addTo(group);
  for (const f of features) {
    const { name, kind, label } = f.properties;
    if (!name) continue;
    L.marker([label[1], label[0]], {
      interactive: false,
      keyboard: false,
      icon: L.divIcon({ className: `tl-basemap-label tl-basemap-${kind}`, html: `<span>${name}</span>`, iconSize: [0, 0] }),
    }).addTo(group);
  }
  group.addTo(map);
  return group;
}
