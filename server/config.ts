import { join } from 'node:path';

/** Server settings read from the environment. `buildConfig` is pure so tests can feed their own env. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Plugins built elsewhere: one folder per systemId with manifest.json and the built files. */
  pluginsDir: string;
  /** PostgreSQL server instead of the embedded PGlite when set. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (search_path); default `public`. */
  databaseSchema?: string;
  sessionIdleMinutes: number;
  /** Hosts that get the older login page. */
  legacyLoginHosts: string[];
  aiUrl?: string;
  aiScriptUrl?: string;
  /** When set, hosts without branding get this title instead of flag 5001. */
  defaultSiteTitle?: string;
  /** `log` writes codes to the server log; `none` disables SMS login. */
  smsProvider: string;
  /** Reserved for the gateway milestone. */
  jt808Port: number;
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

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function buildConfig(env: EnvRecord = {}): ServerConfig {
  const dataDir = text(env.DATA_DIR) ?? './data';
  return {
    port: integer(env, 'PORT', 8080),
    host: text(env.HOST) ?? '0.0.0.0',
    dataDir,
    pluginsDir: text(env.PLUGINS_DIR) ?? join(dataDir, 'plugins'),
    databaseUrl: text(env.DATABASE_URL),
    databaseSchema: text(env.DATABASE_SCHEMA),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120, 1),
    legacyLoginHosts: list(env.LEGACY_LOGIN_HOSTS),
    aiUrl: text(env.AI_URL),
    aiScriptUrl: text(env.AI_SCRIPT_URL),
    defaultSiteTitle: text(env.DEFAULT_SITE_TITLE),
    smsProvider: text(env.SMS_PROVIDER) ?? 'log',
    jt808Port: integer(env, 'JT808_PORT', 6808),
    logLevel: text(env.LOG_LEVEL) ?? 'info',
  };
}

/** The configuration of this process. */
export function loadConfig(): ServerConfig {
  return buildConfig(process.env);
}
