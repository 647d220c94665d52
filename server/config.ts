import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/** Server settings read from the environment. `buildConfig` is pure so tests can feed their own env. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Plugins built elsewhere: one folder per systemId with manifest.json and the built files. */
  pluginsDir: string;
  /**
   * PLUGIN_SERVER_PARTS (`on`, the default, or `off`): whether the server parts of installed plugins
   * (`serverEntry` of their manifest.json) are loaded and run in the server process. Off, their
   * console pages still install, their routes answer that the server part is off.
   */
  pluginServerParts: boolean;
  /** PostgreSQL server instead of the embedded PGlite when set. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (search_path); default `public`. */
  databaseSchema?: string;
  sessionIdleMinutes: number;
  /** Hosts that get the older login page. */
  legacyLoginHosts: string[];
  aiUrl?: string;
  aiScriptUrl?: string;
  /**
   * Dev servers of plugins being written (`npm run dev` of a plugin, e.g. http://localhost:5180): the
   * console may load scripts from them and connect to them. Empty in production.
   */
  pluginDevOrigins: string[];
  /**
   * Default basemap of tenants without their own 地图设置: `auto` (高德 street tiles when the
   * browser reaches them, else the bundled China basemap), a provider, or `offline`.
   */
  mapProvider: MapProviderName;
  /** Key of the online map provider (AMap, Tencent, Tianditu, Baidu). */
  mapKey?: string;
  /** When set, hosts without branding get this title instead of flag 5001. */
  defaultSiteTitle?: string;
  /** `log` writes codes to the server log; `none` disables SMS login. */
  smsProvider: string;
  /** JT/T 808 gateway TCP port (0 picks a free one). */
  jt808Port: number;
  /** GT06 gateway TCP port (0 picks a free one). */
  gt06Port: number;
  /** Watch-protocol gateway TCP port (0 picks a free one). */
  watchPort: number;
  /**
   * AUTO_REGISTER=1 (or the older JT808_AUTO_REGISTER=1): provision unknown terminals of every
   * protocol instead of refusing them.
   */
  autoRegister: boolean;
  /** OpenCelliD CSV export (plain or .gz) that places LBS reports; none: LBS reports stay at the last position. */
  cellTable?: string;
  /** `mac,lon,lat,range` CSV that places WiFi reports. */
  wifiTable?: string;
  /** Tenant (by name) auto-registered terminals join; default the demo tenant, else the first tenant. */
  autoRegisterTenant?: string;
  /** Close terminal connections of every protocol silent this long (JT808_IDLE_SECONDS); 0 never. */
  gatewayIdleSeconds: number;
  /** A terminal connection that has not identified (logged in) within this long is closed; 0 never. */
  gatewayIdentifySeconds: number;
  /** Terminal connections one source address may hold at once, across the ports; 0 no cap. */
  gatewayMaxConnectionsPerAddress: number;
  /** Source addresses that cap does not count (default the loopback: the demo's simulator, benchmarks, tests). */
  gatewayUncappedAddresses: string[];
  /** Logins one terminal (IMEI, phone number) may make per minute; 0 no limit. */
  gatewayLoginRateLimit: number;
  /** A live terminal connection heard from within this long is not replaced by a login from another address. */
  gatewayTakeoverSeconds: number;
  /**
   * GATEWAY_WORKERS: gateway worker processes sharing the terminal ports, each with its own batcher
   * and PostgreSQL pool (`auto`: one per core); 0, the default, keeps the gateway in the server's
   * process. Ignored with PGlite, which one process alone may open.
   */
  gatewayWorkers: number;
  /** Demo profile: simulated terminals started in-process (0: none). */
  simDevices: number;
  /** Demo profile: report interval of the simulated terminals. */
  simIntervalSeconds: number;
  /** Demo profile: simulated vehicles carrying a refrigerated box that reports its temperature in item 0xE1 (SIM_COLD_BOXES). */
  simColdBoxes: number;
  /** Demo profile: also provision and simulate the badges, collars and e-bike guards (SIM_ASSETS, default on). */
  simAssets: boolean;
  /** NATS server shared by several instances for live events; in-process bus when unset. */
  natsUrl?: string;
  /** Position partitions older than this are dropped; 0 keeps everything. */
  positionsRetentionDays: number;
  /** An asset is online when connected and its last position arrived within this window. */
  onlineWindowSeconds: number;
  /** A late alarm (补报) at most this many minutes old is raised to the desk; older ones are only recorded. */
  lateAlarmPushMinutes: number;
  /**
   * NOTIFY_KEY: the AES-256 key (64 hex digits or base64) 告警推送 channel secrets are encrypted
   * with; unset: one made on first start in <dataDir>/notify.key. Instances sharing a database
   * must share it.
   */
  notifyKey?: string;
  /** NOTIFY_MAX_TRIES: tries of a delivery before it is given up into 推送失败. */
  notifyMaxTries: number;
  /** NOTIFY_LEASE_SECONDS: how long a worker holds a delivery; one that stopped mid-delivery gives it up after this. */
  notifyLeaseSeconds: number;
  /** NOTIFY_RETRY_SECONDS: the wait after a delivery's first failed try, doubled after each further one. */
  notifyRetrySeconds: number;
  /** 轨迹回放: the longest range one track query may cover, days. */
  trackMaxDays: number;
  /** 轨迹回放: default stop threshold (standing at least this long is a 停留点), minutes. */
  trackStopMinutes: number;
  /** Online reverse geocoder (`baidu` or `amap`, with GEOCODER_KEY); the offline dataset otherwise. */
  geocoder?: 'baidu' | 'amap';
  geocoderKey?: string;
  /** A command still unsent this long after it was issued (terminal offline) ends as 超时. */
  commandExpiryMinutes: number;
  /** Login attempts (`token`, password or SMS) one client address may make per minute; 0: no limit. */
  loginRateLimit: number;
  /** SMS codes (login and phone binding) one client address may request per minute; 0: no limit. */
  smsRateLimit: number;
  logLevel: string;
}

export type EnvRecord = Record<string, string | undefined>;

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function integer(env: EnvRecord, name: string, fallback: number, min = 0): number {
  const raw = text(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

const MAP_PROVIDERS = ['auto', 'offline', 'amap', 'tencent', 'baidu', 'tianditu', 'osm'] as const;
export type MapProviderName = (typeof MAP_PROVIDERS)[number];

function mapProvider(raw: string | undefined): MapProviderName {
  if (raw === undefined) return 'auto';
  const value = raw.toLowerCase();
  if (!(MAP_PROVIDERS as readonly string[]).includes(value)) throw new Error(`MAP_PROVIDER must be one of ${MAP_PROVIDERS.join(', ')}, got "${raw}"`);
  return value as MapProviderName;
}

function workers(env: EnvRecord): number {
  const raw = text(env.GATEWAY_WORKERS)?.toLowerCase();
  if (raw === 'auto') return availableParallelism();
  return integer(env, 'GATEWAY_WORKERS', 0);
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function origins(env: EnvRecord, name: string): string[] {
  return list(env[name]).map((value) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '')) {
      throw new Error(`${name} must be a comma-separated list of origins such as http://localhost:5180, got "${value}"`);
    }
    return url.origin;
  });
}

function flag(env: EnvRecord, name: string): boolean {
  const raw = text(env[name])?.toLowerCase();
  if (raw === undefined || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
}

function onOff(env: EnvRecord, name: string, fallback: boolean): boolean {
  const raw = text(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['on', '1', 'true', 'yes'].includes(raw)) return true;
  if (['off', '0', 'false', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

function geocoder(env: EnvRecord): Pick<ServerConfig, 'geocoder' | 'geocoderKey'> {
  const name = text(env.GEOCODER)?.toLowerCase();
  if (name === undefined || name === 'offline') return {};
  if (name !== 'baidu' && name !== 'amap') throw new Error(`GEOCODER must be baidu, amap or offline, got "${env.GEOCODER}"`);
  const key = text(env.GEOCODER_KEY);
  // without a key the online provider cannot be called: stay offline
  return key ? { geocoder: name, geocoderKey: key } : {};
}

export function buildConfig(env: EnvRecord = {}): ServerConfig {
  const dataDir = text(env.DATA_DIR) ?? './data';
  return {
    port: integer(env, 'PORT', 8080),
    host: text(env.HOST) ?? '0.0.0.0',
    dataDir,
    pluginsDir: text(env.PLUGINS_DIR) ?? join(dataDir, 'plugins'),
    pluginServerParts: onOff(env, 'PLUGIN_SERVER_PARTS', true),
    databaseUrl: text(env.DATABASE_URL),
    databaseSchema: text(env.DATABASE_SCHEMA),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120, 1),
    legacyLoginHosts: list(env.LEGACY_LOGIN_HOSTS),
    aiUrl: text(env.AI_URL),
    aiScriptUrl: text(env.AI_SCRIPT_URL),
    pluginDevOrigins: origins(env, 'PLUGIN_DEV_ORIGINS'),
    mapProvider: mapProvider(text(env.MAP_PROVIDER)),
    mapKey: text(env.MAP_KEY),
    defaultSiteTitle: text(env.DEFAULT_SITE_TITLE),
    smsProvider: text(env.SMS_PROVIDER) ?? 'log',
    jt808Port: integer(env, 'JT808_PORT', 6808),
    gt06Port: integer(env, 'GT06_PORT', 6809),
    watchPort: integer(env, 'WATCH_PORT', 6810),
    autoRegister: flag(env, 'AUTO_REGISTER') || flag(env, 'JT808_AUTO_REGISTER'),
    autoRegisterTenant: text(env.AUTO_REGISTER_TENANT) ?? text(env.JT808_AUTO_REGISTER_TENANT),
    cellTable: text(env.CELL_TABLE),
    wifiTable: text(env.WIFI_TABLE),
    gatewayIdleSeconds: integer(env, 'JT808_IDLE_SECONDS', 180),
    gatewayIdentifySeconds: integer(env, 'GATEWAY_IDENTIFY_SECONDS', 30),
    gatewayMaxConnectionsPerAddress: integer(env, 'GATEWAY_MAX_CONNECTIONS_PER_ADDRESS', 2000),
    gatewayUncappedAddresses: env.GATEWAY_UNCAPPED_ADDRESSES === undefined ? ['127.0.0.1', '::1'] : list(env.GATEWAY_UNCAPPED_ADDRESSES),
    gatewayLoginRateLimit: integer(env, 'GATEWAY_LOGIN_RATE_LIMIT', 10),
    gatewayTakeoverSeconds: integer(env, 'GATEWAY_TAKEOVER_SECONDS', 120),
    gatewayWorkers: workers(env),
    simDevices: integer(env, 'SIM_DEVICES', 50),
    simIntervalSeconds: integer(env, 'SIM_INTERVAL_SECONDS', 5, 1),
    simColdBoxes: integer(env, 'SIM_COLD_BOXES', 5),
    simAssets: env.SIM_ASSETS === undefined ? true : flag(env, 'SIM_ASSETS'),
    natsUrl: text(env.NATS_URL),
    positionsRetentionDays: integer(env, 'POSITIONS_RETENTION_DAYS', 90),
    onlineWindowSeconds: integer(env, 'ONLINE_WINDOW_SECONDS', 600, 1),
    lateAlarmPushMinutes: integer(env, 'LATE_ALARM_PUSH_MINUTES', 10),
    notifyKey: text(env.NOTIFY_KEY),
    notifyMaxTries: integer(env, 'NOTIFY_MAX_TRIES', 10, 1),
    notifyLeaseSeconds: integer(env, 'NOTIFY_LEASE_SECONDS', 60, 1),
    notifyRetrySeconds: integer(env, 'NOTIFY_RETRY_SECONDS', 30, 1),
    trackMaxDays: integer(env, 'TRACK_MAX_DAYS', 7, 1),
    trackStopMinutes: integer(env, 'TRACK_STOP_MINUTES', 3, 1),
    ...geocoder(env),
    commandExpiryMinutes: integer(env, 'COMMAND_EXPIRY_MINUTES', 60, 1),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 30),
    smsRateLimit: integer(env, 'SMS_RATE_LIMIT', 10),
    logLevel: text(env.LOG_LEVEL) ?? 'info',
  };
}

/** The configuration of this process. */
export function loadConfig(): ServerConfig {
  return buildConfig(process.env);
}
