import { describe, expect, it } from 'vitest';
import { buildConfig } from './config';

describe('buildConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = buildConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: './data', sessionIdleMinutes: 120, smsProvider: 'log', jt808Port: 6808, loginRateLimit: 30, smsRateLimit: 10, logLevel: 'info' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.defaultSiteTitle).toBeUndefined();
    expect(config.legacyLoginHosts).toEqual([]);
  });

  it('reads every variable and splits the legacy host list', () => {
    const config = buildConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/tianlu',
      DATABASE_URL: 'postgres://u@db/x',
      SESSION_IDLE_MINUTES: '15',
      LEGACY_LOGIN_HOSTS: ' old.example.com, legacy.example.cn ,',
      AI_URL: 'https://ai.example.com',
      AI_SCRIPT_URL: 'https://ai.example.com/widget.js',
      MAP_PROVIDER: 'AMap',
      MAP_KEY: 'k-123',
      DEFAULT_SITE_TITLE: '车队平台',
      SMS_PROVIDER: 'none',
      JT808_PORT: '7000',
      LOGIN_RATE_LIMIT: '100',
      SMS_RATE_LIMIT: '0',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/tianlu',
      databaseUrl: 'postgres://u@db/x',
      sessionIdleMinutes: 15,
      legacyLoginHosts: ['old.example.com', 'legacy.example.cn'],
      aiUrl: 'https://ai.example.com',
      aiScriptUrl: 'https://ai.example.com/widget.js',
      mapProvider: 'amap',
      mapKey: 'k-123',
      defaultSiteTitle: '车队平台',
      smsProvider: 'none',
      jt808Port: 7000,
      loginRateLimit: 100,
      smsRateLimit: 0,
      logLevel: 'debug',
    });
  });

  it('reads the dev servers of plugins being written as origins, none by default, and refuses anything else', () => {
    expect(buildConfig({}).pluginDevOrigins).toEqual([]);
    expect(buildConfig({ PLUGIN_DEV_ORIGINS: 'http://localhost:5180, https://dev.example.com:8443/' }).pluginDevOrigins).toEqual([
      'http://localhost:5180',
      'https://dev.example.com:8443',
    ]);
    for (const bad of ['localhost:5180', 'http://localhost:5180/src/x.tsx', 'ftp://x.example.com', '*']) {
      expect(() => buildConfig({ PLUGIN_DEV_ORIGINS: bad })).toThrow(`PLUGIN_DEV_ORIGINS must be a comma-separated list of origins such as http://localhost:5180, got "${bad}"`);
    }
  });

  it('guards the terminal ports by default and reads the guard settings', () => {
    expect(buildConfig({})).toMatchObject({
      gatewayIdentifySeconds: 30, gatewayMaxConnectionsPerAddress: 2000, gatewayUncappedAddresses: ['127.0.0.1', '::1'],
      gatewayLoginRateLimit: 10, gatewayTakeoverSeconds: 120,
    });
    expect(buildConfig({
      GATEWAY_IDENTIFY_SECONDS: '0', GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '50', GATEWAY_UNCAPPED_ADDRESSES: '',
      GATEWAY_LOGIN_RATE_LIMIT: '3', GATEWAY_TAKEOVER_SECONDS: '600',
    })).toMatchObject({
      gatewayIdentifySeconds: 0, gatewayMaxConnectionsPerAddress: 50, gatewayUncappedAddresses: [], gatewayLoginRateLimit: 3, gatewayTakeoverSeconds: 600,
    });
    expect(() => buildConfig({ GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/GATEWAY_MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it('keeps installed plugins under DATA_DIR unless PLUGINS_DIR says otherwise', () => {
    expect(buildConfig({}).pluginsDir).toBe('data/plugins');
    expect(buildConfig({ DATA_DIR: '/var/tianlu' }).pluginsDir).toBe('/var/tianlu/plugins');
    expect(buildConfig({ DATA_DIR: '/var/tianlu', PLUGINS_DIR: '/opt/tianlu-plugins' }).pluginsDir).toBe('/opt/tianlu-plugins');
    expect(buildConfig({}).pluginServerParts).toBe(true);
    expect(buildConfig({ PLUGIN_SERVER_PARTS: 'off' }).pluginServerParts).toBe(false);
    expect(buildConfig({ PLUGIN_SERVER_PARTS: 'ON' }).pluginServerParts).toBe(true);
    expect(() => buildConfig({ PLUGIN_SERVER_PARTS: 'maybe' })).toThrow('PLUGIN_SERVER_PARTS must be on or off');
  });

  it('defaults to the automatic street map (online when reachable) and takes only known providers', () => {
    expect(buildConfig({}).mapProvider).toBe('auto');
    expect(buildConfig({ MAP_PROVIDER: 'offline' }).mapProvider).toBe('offline');
    expect(() => buildConfig({ MAP_PROVIDER: 'google' })).toThrow(/MAP_PROVIDER/);
  });

  it('refuses numbers that are not integers', () => {
    expect(() => buildConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => buildConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});
