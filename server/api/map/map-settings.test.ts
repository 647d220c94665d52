import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapSettingsApi } from '../../../sdk/contracts/kernel';
import { DEMO_TENANT } from '../../store/seed-demo';
import { ApiClient, demoTenantClients } from '../../testing/api-client';
import { addScopedUser } from '../../testing/scoped-users';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
/** 实时监控 only: no 地图设置. */
let watcher: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
  ({ admin, other } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  await addScopedUser(server.store, { tenantId: tenant.id, account: 'map_watcher', password: 'Watch@123', role: '只看地图', platformIds: [8], resourceIds: [8100] });
  watcher = new ApiClient(server.app);
  expect((await watcher.login('map_watcher', 'Watch@123')).flag).toBe(1);
});
afterAll(() => server.close());

describe('地图设置', () => {
  it('starts from the server default: the automatic street map, no keys, no address search', async () => {
    expect((await admin.get(MapSettingsApi.get.path)).obj).toEqual({ provider: 'auto', custom: false });
    expect((await watcher.get(MapSettingsApi.browserConfig.path)).obj).toEqual({ provider: 'auto', geocoder: false });
    expect(await watcher.postJson(MapSettingsApi.searchPlace.path, { address: '北京市天安门' })).toMatchObject({ flag: 400, msg: expect.stringContaining('未配置地理编码服务') });
  });

  it('refuses bad settings with a Chinese message and keeps what was saved', async () => {
    expect(await admin.postJson(MapSettingsApi.save.path, { provider: 'google' })).toMatchObject({ flag: 400, msg: expect.stringContaining('地图服务必须是') });
    expect(await admin.postJson(MapSettingsApi.save.path, { provider: 'tianditu' })).toMatchObject({ flag: 400, msg: '使用天地图需要填写天地图 tk' });
    expect(await admin.postJson(MapSettingsApi.save.path, { provider: 'amap', amapKey: 'abc def' })).toMatchObject({ flag: 400, msg: '高德 Key只能包含字母、数字、下划线和短横线' });
    expect((await admin.get(MapSettingsApi.get.path)).obj).toEqual({ provider: 'auto', custom: false });
  });

  it('shows keys only to holders of 地图设置; every user gets the basemap and only the tile key it needs', async () => {
    const saved = await admin.postJson(MapSettingsApi.save.path, { provider: 'tianditu', tiandituKey: ' tk-123 ', amapKey: 'amap_secret', tencentKey: '' });
    expect(saved).toMatchObject({ flag: 1, obj: { provider: 'tianditu', tiandituKey: 'tk-123', amapKey: 'amap_secret', custom: true } });
    expect((await admin.get(MapSettingsApi.get.path)).obj).toEqual({ provider: 'tianditu', tiandituKey: 'tk-123', amapKey: 'amap_secret', custom: true });
    expect(await watcher.get(MapSettingsApi.get.path)).toMatchObject({ flag: 403 });
    expect(await watcher.postJson(MapSettingsApi.save.path, { provider: 'offline' })).toMatchObject({ flag: 403 });
    const config = await watcher.get(MapSettingsApi.browserConfig.path);
    expect(config.obj).toEqual({ provider: 'tianditu', mapKey: 'tk-123', geocoder: true });
    expect(JSON.stringify(config)).not.toContain('amap_secret');

    await admin.postJson(MapSettingsApi.save.path, { provider: 'amap', amapKey: 'amap_secret' });
    expect((await watcher.get(MapSettingsApi.browserConfig.path)).obj).toEqual({ provider: 'amap', geocoder: true });
  });

  it('keeps each tenant to its own settings', async () => {
    expect((await other.get(MapSettingsApi.browserConfig.path)).obj).toEqual({ provider: 'auto', geocoder: false });
  });
});
