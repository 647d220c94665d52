import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { BOOT_ELEMENT_ID, ConsoleIndex, cookieValue, scriptSafeJson, SESSION_COOKIE, type BootData } from './console-index';
import { ApiClient } from './testing/api-client';
import { createTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
let distDir: string;
/**
 * A build manifest: the entry with the login document's chunk it imports, the console's start chunk
 * it loads otherwise, the shell's lazy parts and two plugins, sharing a Fluent chunk.
 */
const BUILD = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_login-LG.js'], dynamicImports: ['_login-LG.js', '_boot-B.js'], css: ['assets/index-A.css'] },
  '_login-LG.js': { file: 'assets/login-LG.js', name: 'login', imports: ['_fluent-F.js'] },
  '_boot-B.js': { file: 'assets/boot-B.js', name: 'boot', imports: ['_login-LG.js'] },
  '_fluent-F.js': { file: 'assets/fluent-F.js' },
  '_menu-M.js': { file: 'assets/menu-M.js', imports: ['_fluent-F.js'] },
  'layout/main-layout.tsx': { file: 'assets/main-layout-L.js', imports: ['index.html', '_menu-M.js'], css: ['assets/main-layout-L.css', 'assets/index-A.css'] },
  'dialogs/global-dialogs.tsx': { file: 'assets/global-dialogs-G.js', imports: ['_fluent-F.js'] },
  '../plugins/center/center-plugin.tsx': { file: 'child/center/center-plugin-C.js', imports: ['index.html'] },
  '../plugins/car/car-plugin.tsx': { file: 'child/car/car-plugin-V.js', imports: ['index.html'] },
  '../plugins/system/system-plugin.tsx': { file: 'child/system/system-plugin-S.js', imports: ['index.html'] },
  '../plugins/car/pages/monitor-page.tsx': { file: 'child/car/monitor-page-CM.js', imports: ['_fluent-F.js', '_table-T.js'] },
  '_table-T.js': { file: 'assets/table-T.js' },
  '../core/http/axios-client.ts': { file: 'assets/axios-client-X.js' },
  '../core/live/live-connection.ts': { file: 'assets/live-connection-LC.js' },
  '../sdk/components/data-table/data-table-view.tsx': { file: 'assets/data-table-view-DT.js', imports: ['_fluent-F.js', '_table-T.js'] },
  '../sdk/components/asset-map/asset-map-view.tsx': { file: 'assets/asset-map-view-AM.js', imports: ['_fluent-F.js', '_leaflet-LF.js'], css: ['assets/asset-map-view-AM.css'] },
  '_leaflet-LF.js': { file: 'assets/leaflet-LF.js' },
  '../plugins/car/pages/playback-page.tsx': { file: 'child/car/playback-page-CP.js', imports: ['_fluent-F.js'] },
};
/** What tools/build/route-pages-plugin.ts writes: each declared page's source and the SDK views it draws (an older build: the source alone). */
const ROUTE_PAGES = {
  '/car/monitor': { page: '../plugins/car/pages/monitor-page.tsx', views: ['../sdk/components/asset-map/asset-map-view.tsx', '../sdk/components/data-table/data-table-view.tsx'] },
  '/car/playback': '../plugins/car/pages/playback-page.tsx',
};
const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort();

const HOSTILE_HOST = 'evil.example.com';
const HOSTILE_TITLE = '</script><script>alert(1)</script><!--';

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'tianlu-index-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head><title>天路</title></head><body><div id="root"></div></body></html>');
  await mkdir(join(distDir, '.vite'));
  await writeFile(join(distDir, '.vite', 'manifest.json'), JSON.stringify(BUILD));
  await writeFile(join(distDir, '.vite', 'route-pages.json'), JSON.stringify(ROUTE_PAGES));
  server = await createTestServer({ demo: true, distDir });
  await server.store.sites.upsert({ host: HOSTILE_HOST, title: HOSTILE_TITLE, description: '"&\u2028', keyword: 'k', iconUrl: '/favicon.ico' });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

/** Logs in through the API as the console does; the client and the session cookie its answer set. */
async function login(account: string, password: string): Promise<{ client: ApiClient; cookie: string }> {
  const cookies: string[] = [];
  const client = new ApiClient({
    inject: async (request) => {
      const res = await server.app.inject(request);
      const set = res.headers['set-cookie'];
      if (set) cookies.push(...(Array.isArray(set) ? set : [set]));
      return res;
    },
  });
  expect((await client.login(account, password)).flag).toBe(1);
  const cookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  return { client, cookie: cookie!.split(';')[0] };
}

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080', ...headers } });
  const html = res.body;
  const m = new RegExp(`<script id="${BOOT_ELEMENT_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(html);
  return { res, html, boot: m ? (JSON.parse(m[1]) as BootData) : undefined };
}

describe('the console start page', () => {
  it('carries the site data for everyone, and no user data without a session', async () => {
    for (const url of ['/', '/login', '/car/monitor']) {
      const { res, boot } = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(boot?.site.host).toBe('localhost:8080');
      expect(boot?.site.branding).toMatchObject({ flag: 1, obj: { title: '天路车联网平台' } });
      expect(boot?.site.config).toMatchObject({ flag: 1 });
      expect(Array.isArray(boot?.site.manifest)).toBe(true);
      expect(boot?.session).toBeUndefined();
      expect(boot?.visitor?.loginPage).toMatchObject({ flag: 1, obj: { needCode: false } });
    }
  });

  it("gives each visitor's page its own login key, which the login answers like one from /oauth/loginPage", async () => {
    const [first, second] = [(await page('/login')).boot, (await page('/login')).boot];
    const key = (b: BootData | undefined) => (b?.visitor?.loginPage as { obj: { pageId: string; key: string } }).obj;
    expect(key(first).pageId).not.toBe(key(second).pageId);
    const client = new ApiClient({ inject: (request) => server.app.inject(request) });
    const answer = await client.loginWithPage('admin', 'Admin@123', key(first));
    expect(answer.flag).toBe(1);
  });

  it('carries the grants of the user whose cookie proves a session, the same as the endpoints answer, and is not stored', async () => {
    const { client, cookie } = await login('admin', 'Admin@123');
    const { res, boot } = await page('/home', { cookie });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(boot?.session?.userId).toBe(client.userId);
    expect(boot?.visitor).toBeUndefined();
    const user = await client.get<{ roleId: number }>('/car/v1/api/user/getUser.json');
    expect(boot?.session?.roleId).toBe(user.obj.roleId);
    expect(boot?.session?.resources).toEqual(await client.get('/car/v1/api/resource/newList.json', { version: 'v4', from: 'carWeb4' }));
    expect(boot?.session?.platforms).toEqual(await client.get('/car/v1/api/platform/getPlatformByRoleId.json', { roleId: user.obj.roleId }));
    expect(boot?.session?.map).toMatchObject({ flag: 1, obj: { provider: expect.any(String) } });
    expect(boot?.session?.map).toEqual(await client.get('/center/map/getMapConfig.json'));
    expect(boot?.site.branding).toEqual(await client.get('/car/v1/api/custom/queryCustomInfo.json', { url: 'localhost:8080' }));
  });

  it("gives each user only their own data, and nobody's for a forged, ended or missing session", async () => {
    const admin = await login('admin', 'Admin@123');
    const other = await login('other', 'Other@123');
    const forOther = (await page('/home', { cookie: other.cookie })).boot;
    expect(forOther?.session?.userId).toBe(other.client.userId);
    expect(forOther?.session?.resources).toEqual(await other.client.get('/car/v1/api/resource/newList.json', { version: 'v4', from: 'carWeb4' }));
    expect(forOther?.session?.resources).not.toEqual((await page('/home', { cookie: admin.cookie })).boot?.session?.resources);

    expect((await page('/home', { cookie: `${SESSION_COOKIE}=${'0'.repeat(64)}` })).boot?.session).toBeUndefined();
    expect((await page('/home', { cookie: `${SESSION_COOKIE}=</script>` })).boot?.session).toBeUndefined();
    // the session id header alone (an API caller) does not count: only the page's own cookie
    expect((await page('/home', { sessionId: admin.client.sessionId!, userId: String(admin.client.userId) })).boot?.session).toBeUndefined();

    const logout = await server.app.inject({ method: 'GET', url: '/oauth/logout', headers: { sessionId: admin.client.sessionId!, cookie: admin.cookie } });
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    const after = await page('/home', { cookie: admin.cookie });
    expect(after.boot?.session).toBeUndefined();
    // answered before the session is checked: a page asked for with a session cookie is never stored
    expect(after.res.headers['cache-control']).toBe('no-store');
    expect((await page('/home')).res.headers['cache-control']).toBe('no-cache');
  });

  it("keeps a site title holding </script> inside the JSON script, where it reads back unchanged", async () => {
    const { html, boot } = await page('/login', { host: HOSTILE_HOST });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    // exactly the one boot script, then the page's own body
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toMatch(/<\/head><body><div id="root"><\/div><script id="tl-boot" type="application\/json">[^<]*<\/script><\/body><\/html>$/);
    expect(boot?.site.branding).toMatchObject({ flag: 1, obj: { title: HOSTILE_TITLE, description: '"&\u2028' } });
  });
});

describe('scriptSafeJson', () => {
  it('writes no <, >, & or line separator, and parses back to the same value', () => {
    const value = { a: '</script><!-- & -->', b: '\u2028\u2029', c: [1, null, '天路'] };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('cookieValue reads one cookie among others', () => {
    expect(cookieValue(`a=1; ${SESSION_COOKIE}=abc; b=2`, SESSION_COOKIE)).toBe('abc');
    expect(cookieValue('a=1', SESSION_COOKIE)).toBeUndefined();
    expect(cookieValue(undefined, SESSION_COOKIE)).toBeUndefined();
  });
});

describe('module preloads of the first route', () => {
  it("lists the console's start and the http client for a visitor the console sends to its login form", async () => {
    expect(preloads((await page('/car/monitor')).html)).toEqual(['/assets/axios-client-X.js', '/assets/boot-B.js']);
  });

  it("lists nothing besides the entry's own files for a visitor's /login: the login document loads none of the console", async () => {
    expect(preloads((await page('/login')).html)).toEqual([]);
    expect(preloads((await page('/login?from=mail')).html)).toEqual([]);
  });

  it("lists the shell, the centre, the owning sub-application, the page and the SDK views it draws for a logged-in user, not the entry's own files", async () => {
    const { cookie } = await login('admin', 'Admin@123');
    const shell = ['/assets/axios-client-X.js', '/assets/boot-B.js', '/assets/data-table-view-DT.js', '/assets/global-dialogs-G.js', '/assets/live-connection-LC.js', '/assets/main-layout-L.js', '/assets/menu-M.js', '/assets/table-T.js'];
    const carMonitor = [...shell, '/assets/asset-map-view-AM.js', '/assets/leaflet-LF.js', '/child/car/car-plugin-V.js', '/child/car/monitor-page-CM.js', '/child/center/center-plugin-C.js'].sort();
    expect(preloads((await page('/car/monitor', { cookie })).html)).toEqual(carMonitor);
    expect(preloads((await page('/car/monitor/', { cookie })).html)).toEqual(carMonitor);
    // the views come after the page's own code, in the order the browser will want them
    const order = [...(await page('/car/monitor', { cookie })).html.matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(order.indexOf('/assets/asset-map-view-AM.js')).toBeGreaterThan(order.indexOf('/child/car/monitor-page-CM.js'));
    expect(preloads((await page('/car/playback', { cookie })).html)).toEqual([...shell, '/child/car/car-plugin-V.js', '/child/car/playback-page-CP.js', '/child/center/center-plugin-C.js'].sort());
    // another page of the same sub-application: its plugin, not the monitor's code
    expect(preloads((await page('/car/fence', { cookie })).html)).toEqual([...shell, '/child/car/car-plugin-V.js', '/child/center/center-plugin-C.js']);
    expect(preloads((await page('/__proto__', { cookie })).html)).toEqual([...shell, '/child/center/center-plugin-C.js']);
    expect(preloads((await page('/home', { cookie })).html)).not.toContain('/child/car/car-plugin-V.js');
    expect(preloads((await page('/login', { cookie })).html)).toEqual(['/assets/axios-client-X.js', '/assets/boot-B.js']);
  });

  it("links the style sheets of that code, so a lazily loaded part finds its sheet instead of waiting for it, and not the entry's own again", async () => {
    const { cookie } = await login('admin', 'Admin@123');
    const sheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort();
    expect(sheets((await page('/car/monitor', { cookie })).html)).toEqual(['/assets/asset-map-view-AM.css', '/assets/main-layout-L.css']);
    expect(sheets((await page('/home', { cookie })).html)).toEqual(['/assets/main-layout-L.css']);
    expect(sheets((await page('/login')).html)).toEqual([]);
  });
});

describe('module preloads after a new build', () => {
  it("lists the new build's files, not those found for the old one", async () => {
    const manifest = join(distDir, '.vite', 'manifest.json');
    expect(preloads((await page('/home')).html)).toContain('/assets/boot-B.js');
    try {
      await writeFile(manifest, JSON.stringify({ ...BUILD, '_boot-B.js': { file: 'assets/boot-B2.js', name: 'boot', imports: ['_login-LG.js'] } }));
      const later = new Date(Date.now() + 60_000);
      await utimes(manifest, later, later);
      expect(preloads((await page('/home')).html)).toEqual(['/assets/axios-client-X.js', '/assets/boot-B2.js']);
    } finally {
      await writeFile(manifest, JSON.stringify(BUILD));
    }
  });
});

describe('the start page as it streams', () => {
  it("sends the head's own files before the session is checked, and the route's code and the user's data after", async () => {
    let checked!: (answer: { ok: false }) => void;
    const check = new Promise<{ ok: false }>((resolve) => (checked = resolve));
    const app = Fastify();
    const index = new ConsoleIndex(app, join(distDir, 'index.html'), { check: () => check as never });
    app.get('/', (request, reply) => index.send(request, reply));
    try {
      const res = await app.inject({ method: 'GET', url: '/', headers: { cookie: `${SESSION_COOKIE}=${'0'.repeat(64)}` }, payloadAsStream: true });
      const stream = res.stream();
      const first = String(await new Promise<Buffer>((resolve) => stream.once('data', resolve)));
      expect(first).toContain('<title>天路</title>');
      expect(first).not.toContain('</head>');
      checked({ ok: false });
      let rest = '';
      for await (const chunk of stream) rest += String(chunk);
      expect(preloads(first + rest)).toEqual(['/assets/axios-client-X.js', '/assets/boot-B.js']);
      expect(rest).toContain(`<script id="${BOOT_ELEMENT_ID}"`);
    } finally {
      await app.close();
    }
  });
});
