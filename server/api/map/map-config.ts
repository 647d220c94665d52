import { MAP_KEY_FIELDS, tileKeyOf, type MapBrowserConfig, type MapKeyField, type MapSettings } from '../../../sdk/map-settings';
import { onlineGeocoder, type OnlineGeocoder } from '../../geocode/online-geocoder';
import type { StoredMapSettings } from '../../store/map-settings-queries';
import type { AppDeps } from '../app-deps';

/** A tenant's 地图设置 as its administrators see them: its own, or the server's default provider (no server keys). */
export function settingsView(stored: StoredMapSettings | undefined, deps: Pick<AppDeps, 'config'>): MapSettings {
  if (stored) return { ...stored, custom: true };
  const fallback = deps.config.mapProvider;
  return { provider: fallback === 'osm' ? 'auto' : fallback, custom: false };
}

/** The tenant's own geocoding key (高德 first, then 百度), else the server's GEOCODER. */
export function geocoderOf(stored: StoredMapSettings | undefined, deps: Pick<AppDeps, 'geocoder'>): OnlineGeocoder | undefined {
  if (stored?.amapKey) return onlineGeocoder('amap', stored.amapKey);
  if (stored?.baiduKey) return onlineGeocoder('baidu', stored.baiduKey);
  return deps.geocoder.configured;
}

/** What every user's browser needs: the provider, its tile key when tiles need one, whether 地址搜索 works. */
export function browserConfig(stored: StoredMapSettings | undefined, deps: Pick<AppDeps, 'config' | 'geocoder'>): MapBrowserConfig {
  const provider = stored?.provider ?? deps.config.mapProvider;
  const keys: Partial<Record<MapKeyField, string>> = stored ?? (provider === 'tianditu' && deps.config.mapKey ? { tiandituKey: deps.config.mapKey } : {});
  const mapKey = tileKeyOf(provider, keys);
  return { provider, ...(mapKey && { mapKey }), geocoder: Boolean(geocoderOf(stored, deps)) };
}

/** The keys of a save: trimmed, empty ones dropped. */
export function keysOf(body: Partial<Record<MapKeyField, unknown>>): Partial<Record<MapKeyField, string>> {
  const keys: Partial<Record<MapKeyField, string>> = {};
  for (const field of MAP_KEY_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' && value.trim()) keys[field] = value.trim();
  }
  return keys;
}
