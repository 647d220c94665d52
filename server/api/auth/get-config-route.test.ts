import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const consoleConfig = async (config: Parameters<typeof createTestServer>[0]) => {
  server = await createTestServer(config);
  return (await new ApiClient(server.app).get<Record<string, unknown>>('/oauthToken/getConfig')).obj;
};

describe('console start configuration', () => {
  it('tells the console to draw the street map (自动: 高德, the offline basemap when unreachable) by default', async () => {
    const obj = await consoleConfig({});
    expect(obj).toMatchObject({ mapProvider: 'auto', legacyLoginHosts: [] });
    expect(obj).not.toHaveProperty('mapKey');
  });

  it('passes the configured map provider, its key, legacy hosts and the assistant urls', async () => {
    const obj = await consoleConfig({
      config: { mapProvider: 'amap', mapKey: 'k-123', legacyLoginHosts: ['old.example.com'], aiUrl: 'https://ai.example.com', aiScriptUrl: 'https://ai.example.com/w.js' },
    });
    expect(obj).toMatchObject({ mapProvider: 'amap', mapKey: 'k-123', legacyLoginHosts: ['old.example.com'], aiUrl: 'https://ai.example.com', aiScriptUrl: 'https://ai.example.com/w.js' });
  });
});
