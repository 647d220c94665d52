/** Basemap providers and the coordinate system each expects. Pure: no Leaflet here. */
import { transformCoord, type CoordSystem } from '../../geo';
import type { MapProvider } from '../../services/config-service';

export interface TileSource {
  url: string;
  subdomains?: string;
  maxZoom: number;
  attribution: string;
}

/** The datum a provider's tiles are drawn in: markers must be converted into it. */
export function providerCoordSystem(provider: MapProvider): CoordSystem {
  switch (provider) {
    case 'auto':
    case 'amap':
    case 'tencent':
      return 'GCJ02';
    case 'baidu':
      return 'BD09';
    default:
      return 'WGS84';
  }
}

/**
 * The provider actually drawn: 'auto' (and no setting at all) is 高德's keyless street map;
 * 'tianditu' needs a key and falls back to the offline basemap without one.
 */
export function effectiveProvider(provider: MapProvider | undefined, key?: string): MapProvider {
  if (!provider || provider === 'auto') return 'amap';
  if (provider === 'tianditu' && !key) return 'offline';
  return provider;
}

/** What the map shows when a provider's tiles cannot be loaded. */
export const TILE_FAILURE_NOTE = '在线地图无法访问，已切换为离线底图；可在 地图设置 中配置地图服务';

/**
 * Watches the tiles of an online basemap: reports unreachable when tiles fail before any loads
 * (the first tiles failing, e.g. no route to the tile host or the host refusing), after
 * `failures` of them. A tile that loads first means the host is reachable: later errors are
 * single missing tiles, not a dead provider.
 */
export class TileHealth {
  private loaded = 0;
  private failed = 0;

  constructor(private readonly failures = 2) {}

  /** Counts a tile; true when the provider must be given up. */
  record(ok: boolean): boolean {
    if (ok) this.loaded++;
    else this.failed++;
    return this.loaded === 0 && this.failed >= this.failures;
  }
}

/** Tile layers of an online provider (base first, labels after); none for 'offline'. */
export function tileSources(provider: MapProvider, key = ''): TileSource[] {
  switch (provider) {
    case 'amap':
      return [{ url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', subdomains: '1234', maxZoom: 18, attribution: '© 高德地图' }];
    case 'tencent':
      return [{ url: 'https://rt{s}.map.gtimg.com/tile?z={z}&x={x}&y={-y}&type=vector&styleid=0', subdomains: '0123', maxZoom: 18, attribution: '© 腾讯地图' }];
    case 'tianditu':
      return ['vec', 'cva'].map((layer) => ({
        url: `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`,
        subdomains: '01234567',
        maxZoom: 18,
        attribution: '© 天地图',
      }));
    case 'baidu':
      // BD-09 positions on Baidu's own projection and tile rows (see baidu-crs.ts).
      return [{ url: 'https://maponline{s}.bdimg.com/tile/?qt=vtile&x={x}&y={y}&z={z}&styles=pl&scaler=1&udt=20240601', subdomains: '0123', maxZoom: 18, attribution: '© 百度地图' }];
    case 'osm':
      return [{ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', maxZoom: 19, attribution: '© OpenStreetMap contributors' }];
    default:
      return [];
  }
}

/** A WGS84 position as [lat, lng] in the provider's datum (what Leaflet is given). */
export function toMapLatLng(lon: number, lat: number, provider: MapProvider): [number, number] {
  const system = providerCoordSystem(provider);
  if (system === 'WGS84') return [lat, lon];
  const [x, y] = transformCoord([lon, lat], 'WGS84', system);
  return [y, x];
}
