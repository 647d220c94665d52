import type { MapBrowserConfig } from '../map-settings';
import { serviceToken, type ServiceToken } from './service-token';

/** Settings the server gives the console at start (/oauthToken/getConfig). */
export interface ConsoleConfig {
  /** Hosts that get the older login page. */
  legacyLoginHosts: string[];
  /** AI assistant: both must be set for it to load. */
  aiUrl?: string;
  aiScriptUrl?: string;
  smsLoginEnabled: boolean;
  /**
   * The server's default basemap (a tenant's 地图设置 overrides it, see {@link ConfigService.map}):
   * 'auto' (高德 street tiles, keyless, when the browser reaches them), online tiles: 'amap' and
   * 'tencent' (GCJ-02), 'baidu' (BD-09 on Baidu's own projection), 'tianditu' (needs `mapKey`),
   * 'osm' (WGS84); or 'offline' (China's provinces and cities drawn from data shipped with the
   * console, no internet needed). Online tiles that fail to load fall back to the offline basemap.
   */
  mapProvider?: MapProvider;
  /** Key of the tile provider (天地图 tk). */
  mapKey?: string;
}

/** Basemap providers of the asset map. */
export type MapProvider = 'auto' | 'offline' | 'amap' | 'tencent' | 'baidu' | 'tianditu' | 'osm';

export interface SystemInfo {
  baseUrl: string;
  name: string;
  /** Default 1. */
  platformId: number;
}

export interface ConfigService {
  readonly config: ConsoleConfig;
  readonly loaded: boolean;
  load(): Promise<ConsoleConfig>;
  /** The basemap of the signed-in user's tenant (地图设置); undefined until {@link loadMap} settles. */
  readonly map: MapBrowserConfig | undefined;
  /**
   * Loads the tenant's basemap once (`refresh`: again, after 地图设置 changed); without a session
   * or when the call fails, the server's default from {@link config}.
   */
  loadMap(refresh?: boolean): Promise<MapBrowserConfig>;
  /** The sub-application the user works in now (drives the platformId header and base URL). */
  readonly system: SystemInfo;
  setSystem(info: Partial<SystemInfo>): void;
}

export const ConfigService: ServiceToken<ConfigService> = serviceToken('tianlu.config');
