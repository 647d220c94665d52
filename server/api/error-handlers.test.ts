import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorCode } from '../domain-error';
import { ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'tianlu-dist-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><title>天路</title>');
  server = await createTestServer({
    demo: true,
    distDir,
    beforeRoutes: async (app) => {
      app.get('/car/v1/test/boom', async () => {
        throw new Error('secret database detail');
      });
      app.get<{ Params: { code: DomainErrorCode } }>('/car/v1/test/refused/:code', async (request) => {
        throw new DomainError(request.params.code, '不能这样做', { why: request.params.code });
      });
      app.get('/car/v1/test/out-of-range', async () => {
        // what PostgreSQL throws for an id past an integer column
        throw Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' });
      });
    },
  });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('error envelopes', () => {
  it('answers an unknown API path with flag 404, for GET and POST', async () => {
    const client = new ApiClient(server.app);
    expect(await client.get('/car/v1/api/nothing.json')).toMatchObject({ flag: 404, msg: '接口不存在' });
    expect(await client.postJson('/oauth/nothing', {})).toMatchObject({ flag: 404 });
  });

  it('hides internal errors behind 服务器内部错误', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/car/v1/test/boom' });
    expect(res.json()).toEqual({ flag: 500, msg: '服务器内部错误', obj: null });
    expect(res.body).not.toContain('secret');
  });

  it("answers a domain service's refusal with the flag of its code, its message and details", async () => {
    const answers = await Promise.all(
      (['bad-input', 'forbidden', 'not-found', 'too-many-requests'] as const).map(async (code) => {
        const res = await server.app.inject({ method: 'GET', url: `/car/v1/test/refused/${code}` });
        return [res.statusCode, res.json()];
      }),
    );
    expect(answers).toEqual([
      [200, { flag: 400, msg: '不能这样做', obj: { why: 'bad-input' } }],
      [200, { flag: 403, msg: '不能这样做', obj: { why: 'forbidden' } }],
      [200, { flag: 404, msg: '不能这样做', obj: { why: 'not-found' } }],
      [429, { flag: 429, msg: '不能这样做', obj: { why: 'too-many-requests' } }],
    ]);
  });

  it('names the missing field in Chinese and logs nobody in', async () => {
    const client = new ApiClient(server.app);
    expect(await client.postForm('/oauth/v4/token', { password: 'x', pageId: 'y' })).toMatchObject({ flag: 400, msg: '账号不能为空' });
    expect(await client.postForm('/oauth/v4/token', { account: 'admin', pageId: 'y' })).toMatchObject({ flag: 400, msg: '密码不能为空' });
    expect(client.sessionId).toBeUndefined();
  });

  it('rejects malformed and oversized bodies with flag 400', async () => {
    const malformed = await server.app.inject({ method: 'POST', url: '/oauth/v4/token', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expect(malformed.json()).toMatchObject({ flag: 400, msg: '请求内容不是有效的 JSON' });
    const huge = await server.app.inject({
      method: 'POST',
      url: '/oauth/v4/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.json()).toMatchObject({ flag: 400, msg: '请求内容过大' });
  });

  it('refuses what the database cannot hold as bad input, naming the field where the schema can', async () => {
    const client = new ApiClient(server.app);
    await client.login('admin', 'Admin@123');
    expect(await client.get('/car/v1/helpCenter/helpMessage/getHelpMessage', { id: 2 ** 31 })).toMatchObject({ flag: 400, msg: '公告编号不能大于 2147483647' });
    expect(await client.get('/car/v1/helpCenter/helpMessage/pageHelpMessage', { keyword: 'a\u0000b' })).toMatchObject({ flag: 400, msg: '关键词包含无效字符' });
    const net = await server.app.inject({ method: 'GET', url: '/car/v1/test/out-of-range' });
    expect(net.json()).toEqual({ flag: 400, msg: '请求参数超出允许的范围或格式不正确', obj: null });
    expect(net.body).not.toContain('2147483648');
  });

  it('answers a path the router cannot read with a Chinese envelope', async () => {
    const broken = await server.app.inject({ method: 'GET', url: '/child/%E0%A4%A/index.js' });
    expect(broken.json()).toMatchObject({ flag: 400, msg: '请求地址无效' });
    // past the router's parameter length: refused, or left to the console files' catch-all
    const long = await server.app.inject({ method: 'GET', url: `/car/v1/api/media/${'x'.repeat(5000)}` });
    expect(long.json()).toMatchObject({ flag: expect.toSatisfy((f: number) => f === 400 || f === 404), msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it('checks the session before the input', async () => {
    const res = await new ApiClient(server.app).get('/car/v1/api/platform/getPlatformByRoleId.json');
    expect(res.flag).toBe(4010);
  });

  it('names a missing or malformed query field', async () => {
    const client = new ApiClient(server.app);
    await client.login('admin', 'Admin@123');
    expect(await client.get('/car/v1/api/platform/getPlatformByRoleId.json')).toMatchObject({ flag: 400, msg: '角色不能为空' });
    expect(await client.get('/car/v1/api/platform/getPlatformByRoleId.json', { roleId: 'abc' })).toMatchObject({ flag: 400, msg: '角色必须是整数' });
    expect(await client.get('/car/v1/helpCenter/helpMessage/pageHelpMessage', { pageSize: 1000 })).toMatchObject({ flag: 400, msg: '每页条数不能大于 200' });
  });
});

describe('console files', () => {
  it('answers console routes with index.html, including /car/ pages', async () => {
    for (const url of ['/', '/home', '/car/monitor', '/center/notice?x=1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>天路</title>');
    }
  });

  it('does not answer missing files or API paths with index.html', async () => {
    const file = await server.app.inject({ method: 'GET', url: '/child/unknown/index.js' });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('<title>');
    const api = await server.app.inject({ method: 'GET', url: '/car/v4/api/unknown' });
    expect(api.json()).toMatchObject({ flag: 404 });
  });

  it('serves plugins.manifest.json as it is in the repository', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' });
    const manifest = res.json() as { systemId: string; title: string }[];
    expect(manifest.find((m) => m.systemId === 'car')?.title).toBe('智能车联');
  });

  it('serves the OpenAPI document at /docs', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/oauth/v4/token', '/car/v1/api/resource/newList.json']));
  });
});

describe('security headers', () => {
  it('sends nosniff, no framing by other sites and a restrained referrer on the console, the API and errors alike', async () => {
    for (const url of ['/login', '/car/v1/api/nothing.json', '/car/v1/test/boom', '/child/%E0%A4%A/index.js']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(res.headers['content-security-policy'], url).toMatch(/(^|; )frame-ancestors 'self'(;|$)/);
      expect(res.headers['content-security-policy'], url).toMatch(/(^|; )script-src 'self'(;|$)/);
    }
  });
});
