import { describe, expect, it, vi } from 'vitest';
import { ConfigService, type ConfigService as ConfigServiceType } from '@tianlu/sdk';
import { createTestKernel, ok, storeUser } from '../test/fake-server';

function setup() {
  const k = createTestKernel();
  return { ...k, config: k.get<ConfigServiceType>(ConfigService) };
}

describe('ConfigServiceImpl', () => {
  it('loads /oauthToken/getConfig', async () => {
    const { config, server } = setup();
    server.on('GET', '/oauthToken/getConfig', ok({ legacyLoginHosts: ['old.example'], aiUrl: 'https://ai', aiScriptUrl: 'https://ai/s.js', smsLoginEnabled: true }));
    await config.load();
    expect(config.loaded).toBe(true);
    expect(config.config).toEqual({ legacyLoginHosts: ['old.example'], aiUrl: 'https://ai', aiScriptUrl: 'https://ai/s.js', smsLoginEnabled: true });
  });

  it('falls back to defaults when the call fails', async () => {
    const { config, server } = setup();
    server.on('GET', '/oauthToken/getConfig', { error: 'network' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(config.load()).resolves.toEqual({ legacyLoginHosts: [], smsLoginEnabled: false });
    expect(config.loaded).toBe(true);
    warn.mockRestore();
  });

  it('fetches the tenant\'s map settings once per session, and again after 地图设置 is saved', async () => {
    storeUser();
    const { config, server } = setup();
    let provider = 'offline';
    server.on('GET', '/center/map/getMapConfig.json', () => ok({ provider, geocoder: false }));
    const [a, b] = await Promise.all([config.loadMap(), config.loadMap()]);
    await config.loadMap();
    expect(a).toEqual({ provider: 'offline', geocoder: false });
    expect(b).toBe(a);
    expect(server.to('/center/map/getMapConfig.json')).toHaveLength(1);

    provider = 'tianditu';
    await expect(config.loadMap(true)).resolves.toMatchObject({ provider: 'tianditu' });
    expect(config.map?.provider).toBe('tianditu');
    await config.loadMap();
    expect(server.to('/center/map/getMapConfig.json')).toHaveLength(2);
  });

  it('fetches the map settings again for another sign-in', async () => {
    storeUser();
    const { config, server } = setup();
    server.on('GET', '/center/map/getMapConfig.json', ok({ provider: 'amap', geocoder: true }));
    await config.loadMap();
    storeUser({ userId: 8, account: 'other', name: '其他', tenantId: 2, tenantName: '其他租户', roleId: 1 }, 'sid-2');
    await config.loadMap();
    expect(server.to('/center/map/getMapConfig.json')).toHaveLength(2);
  });

  it('keeps the refreshed map settings when an earlier request answers after them', async () => {
    storeUser();
    const { config, server } = setup();
    let answerFirst: () => void = () => undefined;
    let calls = 0;
    server.on('GET', '/center/map/getMapConfig.json', () => {
      calls++;
      if (calls > 1) return ok({ provider: 'baidu', geocoder: false });
      return new Promise((resolve) => (answerFirst = () => resolve(ok({ provider: 'offline', geocoder: false }))));
    });
    const first = config.loadMap();
    await config.loadMap(true);
    answerFirst();
    await first;
    expect(config.map?.provider).toBe('baidu');
    await expect(config.loadMap()).resolves.toMatchObject({ provider: 'baidu' });
  });

  it('defaults the system to platformId 1 and persists changes, recording the platform base URL', () => {
    const { config } = setup();
    expect(config.system).toEqual({ baseUrl: '', name: '', platformId: 1 });
    config.setSystem({ platformId: 8, name: '智能车联', baseUrl: 'https://car.example' });
    expect(JSON.parse(localStorage.getItem('main_systemInfo')!)).toEqual({ baseUrl: 'https://car.example', name: '智能车联', platformId: 8 });
    expect(JSON.parse(localStorage.getItem('main_baseUrls')!)).toEqual({ 8: 'https://car.example' });
    expect(setup().config.system.platformId).toBe(8);
  });
});
