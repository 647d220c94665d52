/**
 * 地图设置: the wire types of a tenant's map settings and the rule that picks the basemap the
 * console draws. Pure (no DOM, no React): the server and the console share it.
 */
import type { MapProvider } from './services/config-service';

/** The providers a tenant can choose on 地图设置, in the order the page lists them. */
export const TENANT_MAP_PROVIDERS = ['auto', 'amap', 'tencent', 'baidu', 'tianditu', 'offline'] as const;
export type TenantMapProvider = (typeof TENANT_MAP_PROVIDERS)[number];

/** Chinese names of the providers (what 地图设置 and the map's note say). */
export const MAP_PROVIDER_LABELS: Record<MapProvider, string> = {
  auto: '自动（高德在线地图，无法访问时使用离线底图）',
  amap: '高德地图',
  tencent: '腾讯地图',
  baidu: '百度地图',
  tianditu: '天地图',
  osm: 'OpenStreetMap',
  offline: '离线底图',
};

/** The keys a tenant may set, one per map service. */
export const MAP_KEY_FIELDS = ['amapKey', 'tencentKey', 'baiduKey', 'tiandituKey'] as const;
export type MapKeyField = (typeof MAP_KEY_FIELDS)[number];

/** Chinese names of the key fields. */
export const MAP_KEY_LABELS: Record<MapKeyField, string> = {
  amapKey: '高德 Key',
  tencentKey: '腾讯 Key',
  baiduKey: '百度 AK',
  tiandituKey: '天地图 tk',
};

/** 地图设置 of a tenant as its administrators read and save it (keys are secrets: only they see them). */
export interface MapSettings extends Partial<Record<MapKeyField, string>> {
  provider: TenantMapProvider;
  /** True when the tenant saved its own settings; false: the server's defaults are shown. */
  custom: boolean;
}

/** What every user's browser gets: the basemap to draw, its tile key only when tiles need one, whether 地址搜索 works. */
export interface MapBrowserConfig {
  provider: MapProvider;
  /** Tile key (天地图 tk); absent for providers whose tiles need none. */
  mapKey?: string;
  /** A geocoding service is configured: places can be found by address. */
  geocoder: boolean;
}

/** A place found by address (WGS84). */
export interface PlaceHit {
  name: string;
  lon: number;
  lat: number;
}

/** The 地图设置 menu (under 设置 of the centre). */
export const MAP_SETTINGS_MENU_ID = 400304;

/** The tile key of a provider, from the keys at hand (only 天地图 puts one into its tile URLs). */
export function tileKeyOf(provider: MapProvider, keys: Partial<Record<MapKeyField, string>>): string | undefined {
  return provider === 'tianditu' ? keys.tiandituKey || undefined : undefined;
}
