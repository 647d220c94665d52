import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { ServerConfig } from './config';

/** What the console loads from elsewhere, as configured. */
export type PolicyOptions = Pick<ServerConfig, 'mapProvider' | 'aiUrl' | 'aiScriptUrl'> & Partial<Pick<ServerConfig, 'pluginDevOrigins'>>;

/**
 * `'sha256-…'` sources of the inline scripts of a page. The built console has exactly one, its
 * import map; allowing it by hash keeps every other inline script (an injected one) blocked.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Image sources of each online map's tiles, the hosts the console's tile URLs name
 * (sdk/components/asset-map/map-providers.ts, which the server may not import; a test reads that
 * file and keeps the two in step). A CSP wildcard stands only for whole leftmost labels.
 */
const MAP_TILE_SOURCES: Record<PolicyOptions['mapProvider'], readonly string[]> = {
  offline: [],
  auto: ['https://*.is.autonavi.com'],
  amap: ['https://*.is.autonavi.com'],
  tencent: ['https://*.map.gtimg.com'],
  tianditu: ['https://*.tianditu.gov.cn'],
  baidu: ['https://*.bdimg.com'],
  osm: ['https://tile.openstreetmap.org'],
};

export function mapTileSources(provider: PolicyOptions['mapProvider']): readonly string[] {
  return MAP_TILE_SOURCES[provider];
}

/**
 * Tile hosts the console may load: every provider's, since each tenant may pick its own on 地图设置
 * whatever the server's default (MAP_PROVIDER) is, and the policy is one for all tenants.
 */
const ALL_TILE_SOURCES: readonly string[] = [...new Set(Object.values(MAP_TILE_SOURCES).flat())];

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return []; // a relative URL is the console's own origin: 'self' covers it
  }
}

/** The Content-Security-Policy of the console (and of every other answer, which never needs more). */
export function contentSecurityPolicy(options: PolicyOptions, scriptHashes: readonly string[] = []): string {
  const assistantScript = originOf(options.aiScriptUrl);
  // a plugin's dev server (PLUGIN_DEV_ORIGINS): its modules, and the reload client's pings
  const pluginDev = options.pluginDevOrigins ?? [];
  const directives: string[][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes, ...assistantScript, ...pluginDev],
    // Fluent UI (griffel) writes <style> elements at run time; React and Leaflet set style attributes
    ['style-src', "'self'", "'unsafe-inline'"],
    // data: the captcha and bundled icons; blob: images made in the page (exports, snapshots)
    ['img-src', "'self'", 'data:', 'blob:', ...ALL_TILE_SOURCES],
    ['font-src', "'self'", 'data:'],
    // data: the alarm desk's beep, a WAV made in the page
    ['media-src', "'self'", 'data:'],
    // ws:/wss: spelled out: older browsers do not let 'self' match the live channel's WebSocket;
    // the assistant's script talks to its own origin
    ['connect-src', "'self'", 'ws:', 'wss:', ...assistantScript, ...pluginDev],
    ['worker-src', "'self'", 'blob:'],
    // 'self': the hidden frame of spreadsheet downloads; the assistant's chat window
    ['frame-src', "'self'", ...originOf(options.aiUrl)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((d) => [...new Set(d)].join(' ')).join('; ');
}

/**
 * The policy with the hashes of the built index.html, read again whenever that file changes
 * (a rebuild while the server runs must not leave the console blocked by a stale hash).
 */
export class ConsolePolicy {
  private value: string;
  private indexFile: string | undefined;
  private readMtimeMs = -1;

  constructor(private readonly options: PolicyOptions) {
    this.value = contentSecurityPolicy(options);
  }

  /** The header value to send. */
  get header(): string {
    return this.value;
  }

  /** Takes the inline-script hashes of this page from now on. */
  async useIndexFile(file: string): Promise<void> {
    this.indexFile = file;
    this.readMtimeMs = -1;
    await this.refresh();
  }

  /** Re-reads index.html when it changed since the last read (cheap otherwise: one stat). */
  async refresh(): Promise<void> {
    if (!this.indexFile) return;
    const info = await stat(this.indexFile).catch(() => undefined);
    if (!info || info.mtimeMs === this.readMtimeMs) return;
    const html = await readFile(this.indexFile, 'utf8').catch(() => undefined);
    if (html === undefined) return;
    this.readMtimeMs = info.mtimeMs;
    this.value = contentSecurityPolicy(this.options, inlineScriptHashes(html));
  }
}
