/** Settings the server gives the console at start (/oauthToken/getConfig). */
export interface ConsoleConfig {
  /** Hosts that get the older login page. */
  legacyLoginHosts: string[];
  /** AI assistant: both must be set for it to load. */
  aiUrl?: string;
  aiScriptUrl?: string;
  smsLoginEnabled: boolean;
  /**
   * Basemap of the asset map: 'offline' (default; China's provinces drawn from data shipped with
   * the console, no internet needed), or online tiles: 'amap' and 'tencent' (GCJ-02), 'tianditu'
   * (needs `mapKey`), 'osm' (WGS84). 'baidu' (BD-09) is recognised but its tiles need Baidu's own
   * projection, which the console does not ship: it falls back to the offline basemap.
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
  /** The sub-application the user works in now (drives the platformId header and base URL). */
  readonly system: SystemInfo;
  setSystem(info: Partial<SystemInfo>): void;
}

export const ConfigService = Symbol.for('tianlu.config');
