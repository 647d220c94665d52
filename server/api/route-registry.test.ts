import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
});
afterAll(() => server.close());

describe('route registry', () => {
  it('lists every contract endpoint', () => {
    const urls = server.routes.list().map(({ route }) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/oauthToken/getConfig',
        '/car/v1/api/custom/queryCustomInfo.json',
        '/oauth/loginPage',
        '/oauth/getCode',
        '/oauth/v4/token',
        '/oauth/sendLoginSms',
        '/oauth/logout',
        '/car/v1/api/user/getUser.json',
        '/car/v1/api/resource/newList.json',
        '/car/v1/api/resource/list.json',
        '/car/v1/api/platform/getPlatformByRoleId.json',
        '/car/v1/api/platform/overview.json',
        '/car/v4/api/system/dictionary/list.json',
        '/car/v1/helpCenter/helpMessage/pageHelpMessage',
        '/car/v1/helpCenter/helpMessage/getHelpMessage',
        '/car/v1/helpCenter/helpMessage/markRead',
        '/car/v1/api/download/token.json',
        '/car/v4/api/health/threshold/getHealthThreshold.json',
        '/car/v4/api/health/threshold/updateHealthThreshold.json',
        '/car/v1/accelerate/export/listExportRecord.json',
        '/plugins.manifest.json',
      ]),
    );
  });

  it('answers 4010 on every non-public route when no session is sent', async () => {
    const guarded = server.routes.list().filter(({ route }) => route.auth !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    for (const { route } of guarded) {
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const res = await server.app.inject({ method, url: route.url, payload: method === 'GET' ? undefined : {} });
      expect(res.json(), `${method} ${route.url}`).toMatchObject({ flag: 4010 });
    }
  });

  it('keeps public only the login area, branding, the manifest, the plugin modules it points at and uploaded photos by their unguessable name', () => {
    const open = server.routes.list().filter(({ route }) => route.auth === 'public').map(({ route }) => route.url);
    for (const url of open) expect(url).toMatch(/^\/oauth|^\/oauthToken\/|queryCustomInfo|^\/plugins\.manifest\.json$|^\/child\/:systemId\/\*$|^\/car\/v1\/api\/media\/:name$/);
  });
});
