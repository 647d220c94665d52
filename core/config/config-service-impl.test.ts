import { describe, expect, it, vi } from 'vitest';
import { ConfigService, type ConfigService as ConfigServiceType } from '@tianlu/sdk';
import { createTestKernel, ok } from '../test/fake-server';

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

  it('defaults the system to platformId 1 and persists changes, recording the platform base URL', () => {
    const { config } = setup();
    expect(config.system).toEqual({ baseUrl: '', name: '', platformId: 1 });
    config.setSystem({ platformId: 8, name: '智能车联', baseUrl: 'https://car.example' });
    expect(JSON.parse(localStorage.getItem('main_systemInfo')!)).toEqual({ baseUrl: 'https://car.example', name: '智能车联', platformId: 8 });
    expect(JSON.parse(localStorage.getItem('main_baseUrls')!)).toEqual({ 8: 'https://car.example' });
    expect(setup().config.system.platformId).toBe(8);
  });
});
