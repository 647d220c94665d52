import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../sdk/version';
import { ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import { grantDemoAdminEverything } from '../store/seed-demo';
import { BUILT_IN_DECLARATIONS } from '../store/catalogue/built-in-declarations';

const ROOT_DIR = join(import.meta.dirname, '..', '..');

let server: TestServer;
let pluginsDir: string;
let admin: ApiClient;
let other: ApiClient;

function record(systemId: string, extra: Record<string, unknown> = {}) {
  return {
    platformId: 90,
    systemId,
    name: systemId,
    productionEntry: `/child/${systemId}/index.js`,
    developmentEntry: `/child/${systemId}/index.js`,
    title: '示例插件',
    icon: 'Apps',
    path: `/${systemId}/`,
    created: '2026-01-01',
    iconfont: 'icon-hello',
    enabled: true,
    ...extra,
  };
}

async function install(folder: string, manifest: unknown, files: Record<string, string> = { 'index.js': 'export default {};\n' }) {
  const dir = join(pluginsDir, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

const COLD_CONTRIBUTES = {
  monitorColumns: [{ id: 't1', title: '温度1', reading: 'coldChain.t1', unit: '℃' }],
  vehicleTabs: [{ id: 'temps', title: '温度', component: 'TemperatureTab' }],
};

const HELLO_MENUS = [{ id: 9001, title: '示例', path: '/hello/overview', icon: 'Home', buttons: [{ id: 900101, title: '刷新' }] }];

async function manifest(): Promise<Array<Record<string, unknown>>> {
  return (await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json();
}

async function platformIds(client: ApiClient): Promise<number[]> {
  const me = await client.get<{ roleId: number }>('/car/v1/api/user/getUser.json');
  const res = await client.get<{ platformId: number }[]>('/car/v1/api/platform/getPlatformByRoleId.json', { roleId: me.obj.roleId });
  return res.obj.map((p) => p.platformId);
}

type Tree = { id: number; name: string; platformId?: number; children?: Tree[] };
const ids = (items: Tree[]): number[] => items.flatMap((i) => [i.id, ...ids(i.children ?? [])]).filter((id) => id !== 0);

beforeAll(async () => {
  pluginsDir = await mkdtemp(join(tmpdir(), 'tianlu-plugins-'));
  await install('hello', { ...record('hello'), menus: HELLO_MENUS }, { 'index.js': 'export default { systemId: "hello" };\n', 'assets/page-abc.js': 'export const x = 1;\n' });
  await install('future', record('future', { platformId: 94, path: '/future/', sdk: '>=99' }), { 'index.js': 'export default { systemId: "future" };\n' });
  await install('broken-json', '{ "platformId": ');
  await install('car', record('car', { platformId: 95, path: '/car2/' }));
  await install('steal', record('steal', { platformId: 8, path: '/steal/' }));
  await install('renamed', record('not-the-folder', { platformId: 96, path: '/renamed/' }));
  await install('no-entry', record('no-entry', { platformId: 97, path: '/no-entry/' }), {});
  await install('menu-clash', record('menu-clash', { platformId: 98, path: '/menu-clash/', menus: [{ id: 8001, title: '概览' }] }));
  await install('same-id', record('same-id', { path: '/same-id/' }));
  await install('cold', record('cold', { platformId: 93, path: '/cold/', contributes: COLD_CONTRIBUTES }));
  await install('bad-contributes', record('bad-contributes', { platformId: 92, path: '/bad-contributes/', contributes: { monitorColumns: [{ id: 't1' }] } }));
  await install('bad-settings', record('bad-settings', { platformId: 91, path: '/bad-settings/', settings: [{ key: 'limit', title: '上限', kind: 'number', min: 10, max: 1 }] }));
  await install('bad-fields', { ...record('bad-fields'), platformId: -1, title: '', path: 'nope', enabled: 'yes' });
  await writeFile(join(pluginsDir, 'secret.txt'), 'outside the plugin folder');
  await symlink(join(pluginsDir, 'secret.txt'), join(pluginsDir, 'hello', 'leak.js'));
  server = await createTestServer({ demo: true, config: { pluginsDir } });
  admin = new ApiClient(server.app);
  other = new ApiClient(server.app);
  await admin.login('admin', 'Admin@123');
  await other.login('other', 'Other@123');
});
afterAll(async () => {
  await server?.close();
  await rm(pluginsDir, { recursive: true, force: true });
});

describe('installed plugins in the manifest', () => {
  it('answers the repository’s entries with what their declarations contribute, then the valid installed plugins', async () => {
    const builtIn = JSON.parse(await readFile(join(ROOT_DIR, 'plugins.manifest.json'), 'utf8')) as Array<{ systemId: string }>;
    const all = await manifest();
    const declared = (systemId: string) => BUILT_IN_DECLARATIONS.find((d) => d.systemId === systemId)?.contributes;
    expect(all.slice(0, builtIn.length)).toEqual(builtIn.map((r) => (declared(r.systemId) ? { ...r, contributes: declared(r.systemId) } : r)));
    const extra = all.slice(builtIn.length);
    // menus and the SDK range are the server's business, not the console's record; the extension points are the console's
    expect(extra).toEqual([
      record('cold', { platformId: 93, path: '/cold/', contributes: COLD_CONTRIBUTES }),
      record('future', { platformId: 94, path: '/future/' }),
      record('hello'),
    ]);
  });

  it('never lets an installed plugin override a built-in systemId or platformId', async () => {
    const all = await manifest();
    expect(all.filter((r) => r.systemId === 'car')).toEqual([expect.objectContaining({ platformId: 8, title: '智能车联', path: '/car/' })]);
    expect(all.filter((r) => r.platformId === 8)).toHaveLength(1);
    expect(all.map((r) => r.systemId)).not.toContain('steal');
    const platforms = await server.store.catalogue.listPlatforms();
    expect(platforms.find((p) => p.platformId === 8)).toMatchObject({ systemId: 'car', title: '智能车联' });
  });

  it('skips invalid folders (bad JSON, wrong folder name, missing entry, taken ids) and keeps serving', async () => {
    const systemIds = (await manifest()).map((r) => r.systemId);
    for (const id of ['broken-json', 'not-the-folder', 'no-entry', 'menu-clash', 'same-id', 'bad-fields', 'bad-contributes', 'bad-settings']) expect(systemIds).not.toContain(id);
    expect((await admin.get('/car/v1/api/user/getUser.json')).flag).toBe(1);
  });
});

describe('installed plugin files under /child/<systemId>/', () => {
  it('serves the entry and nested chunks as JavaScript', async () => {
    const entry = await server.app.inject({ method: 'GET', url: '/child/hello/index.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.body).toContain('systemId: "hello"');
    const chunk = await server.app.inject({ method: 'GET', url: '/child/hello/assets/page-abc.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('export const x');
  });

  it('answers the entry of a plugin built for another SDK with a module that fails with the reason', async () => {
    const entry = await server.app.inject({ method: 'GET', url: '/child/future/index.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.body).not.toContain('systemId');
    expect(entry.body).toContain(`throw new Error("插件需要天路 SDK >=99，本平台的 SDK 版本是 ${SDK_VERSION}`);
  });

  it('answers a plain 404 for missing files and plugins', async () => {
    for (const url of ['/child/hello/nothing.js', '/child/unknown/index.js', '/child/steal/index.js']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe('Not Found');
    }
  });

  it('refuses every path that would leave the plugin folder', async () => {
    const attempts = [
      '/child/hello/../secret.txt',
      '/child/hello/..%2fsecret.txt',
      '/child/hello/%2e%2e/secret.txt',
      '/child/hello/%2e%2e%2fsecret.txt',
      '/child/hello/assets/..%2f..%2fsecret.txt',
      '/child/hello/..%5csecret.txt',
      '/child/hello/%00index.js',
      '/child/hello//etc/passwd',
      '/child/hello/leak.js', // a symbolic link pointing outside
      '/child/hello/../../../../etc/passwd',
    ];
    for (const url of attempts) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('outside the plugin folder');
      expect(res.body, url).not.toContain('root:');
      expect(res.statusCode === 404 || res.json().flag === 404, url).toBe(true);
    }
  });
});

describe('installed plugins in the catalogue and role grants', () => {
  it('registers the platform and its menu resources', async () => {
    expect(await server.store.catalogue.listPlatforms()).toContainEqual({ platformId: 90, systemId: 'hello', title: '示例插件', path: '/hello/' });
    const resources = (await server.store.catalogue.listResources()).filter((r) => r.platformId === 90);
    expect(resources).toEqual([
      expect.objectContaining({ id: 9001, name: '示例', type: 1, path: '/hello/overview', parentId: null }),
      expect.objectContaining({ id: 900101, name: '刷新', type: 3, parentId: 9001 }),
    ]);
    const catalogue = await admin.get<Tree[]>('/car/v1/api/resource/list.json');
    expect(catalogue.obj.at(-1)).toMatchObject({ name: '示例插件', platformId: 90 });
  });

  it('grants the demo admin every platform, installed plugins included, and their menus', async () => {
    // 94 is listed too: a plugin built for another SDK shows its reason instead of vanishing
    expect(await platformIds(admin)).toEqual([8, 11, 12, 13, 17, 18, 20, 23, 26, 93, 94, 90]);
    const tree = (await admin.get<Tree[]>('/car/v1/api/resource/newList.json', { version: 'v4', from: 'carWeb4' })).obj;
    expect(ids(tree)).toEqual(expect.arrayContaining([9001, 900101]));
    expect((await admin.get('/car/v1/api/platform/overview.json', { platformId: 90 })).obj).toMatchObject({ title: '示例插件' });
  });

  it('does not grant the other tenant the plugin', async () => {
    expect(await platformIds(other)).toEqual([8, 12, 20]);
    const tree = (await other.get<Tree[]>('/car/v1/api/resource/newList.json', { version: 'v4', from: 'carWeb4' })).obj;
    expect(ids(tree)).not.toContain(9001);
    expect((await other.get('/car/v1/api/platform/overview.json', { platformId: 90 })).flag).toBe(403);
  });

  it('grants idempotently: granting again (a restart) adds nothing', async () => {
    const count = async () => Number((await server.store.db.selectFrom('role_platforms').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await grantDemoAdminEverything(server.store);
    await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' });
    expect(await count()).toBe(before);
  });

  it('picks up a plugin dropped in while running, and hides one removed', async () => {
    await install('late', record('late', { platformId: 91, title: '后装插件', menus: [{ id: 9101, title: '首页', path: '/late/home' }] }));
    expect((await manifest()).map((r) => r.systemId)).toContain('late');
    expect(await platformIds(admin)).toContain(91);
    expect(await platformIds(other)).not.toContain(91);

    await rm(join(pluginsDir, 'late'), { recursive: true });
    expect((await manifest()).map((r) => r.systemId)).not.toContain('late');
    expect(await platformIds(admin)).not.toContain(91);
    const tree = (await admin.get<Tree[]>('/car/v1/api/resource/newList.json', { version: 'v4', from: 'carWeb4' })).obj;
    expect(tree.map((g) => g.platformId)).not.toContain(91);
  });
});
