import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { parseSiteHost } from './site-host';

const URL = '/car/v1/api/custom/queryCustomInfo.json';

describe('parseSiteHost', () => {
  it('strips scheme, port and path and lower-cases', () => {
    expect(parseSiteHost('http://LocalHost:8080/login?x=1')).toEqual({ withPort: 'localhost:8080', name: 'localhost' });
    expect(parseSiteHost('127.0.0.1')).toEqual({ withPort: '127.0.0.1', name: '127.0.0.1' });
    expect(parseSiteHost('[::1]:3000')).toEqual({ withPort: '[::1]:3000', name: '[::1]' });
    expect(parseSiteHost('  ')).toBeUndefined();
  });
});

describe('site branding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ demo: true });
  });
  afterAll(() => server.close());

  it('brands localhost and 127.0.0.1 on any port (public, no session)', async () => {
    const client = new ApiClient(server.app);
    for (const url of ['localhost', 'localhost:8080', '127.0.0.1:5173']) {
      const res = await client.get(URL, { url });
      expect(res).toMatchObject({ flag: 1, obj: { title: '天路车联网平台', iconUrl: expect.any(String), keyword: expect.stringContaining('天路') } });
    }
  });

  it('answers 5001 for an unknown host', async () => {
    const res = await new ApiClient(server.app).get(URL, { url: 'fleet.example.com' });
    expect(res.flag).toBe(5001);
  });

  it('asks for the host when it is missing', async () => {
    const res = await new ApiClient(server.app).get(URL);
    expect(res).toMatchObject({ flag: 400, msg: '站点地址不能为空' });
  });

  it('prefers a branding for host:port over the bare host', async () => {
    await server.store.sites.upsert({ host: 'localhost:9999', title: '专属站点', description: 'd', keyword: 'k', iconUrl: '/x.ico' });
    const res = await new ApiClient(server.app).get<{ title: string }>(URL, { url: 'localhost:9999' });
    expect(res.obj.title).toBe('专属站点');
  });
});

describe('default site', () => {
  it('brands unknown hosts with DEFAULT_SITE_TITLE when configured', async () => {
    const server = await createTestServer({ config: { defaultSiteTitle: '车队监控平台' } });
    try {
      const res = await new ApiClient(server.app).get(URL, { url: 'fleet.example.com:443' });
      expect(res).toMatchObject({ flag: 1, obj: { title: '车队监控平台' } });
    } finally {
      await server.close();
    }
  });
});
