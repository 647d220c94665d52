import { createElement, useMemo } from 'react';
import { lazyView } from '../react/lazy-view';
import { useService } from '../react/use-service';
import { ConfigService, type MapProvider } from '../services/config-service';
import { loadBasemapData } from './asset-map/basemap-data';
import { effectiveProvider } from './asset-map/map-providers';

export type { DrawMode, DrawnShape, MapShape } from './asset-map/map-shapes';

import type { AssetMapProps } from './asset-map/asset-map-props';
export type { MapViewState, AssetMapProps } from './asset-map/asset-map-props';

const loadView = () => import('./asset-map/asset-map-view');
const View = lazyView(loadView);

/** Starts loading the map's code, for a page that shows one; resolves once it is loaded (or failed: the map says so when drawn). */
export function preloadAssetMap(): Promise<void> {
  return loadView().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts, all at once, what a map needs before it draws: its code (Leaflet), the tenant's 地图设置
 * (fetched once per session, see {@link ConfigService.loadMap}; skipped for a map given its own
 * `provider`) and, when the basemap is the offline one, its shapes. Resolves once they are in (a
 * part that failed is tried again, and reported, where it is used).
 */
export function preloadMap(config: ConfigService, own?: { provider: MapProvider; mapKey?: string }): Promise<void> {
  const code = preloadAssetMap();
  const settings = own ? Promise.resolve(own) : config.loadMap();
  const basemap = settings
    .then((m) => (effectiveProvider(m.provider, m.mapKey ?? (own ? config.config.mapKey : undefined)) === 'offline' ? loadBasemapData() : undefined))
    .catch(() => undefined);
  return Promise.all([code, basemap]).then(() => undefined);
}

/**
 * {@link preloadMap} as the calling component first renders (not once it mounts: a page whose
 * code is still loading mounts late, and the map's parts would wait for it), and again when the
 * basemap it is given changes. Every part is loaded once, so a repeated start costs nothing.
 */
export function usePreloadedMap(own?: { provider?: MapProvider; mapKey?: string }): void {
  const config = useService(ConfigService);
  const provider = own?.provider;
  const mapKey = own?.mapKey;
  useMemo(() => void preloadMap(config, provider === undefined ? undefined : { provider, mapKey }), [config, provider, mapKey]);
}

/**
 * The asset map: vehicles on one canvas layer (heading arrows; green moving, blue stopped, grey
 * offline, red alarm; clusters when dense at low zoom; plate label on hover and selection) over an
 * offline vector basemap of China, or online tiles when configured — positions are converted from
 * WGS84 to the provider's datum (GCJ-02 for 高德/腾讯). Leaflet and the basemap data load on
 * demand, the first time a map is shown.
 */
export function AssetMap(props: AssetMapProps) {
  usePreloadedMap(props);
  return createElement(View, props);
}
