import { createElement, lazy, Suspense, type CSSProperties } from 'react';
import type { MapProvider } from '../services/config-service';
import type { MonitorItem } from '../services/live-service';

export interface AssetMapProps {
  /** The assets to draw (WGS84 positions; items without one are skipped). */
  items: readonly MonitorItem[];
  /** terminalNo of the highlighted asset (bigger mark, plate label). */
  selected?: string;
  /** A click on an asset's mark. */
  onSelect?: (terminalNo: string) => void;
  /** Basemap; default the console config's `mapProvider`, else the offline basemap. */
  provider?: MapProvider;
  /** Key of the provider (天地图); default the console config's `mapKey`. */
  mapKey?: string;
  /** A trail to draw (WGS84 [lon, lat], oldest first), e.g. the followed vehicle's recent path. */
  trail?: readonly (readonly [number, number])[];
  /** Keep the selected asset in view as it moves. */
  follow?: boolean;
  /** Initial zoom when following (default 14). */
  followZoom?: number;
  /** Show the colour legend (default true). */
  legend?: boolean;
  className?: string;
  style?: CSSProperties;
}

const View = lazy(() => import('./asset-map/asset-map-view'));

/**
 * The asset map: vehicles on one canvas layer (heading arrows; green moving, blue stopped, grey
 * offline, red alarm; clusters when dense at low zoom; plate label on hover and selection) over an
 * offline vector basemap of China, or online tiles when configured — positions are converted from
 * WGS84 to the provider's datum (GCJ-02 for 高德/腾讯). Leaflet and the basemap data load on
 * demand, the first time a map is shown.
 */
export function AssetMap(props: AssetMapProps) {
  return createElement(Suspense, { fallback: null }, createElement(View, props));
}
