import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsolePolicy, contentSecurityPolicy, inlineScriptHashes, mapTileSources } from './content-security-policy';
import { createTestServer, type TestServer } from './testing/test-server';

const IMPORT_MAP = '{"imports":{"react":"/shared/shared-react-Zs55EVzr.js"}}';
const page = (importMap: string) =>
  `<!doctype html><head><script type="importmap">${importMap}</script><script type="module" crossorigin src="/assets/index-BAaAtZRz.js"></script></head><title>天路</title>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

/** Whether a CSP host source (`https://*.bdimg.com`) allows a concrete URL. */
function allows(source: string, url: string): boolean {
  const { protocol, host } = new URL(url);
  const [scheme, pattern] = source.split('://');
  if (`${scheme}:` !== protocol) return false;
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
}

describe('content security policy', () => {
  it('hashes the inline import map and leaves scripts with a src alone', () => {
    expect(inlineScriptHashes(page(IMPORT_MAP))).toEqual([sha256(IMPORT_MAP)]);
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });

  it("lets the alarm desk's beep (a WAV data: URL) play and nothing from elsewhere", () => {
    expect(directive(contentSecurityPolicy({ mapProvider: 'offline' }), 'media-src')).toBe("media-src 'self' data:");
  });

  it('allows the tiles of every online map provider, as the console names them, and nothing for the offline basemap', async () => {
    expect(mapTileSources('offline')).toEqual([]);
    // the console's tile URLs per provider, read as text (the server may not import a component module)
    const source = await readFile(new URL('../sdk/components/asset-map/map-providers.ts', import.meta.url), 'utf8');
    const body = source.slice(source.indexOf('export function tileSources'));
    const providers = ['amap', 'tencent', 'baidu', 'tianditu', 'osm'] as const;
    for (const provider of providers) {
      const start = body.indexOf(`case '${provider}':`);
      const block = body.slice(start, body.indexOf('case ', start + 5) === -1 ? undefined : body.indexOf('case ', start + 5));
      const urls = [...block.matchAll(/https:\/\/[^/'`]+/g)].map((m) => m[0].replaceAll('{s}', '0'));
      expect(urls.length, provider).toBeGreaterThan(0);
      // any tenant may choose any provider on 地图设置, whatever the server's default
      const img = directive(contentSecurityPolicy({ mapProvider: 'offline' }), 'img-src') ?? '';
      for (const url of urls) expect(mapTileSources(provider).some((s) => allows(s, url) && img.includes(s)), `${provider} ${url}`).toBe(true);
    }
  });

  it('keeps inline scripts, object embeds and foreign frames out, and lets the assistant in only when configured', () => {
    const plain = contentSecurityPolicy({ mapProvider: 'offline' }, [sha256(IMPORT_MAP)]);
    expect(directive(plain, 'script-src')).toBe(`script-src 'self' ${sha256(IMPORT_MAP)}`);
    expect(plain).not.toContain('unsafe-eval');
    expect(directive(plain, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(plain, 'connect-src')).toBe("connect-src 'self' ws: wss:");
    expect(directive(plain, 'object-src')).toBe("object-src 'none'");
    expect(directive(plain, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    const assistant = contentSecurityPolicy({ mapProvider: 'offline', aiUrl: 'https://ai.example.com/chat?x=1', aiScriptUrl: 'https://cdn.example.com/widget.js' });
    expect(directive(assistant, 'script-src')).toBe("script-src 'self' https://cdn.example.com");
    expect(directive(assistant, 'frame-src')).toBe("frame-src 'self' https://ai.example.com");
    const developing = contentSecurityPolicy({ mapProvider: 'offline', pluginDevOrigins: ['http://localhost:5180'] });
    expect(directive(developing, 'script-src')).toBe("script-src 'self' http://localhost:5180");
    expect(directive(developing, 'connect-src')).toBe("connect-src 'self' ws: wss: http://localhost:5180");
  });

  it('reads the hashes again when index.html is rebuilt', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tianlu-csp-'));
    try {
      const file = join(dir, 'index.html');
      await writeFile(file, page(IMPORT_MAP));
      const policy = new ConsolePolicy({ mapProvider: 'offline' });
      await policy.useIndexFile(file);
      expect(policy.header).toContain(sha256(IMPORT_MAP));
      const rebuilt = IMPORT_MAP.replace('Zs55EVzr', 'Ab12Cd34');
      await writeFile(file, page(rebuilt));
      await utimes(file, new Date(), new Date(Date.now() + 5000));
      await policy.refresh();
      expect(policy.header).toContain(sha256(rebuilt));
      expect(policy.header).not.toContain(sha256(IMPORT_MAP));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the policy on the wire', () => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'tianlu-dist-'));
    await writeFile(join(distDir, 'index.html'), page(IMPORT_MAP));
    server = await createTestServer({ distDir, config: { mapProvider: 'amap' } });
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('sends the built page with its import map allowed and the tiles of every provider a tenant may choose', async () => {
    for (const url of ['/', '/car/monitor']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toContain('text/html');
      const policy = String(res.headers['content-security-policy']);
      expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${sha256(IMPORT_MAP)}`);
      expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://*.is.autonavi.com https://*.map.gtimg.com https://*.tianditu.gov.cn https://*.bdimg.com https://tile.openstreetmap.org");
    }
    const api = await server.app.inject({ method: 'GET', url: '/car/v1/api/nothing.json' });
    expect(api.headers['content-security-policy']).toContain(sha256(IMPORT_MAP));
  });
});
