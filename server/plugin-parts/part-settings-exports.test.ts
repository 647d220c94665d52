import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadApi, PluginSettingsApi } from '../../sdk/contracts/center';
import { KernelApi } from '../../sdk/contracts/kernel';
import type { PluginSettingsEntry } from '../../sdk/plugin-settings';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { pollUntil } from '../testing/poll-until';
import { addScopedUser } from '../testing/scoped-users';
import { createTestServer, type TestServer } from '../testing/test-server';
import { DEMO_TENANT } from '../store/seed-demo';

// What an operator installs: a plain ES module in PLUGINS_DIR that reads its settings and exports
// through the context the platform lends it.
const COLD_CHAIN_SERVER = `
export default {
  kind: 'tianlu-server-module',
  name: 'cold-chain',
  routes: [{
    name: 'cold-chain',
    routes: [
      {
        method: 'GET', url: '/plugins/cold-chain/api/limits.json', summary: '本租户的设置',
        async handler({ plugin, user }) { return plugin.settings.get(user.tenantId); },
      },
      {
        method: 'POST', url: '/plugins/cold-chain/api/export.json', summary: '导出温度记录',
        async handler({ plugin, user }) {
          const limits = await plugin.settings.get(user.tenantId);
          return plugin.exports.start({
            user, title: '温度记录',
            columns: [
              { header: '车辆', key: 'plate', width: 12 },
              { header: '温度(℃)', value: (r) => r.celsius },
              { header: '超标', value: (r) => (r.celsius > limits.maxCelsius ? '是' : '否') },
            ],
            rows: async function* () {
              for (let i = 1; i <= 3; i++) yield { plate: '冷链车0' + i, celsius: 2 + i * 3 };
            },
          });
        },
      },
      {
        method: 'POST', url: '/plugins/cold-chain/api/export-broken.json', summary: '导出失败',
        async handler({ plugin, user }) {
          return plugin.exports.start({ user, title: '坏数据', columns: [{ header: '值', key: 'v' }], rows: async () => { throw new Error('数据源不可用'); } });
        },
      },
      {
        method: 'POST', url: '/plugins/cold-chain/api/export-wrong.json', summary: '参数有误',
        async handler({ plugin, user }) {
          try {
            await plugin.exports.start({ user, title: 'a/b', columns: [], rows: 5 });
            return 'started';
          } catch (err) {
            return err.message;
          }
        },
      },
    ],
  }],
};
`;

const SETTINGS = [
  { key: 'maxCelsius', title: '最高温度', kind: 'number', default: 8, min: -40, max: 60, unit: '℃', help: '超过即记为超温' },
  { key: 'alertText', title: '提醒文字', kind: 'text', default: '温度超标', maxLength: 20, required: true },
  { key: 'notify', title: '短信提醒', kind: 'boolean', default: true },
  { key: 'mode', title: '采样频率', kind: 'choice', options: [{ value: 'fast', label: '每分钟' }, { value: 'slow', label: '每十分钟' }], default: 'slow' },
];
const DEFAULTS = { maxCelsius: 8, alertText: '温度超标', notify: true, mode: 'slow' };

let server: TestServer;
let pluginsDir: string;
let admin: ApiClient;
let other: ApiClient;
let viewer: ApiClient;
let demoTenantId: number;

function record(systemId: string, platformId: number, extra: Record<string, unknown> = {}) {
  return {
    platformId, systemId, name: systemId,
    productionEntry: `/child/${systemId}/index.js`, developmentEntry: `/child/${systemId}/index.js`,
    title: systemId, icon: 'Apps', path: `/${systemId}/`, created: '2026-11-27', iconfont: '', enabled: true,
    ...extra,
  };
}

async function install(folder: string, manifest: unknown, serverCode?: string): Promise<void> {
  const dir = join(pluginsDir, folder);
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'index.js'), `export default { systemId: ${JSON.stringify(folder)} };\n`);
  if (serverCode !== undefined) await writeFile(join(dir, 'server', 'index.js'), serverCode);
}

const list = (client: ApiClient) => client.get<PluginSettingsEntry[]>(PluginSettingsApi.list.path);
const save = (client: ApiClient, systemId: string, values: Record<string, unknown>) => client.postJson<PluginSettingsEntry>(PluginSettingsApi.save.path, { systemId, values });

beforeAll(async () => {
  pluginsDir = await mkdtemp(join(tmpdir(), 'tianlu-part-settings-'));
  const menus = [{ id: 9201, title: '冷链', path: '/cold-chain/overview' }];
  await install('cold-chain', record('cold-chain', 92, { title: '冷链监控', menus, settings: SETTINGS, serverEntry: 'server/index.js' }), COLD_CHAIN_SERVER);
  await install('plain', record('plain', 93, { title: '无设置插件' }));
  server = await createTestServer({ demo: true, config: { pluginsDir } });
  ({ admin, other } = await demoTenantClients(server.app));
  demoTenantId = (await server.store.org.findTenantByName(DEMO_TENANT))!.id;
  // the plugin's page and its routes, not 插件设置
  await addScopedUser(server.store, { tenantId: demoTenantId, account: 'coldviewer', password: 'Viewer@123', role: '冷链查看', platformIds: [92], resourceIds: [9201] });
  viewer = new ApiClient(server.app);
  await viewer.login('coldviewer', 'Viewer@123');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(pluginsDir, { recursive: true, force: true });
});

describe('插件设置 of an installed plugin', () => {
  it('lists the declared fields with their defaults to an administrator granted the plugin', async () => {
    const res = await list(admin);
    expect(res.flag).toBe(1);
    const cold = res.obj.find((e) => e.systemId === 'cold-chain');
    expect(cold).toEqual({ systemId: 'cold-chain', platformId: 92, title: '冷链监控', fields: SETTINGS, values: DEFAULTS, saved: false });
    // a plugin that declares no settings is not listed
    expect(res.obj.map((e) => e.systemId)).not.toContain('plain');
  });

  it('gives the server part and the plugin’s pages the defaults before anything is saved', async () => {
    expect(await admin.get('/plugins/cold-chain/api/limits.json')).toMatchObject({ flag: 1, obj: DEFAULTS });
    expect(await viewer.get(PluginSettingsApi.values.path, { systemId: 'cold-chain' })).toMatchObject({ flag: 1, obj: DEFAULTS });
  });

  it('refuses values the declaration does not admit, in Chinese, and changes nothing', async () => {
    const bad = await save(admin, 'cold-chain', { maxCelsius: 100, alertText: '', mode: 'hourly', colour: 'red', notify: 'yes' });
    expect(bad.flag).toBe(400);
    expect(bad.msg.split('；').sort()).toEqual(
      ['没有名为 colour 的设置项', '最高温度必须在 -40～60 ℃ 之间', '提醒文字不能为空', '短信提醒必须是 true 或 false', '采样频率必须是 每分钟、每十分钟 之一'].sort(),
    );
    expect((await save(admin, 'cold-chain', { alertText: '这段提醒文字一共有二十一个字符是不是太长了呀' })).msg).toBe('提醒文字不能超过 20 个字符');
    expect((await save(admin, 'cold-chain', { maxCelsius: '9' })).msg).toBe('最高温度必须是数字');
    expect((await admin.postJson(PluginSettingsApi.save.path, { systemId: 'cold-chain' })).msg).toBe('设置值不能为空');
    expect(await server.store.pluginSettings.get(demoTenantId, 'cold-chain')).toBeUndefined();
    expect((await admin.get('/plugins/cold-chain/api/limits.json')).obj).toEqual(DEFAULTS);
  });

  it('saves good values for the tenant, logs the change, and the part and the pages read them', async () => {
    const res = await save(admin, 'cold-chain', { maxCelsius: 4.5, mode: 'fast' });
    expect(res).toMatchObject({ flag: 1, obj: { systemId: 'cold-chain', saved: true, values: { ...DEFAULTS, maxCelsius: 4.5, mode: 'fast' } } });
    expect((await admin.get('/plugins/cold-chain/api/limits.json')).obj).toEqual({ ...DEFAULTS, maxCelsius: 4.5, mode: 'fast' });
    expect((await viewer.get(PluginSettingsApi.values.path, { systemId: 'cold-chain' })).obj).toEqual({ ...DEFAULTS, maxCelsius: 4.5, mode: 'fast' });
    const log = await server.store.audit.page({ tenantIds: [demoTenantId], keyword: '修改插件设置', offset: 0, limit: 10 });
    expect(log.list[0]).toMatchObject({ action: '修改插件设置', target: '冷链监控（cold-chain）', before: DEFAULTS, after: { ...DEFAULTS, maxCelsius: 4.5, mode: 'fast' } });
  });

  it('needs the page 插件设置 to list or save; the plugin’s own users read the values', async () => {
    expect((await list(viewer)).flag).toBe(403);
    expect((await save(viewer, 'cold-chain', { maxCelsius: 1 })).flag).toBe(403);
  });

  it('shows another tenant nothing of a plugin it is not granted, and lets it change nothing', async () => {
    expect((await list(other)).obj.map((e) => e.systemId)).not.toContain('cold-chain');
    expect(await save(other, 'cold-chain', { maxCelsius: 1 })).toMatchObject({ flag: 403, obj: null });
    expect((await other.get(PluginSettingsApi.values.path, { systemId: 'cold-chain' })).flag).toBe(403);
    expect((await other.get('/plugins/cold-chain/api/limits.json')).flag).toBe(403);
    expect((await admin.get('/plugins/cold-chain/api/limits.json')).obj).toMatchObject({ maxCelsius: 4.5 });
  });

  it('keeps each tenant’s values its own once another tenant is granted the plugin', async () => {
    const me = { obj: (await server.store.users.findByAccount('other'))! };
    await server.store.org.grantPlatforms(me.obj.roleId, [92]);
    try {
      expect((await list(other)).obj.find((e) => e.systemId === 'cold-chain')).toMatchObject({ values: DEFAULTS, saved: false });
      expect((await save(other, 'cold-chain', { maxCelsius: -10 })).flag).toBe(1);
      expect((await other.get('/plugins/cold-chain/api/limits.json')).obj).toMatchObject({ maxCelsius: -10 });
      expect((await admin.get('/plugins/cold-chain/api/limits.json')).obj).toMatchObject({ maxCelsius: 4.5 });
    } finally {
      await server.store.db.deleteFrom('role_platforms').where('role_id', '=', me.obj.roleId).where('platform_id', '=', 92).execute();
    }
  });

  it('answers a plugin that declares no settings with 404 to its users, 403 to others', async () => {
    expect(await admin.get(PluginSettingsApi.values.path, { systemId: 'plain' })).toMatchObject({ flag: 404, msg: '子应用 plain 没有声明设置项' });
    expect((await other.get(PluginSettingsApi.values.path, { systemId: 'plain' })).flag).toBe(403);
  });
});

type Record_ = { id: number; fileName: string; status: number };

async function exportRecord(client: ApiClient, id: number): Promise<Record_> {
  return pollUntil(
    async () => (await client.postForm<{ list: Record_[] }>(DownloadApi.list.path, { current: 1, pageSize: 50 })).obj.list.find((r) => r.id === id)!,
    (r) => r !== undefined && r.status !== 0,
    `export ${id} finished`,
  );
}

async function download(client: ApiClient, id: number) {
  const { obj } = await client.get<{ token: string }>(KernelApi.downloadToken.path);
  return server.app.inject({ method: 'GET', url: DownloadApi.download.path, query: { id: String(id), downloadToken: obj.token } });
}

describe('an export started by a server part', () => {
  it('lands in the user’s 下载中心 under the plugin’s title and downloads as an .xlsx of its rows', async () => {
    const started = await admin.postJson<{ id: number; fileName: string }>('/plugins/cold-chain/api/export.json', {});
    expect(started).toMatchObject({ flag: 1, obj: { fileName: expect.stringMatching(/^冷链监控-温度记录-\d{8}\.xlsx$/) } });
    expect(await exportRecord(admin, started.obj.id)).toMatchObject({ fileName: started.obj.fileName, status: 1 });
    const res = await download(admin, started.obj.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('温度记录')!;
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    // the limit the tenant saved (4.5 ℃) decides 超标
    expect(rows).toEqual([['车辆', '温度(℃)', '超标'], ['冷链车01', 5, '是'], ['冷链车02', 8, '是'], ['冷链车03', 11, '是']]);
  });

  it('is guarded as every download: another user of another tenant cannot fetch it', async () => {
    const started = await admin.postJson<{ id: number }>('/plugins/cold-chain/api/export.json', {});
    await exportRecord(admin, started.obj.id);
    expect((await download(other, started.obj.id)).json()).toMatchObject({ flag: 404 });
    expect((await other.postForm<{ list: Record_[] }>(DownloadApi.list.path, { current: 1, pageSize: 50 })).obj.list.map((r) => r.id)).not.toContain(started.obj.id);
  });

  it('shows 失败 in 下载中心 when its rows throw, and the part keeps serving', async () => {
    const started = await admin.postJson<{ id: number }>('/plugins/cold-chain/api/export-broken.json', {});
    expect(await exportRecord(admin, started.obj.id)).toMatchObject({ status: 2 });
    expect((await admin.get('/plugins/cold-chain/api/limits.json')).flag).toBe(1);
  });

  it('refuses a request of the wrong shape in Chinese, recording nothing', async () => {
    const before = (await admin.postForm<{ total: number }>(DownloadApi.list.path, { current: 1, pageSize: 1 })).obj.total;
    const res = await admin.postJson<string>('/plugins/cold-chain/api/export-wrong.json', {});
    expect(res.obj).toBe('导出参数有误：title 必须是 1～31 个字符，且不含 \\ / ? * : [ ]；columns 必须是非空数组；rows 必须是数组、生成器，或返回它们的函数');
    expect((await admin.postForm<{ total: number }>(DownloadApi.list.path, { current: 1, pageSize: 1 })).obj.total).toBe(before);
  });
});
