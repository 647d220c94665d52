import CryptoJS from 'crypto-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import type { Envelope } from '../envelope';
import { ApiClient } from '../../testing/api-client';
import { addDemoUser } from '../../testing/test-users';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
const clock = new ManualClock();
const LOCKED = '登录失败次数过多，请 15 分钟后再试';

beforeAll(async () => {
  // the per-address rate limit is tested apart (rate-limits.test.ts); here many logins come from few addresses
  server = await createTestServer({ demo: true, clock, config: { loginRateLimit: 0 } });
  await addDemoUser(server.store, 'lock_me', 'Lock@1234');
  await addDemoUser(server.store, 'uniform', 'Uniform@123');
  await addDemoUser(server.store, 'targeted', 'Target@1234');
  await addDemoUser(server.store, 'spread', 'Spread@1234');
  await addDemoUser(server.store, 'bystander', 'Bystander@123');
});
afterAll(() => server.close());

type LoginAnswer = Envelope<{ sessionId?: string; userId?: number; needCode?: boolean; locked?: boolean }>;

/**
 * The browser's login from an address, answering the image code when the page asks for one (read
 * from the store, as a person reads the picture) unless `answerCode` is false.
 */
async function login(account: string, password: string, remoteAddress = '127.0.0.1', answerCode = true): Promise<LoginAnswer> {
  const get = async <T>(url: string, query: Record<string, string>) => (await server.app.inject({ method: 'GET', url, query, remoteAddress })).json<Envelope<T>>();
  const page = await get<{ pageId: string; key: string; needCode: boolean }>('/oauth/loginPage', { account });
  const form: Record<string, string> = { account, password: CryptoJS.AES.encrypt(password, page.obj.key).toString(), pageId: page.obj.pageId };
  if (page.obj.needCode && answerCode) {
    await get('/oauth/getCode', { pageId: page.obj.pageId });
    form.code = (await server.store.login.findPage(page.obj.pageId, clock.now()))!.codeAnswer!;
  }
  const res = await server.app.inject({
    method: 'POST', url: '/oauth/v4/token', remoteAddress, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.json<LoginAnswer>();
}

/** The 站内消息 a user sees, as the console lists them. */
async function notices(account: string, password: string): Promise<{ title: string; summary: string }[]> {
  const client = new ApiClient(server.app);
  const res = await login(account, password, '192.0.2.200');
  client.sessionId = res.obj.sessionId;
  client.userId = res.obj.userId;
  return (await client.get<{ list: { title: string; summary: string }[] }>('/car/v1/helpCenter/helpMessage/pageHelpMessage', { current: 1, pageSize: 50 })).obj.list;
}

async function history(account: string): Promise<string[]> {
  const rows = await server.store.db.selectFrom('login_history').select(['result', 'method']).where('account', '=', account).orderBy('id').execute();
  return rows.map((r) => r.result);
}

describe('login protection', () => {
  it('answers a wrong password and an unknown account identically', async () => {
    const known = await login('uniform', 'Wrong@1234');
    const unknown = await login('nobody_here', 'Wrong@1234');
    expect(known).toEqual({ flag: 400, msg: '账号或密码错误', obj: { needCode: false } });
    expect(unknown).toEqual(known);
  });

  it('asks for the image code after 3 failures and locks the account after 10 in 15 minutes, even with the right password', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await login('lock_me', 'Wrong@1234');
      expect(res).toMatchObject({ flag: 400, msg: '账号或密码错误', obj: { needCode: i >= 3 } });
    }
    const locked = await login('lock_me', 'Lock@1234');
    expect(locked).toMatchObject({ flag: 400, msg: LOCKED, obj: { locked: true } });
    // still locked near the end of the window, open after it
    clock.advance(14 * 60_000);
    expect((await login('lock_me', 'Lock@1234')).msg).toBe(LOCKED);
    clock.advance(61_000);
    const ok = await login('lock_me', 'Lock@1234');
    expect(ok.flag).toBe(1);
    expect(await history('lock_me')).toEqual([...Array<string>(10).fill('failure'), 'locked', 'locked', 'success']);
  });

  it('locks an unknown account name the same way, without saying whether it exists', async () => {
    for (let i = 0; i < 10; i++) expect((await login('ghost_account', 'Wrong@1234')).msg).toBe('账号或密码错误');
    expect(await login('ghost_account', 'Wrong@1234')).toMatchObject({ flag: 400, msg: LOCKED });
    const rows = await server.store.db.selectFrom('login_history').select(['user_id', 'result']).where('account', '=', 'ghost_account').execute();
    expect(rows).toHaveLength(11);
    expect(rows.every((r) => r.user_id === null)).toBe(true);
  });

  it('records the user, address and method of each attempt', async () => {
    await login('uniform', 'Uniform@123');
    const row = await server.store.db
      .selectFrom('login_history')
      .selectAll()
      .where('account', '=', 'uniform')
      .where('result', '=', 'success')
      .executeTakeFirstOrThrow();
    const user = await server.store.users.findByAccount('uniform');
    expect(row).toMatchObject({ user_id: user!.id, tenant_id: user!.tenantId, method: 'password', ip: '127.0.0.1' });
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('locks the address that failed 10 times, while the owner logs in from another address and is told', async () => {
    const stranger = '198.51.100.7';
    for (let i = 0; i < 10; i++) expect((await login('targeted', 'Guess@0000', stranger)).msg).toBe('账号或密码错误');
    // the stranger's address is locked, even with the right password
    expect(await login('targeted', 'Target@1234', stranger)).toMatchObject({ flag: 400, msg: LOCKED, obj: { locked: true } });
    // the owner, from home, answers the image code the account now asks of everyone, and gets in
    const owner = await login('targeted', 'Target@1234', '203.0.113.20');
    expect(owner.flag).toBe(1);
    // the owner's success does not lift the stranger's lock
    expect((await login('targeted', 'Target@1234', stranger)).msg).toBe(LOCKED);
    const told = (await notices('targeted', 'Target@1234')).filter((n) => n.title === '账号登录异常提醒');
    expect(told).toHaveLength(1);
    expect(told[0]!.summary).toContain(stranger);
    // nobody else of the tenant sees it
    expect((await notices('bystander', 'Bystander@123')).map((n) => n.title)).not.toContain('账号登录异常提醒');
  });

  it('asks every address for the image code once the account failed from many, and tells the owner', async () => {
    for (let i = 0; i < 10; i++) expect((await login('spread', 'Guess@0000', `198.51.100.${100 + i}`)).flag).toBe(400);
    // a new address must answer the image code before its password is even looked at
    const fresh = await login('spread', 'Spread@1234', '198.51.100.250', false);
    expect(fresh).toMatchObject({ flag: 400, msg: '请输入图形验证码', obj: { needCode: true } });
    const page = (await server.app.inject({ method: 'GET', url: '/oauth/loginPage', query: { account: 'spread' }, remoteAddress: '198.51.100.251' })).json<Envelope<{ needCode: boolean }>>();
    expect(page.obj.needCode).toBe(true);
    // nobody is locked out: each address failed once
    expect((await login('spread', 'Spread@1234', '198.51.100.100')).flag).toBe(1);
    const told = (await notices('spread', 'Spread@1234')).filter((n) => n.title === '账号登录异常提醒');
    expect(told).toHaveLength(1);
    expect(told[0]!.summary).toContain('来自 10 个地址');
  });

  it('makes the image code six characters long', async () => {
    const page = (await server.app.inject({ method: 'GET', url: '/oauth/loginPage' })).json<Envelope<{ pageId: string }>>();
    await server.app.inject({ method: 'GET', url: '/oauth/getCode', query: { pageId: page.obj.pageId } });
    expect((await server.store.login.findPage(page.obj.pageId, clock.now()))!.codeAnswer).toHaveLength(6);
  });
});
