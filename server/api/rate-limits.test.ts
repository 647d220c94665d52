import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server';
import { installErrorHandlers } from './error-handlers';
import { registerRateLimits } from './rate-limits';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ demo: true, config: { loginRateLimit: 3, smsRateLimit: 2 } });
});
afterAll(() => server.close());

const token = (url = '/oauth/v4/token', remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url, remoteAddress, payload: { account: 'nobody', password: 'x', pageId: 'y' } });
const sms = (phone: string, remoteAddress = '127.0.0.1') => server.app.inject({ method: 'GET', url: '/oauth/sendLoginSms', query: { phone }, remoteAddress });

describe('per-address rate limits', () => {
  it('answers HTTP 429 with a Chinese envelope once an address spent its login attempts, the alias included', async () => {
    const address = '10.0.0.1';
    for (let i = 0; i < 2; i++) expect((await token('/oauth/v4/token', address)).statusCode).toBe(200);
    expect((await token('/oauthToken/v4/token', address)).json()).toMatchObject({ flag: 400 });
    const spent = await token('/oauth/v4/token', address);
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toEqual({ flag: 429, msg: '请求过于频繁，请稍后再试', obj: null });
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect((await token('/oauthToken/v4/token', address)).statusCode).toBe(429);
  });

  it('counts each address on its own and leaves other routes alone', async () => {
    const address = '10.0.0.2';
    for (let i = 0; i < 4; i++) await token('/oauth/v4/token', address);
    expect((await token('/oauth/v4/token', '10.0.0.3')).statusCode).toBe(200);
    const page = await server.app.inject({ method: 'GET', url: '/oauth/loginPage', query: { account: 'admin' }, remoteAddress: address });
    expect(page.json()).toMatchObject({ flag: 1 });
  });

  it('limits the login page and its image codes per address, and stores no page past the limit', async () => {
    const address = '10.0.0.5';
    const pages = async () => Number((await server.store.db.selectFrom('login_pages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const page = await server.app.inject({ method: 'GET', url: '/oauth/loginPage', remoteAddress: address });
    const { pageId } = (page.json() as { obj: { pageId: string } }).obj;
    expect((await server.app.inject({ method: 'GET', url: '/oauthToken/getCode', query: { pageId }, remoteAddress: address })).json()).toMatchObject({ flag: 1 });
    expect((await server.app.inject({ method: 'GET', url: '/oauthToken/loginPage', remoteAddress: address })).json()).toMatchObject({ flag: 1 });
    const stored = await pages();
    for (const url of ['/oauth/loginPage', '/oauthToken/loginPage', '/oauth/getCode']) {
      const spent = await server.app.inject({ method: 'GET', url, query: url.endsWith('getCode') ? { pageId } : {}, remoteAddress: address });
      expect(spent.statusCode).toBe(429);
      expect(spent.json()).toEqual({ flag: 429, msg: '请求过于频繁，请稍后再试', obj: null });
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await pages()).toBe(stored);
    // the same address may still log in: pages and logins are counted apart
    expect((await token('/oauth/v4/token', address)).statusCode).toBe(200);
  });

  it('limits SMS codes per address whatever the phone, apart from login attempts', async () => {
    const address = '10.0.0.4';
    expect((await sms('13800000001', address)).json()).toMatchObject({ flag: 1 });
    expect((await sms('13800000002', address)).json()).toMatchObject({ flag: 1 });
    const spent = await sms('13800000003', address);
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toMatchObject({ flag: 429, msg: '请求过于频繁，请稍后再试' });
    expect((await token('/oauth/v4/token', address)).statusCode).toBe(200);
  });

  it('does not limit a group configured as 0', async () => {
    const app = Fastify();
    installErrorHandlers(app, { spa: false });
    const check = await registerRateLimits(app, { loginRateLimit: 0, smsRateLimit: 1 });
    app.get('/login', { onRequest: (request, reply) => check('login', request, reply) }, async () => ({ flag: 1 }));
    app.get('/sms', { onRequest: (request, reply) => check('sms', request, reply) }, async () => ({ flag: 1 }));
    try {
      for (let i = 0; i < 40; i++) expect((await app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/sms' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/sms' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
