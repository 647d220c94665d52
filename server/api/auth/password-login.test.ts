import CryptoJS from 'crypto-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { ApiClient } from '../../testing/api-client';
import { addDemoUser } from '../../testing/test-users';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
const clock = new ManualClock();

beforeAll(async () => {
  server = await createTestServer({ demo: true, clock });
});
afterAll(() => server.close());

async function sessionCount(account: string): Promise<number> {
  const user = await server.store.users.findByAccount(account);
  return server.store.sessions.countForUser(user!.id);
}

describe('password login', () => {
  it('logs in with the browser AES flow and the session works for getUser', async () => {
    const client = new ApiClient(server.app);
    const page = await client.get<{ pageId: string; key: string; needCode: boolean }>('/oauth/loginPage', { account: 'admin' });
    expect(page.flag).toBe(1);
    expect(page.obj.needCode).toBe(false);
    expect(page.obj.key.length).toBeGreaterThanOrEqual(16);

    const password = CryptoJS.AES.encrypt('Admin@123', page.obj.key).toString();
    const res = await client.postJson<{ sessionId: string; userId: number }>('/oauth/v4/token', { account: 'admin', password, pageId: page.obj.pageId });
    expect(res.flag).toBe(1);
    expect(res.obj.sessionId).toMatch(/^[0-9a-f]{64}$/);

    client.sessionId = res.obj.sessionId;
    const user = await client.get<{ userId: number; account: string; tenantName: string; roleId: number }>('/car/v1/api/user/getUser.json');
    expect(user.flag).toBe(1);
    expect(user.obj).toMatchObject({ userId: res.obj.userId, account: 'admin', name: '演示管理员', tenantName: '天路演示' });
    expect(user.obj).not.toHaveProperty('passwordHash');
  });

  it('also accepts the legacy /oauthToken/ login paths', async () => {
    const client = new ApiClient(server.app);
    const page = await client.get<{ pageId: string; key: string }>('/oauthToken/loginPage');
    const password = CryptoJS.AES.encrypt('Other@123', page.obj.key).toString();
    const res = await client.postForm('/oauthToken/v4/token', { account: 'other', password, pageId: page.obj.pageId });
    expect(res.flag).toBe(1);
  });

  it('answers a wrong password with 账号或密码错误 and creates no session', async () => {
    const before = await sessionCount('other');
    const res = await new ApiClient(server.app).login('other', 'Wrong@123');
    expect(res).toMatchObject({ flag: 400, msg: '账号或密码错误', obj: { needCode: false } });
    expect(await sessionCount('other')).toBe(before);
    // The right password still works afterwards: the failure changed nothing for the account.
    expect((await new ApiClient(server.app).login('other', 'Other@123')).flag).toBe(1);
  });

  it('gives an unknown account the same answer as a wrong password', async () => {
    const res = await new ApiClient(server.app).login('nobody', 'Admin@123');
    expect(res).toMatchObject({ flag: 400, msg: '账号或密码错误' });
  });

  it('rejects a password encrypted with another page key', async () => {
    const client = new ApiClient(server.app);
    const page = await client.get<{ pageId: string; key: string }>('/oauth/loginPage');
    const password = CryptoJS.AES.encrypt('Admin@123', 'some-other-key').toString();
    const res = await client.postForm('/oauth/v4/token', { account: 'admin', password, pageId: page.obj.pageId });
    expect(res).toMatchObject({ flag: 400, msg: '账号或密码错误' });
  });

  it('refuses an expired login page (10 minutes)', async () => {
    const client = new ApiClient(server.app);
    const page = await client.get<{ pageId: string; key: string }>('/oauth/loginPage');
    clock.advance(11 * 60_000);
    const password = CryptoJS.AES.encrypt('Admin@123', page.obj.key).toString();
    const res = await client.postForm('/oauth/v4/token', { account: 'admin', password, pageId: page.obj.pageId });
    expect(res.flag).toBe(400);
    expect(res.msg).toContain('登录页已过期');
  });

  it('treats a disabled user like a wrong password', async () => {
    const user = await server.store.users.findByAccount('other');
    await server.store.users.setDisabled(user!.id, true);
    try {
      const res = await new ApiClient(server.app).login('other', 'Other@123');
      expect(res).toMatchObject({ flag: 400, msg: '账号或密码错误' });
    } finally {
      await server.store.users.setDisabled(user!.id, false);
    }
  });
});

describe('image code after repeated failures', () => {
  it('asks for a code after 3 failures and then requires the right one', async () => {
    await addDemoUser(server.store, 'careless', 'Careless@123');
    const client = new ApiClient(server.app);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await client.login('careless', 'Nope@123'));
    expect(answers.map((a) => a.obj.needCode)).toEqual([false, false, true]);

    const page = await client.get<{ pageId: string; key: string; needCode: boolean }>('/oauth/loginPage', { account: 'careless' });
    expect(page.obj.needCode).toBe(true);
    const password = CryptoJS.AES.encrypt('Careless@123', page.obj.key).toString();
    const form = { account: 'careless', password, pageId: page.obj.pageId };

    // The right password alone is not enough now.
    expect(await client.postForm('/oauth/v4/token', form)).toMatchObject({ flag: 400, obj: { needCode: true } });

    const code = await client.get<{ image: string }>('/oauth/getCode', { pageId: page.obj.pageId });
    expect(code.obj.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(code.obj.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const wrong = await client.postForm('/oauth/v4/token', { ...form, code: 'zzzz' });
    expect(wrong).toMatchObject({ flag: 400, msg: '图形验证码错误', obj: { needCode: true } });

    // A code answers one attempt: fetch a new one and give its answer.
    await client.get('/oauth/getCode', { pageId: page.obj.pageId });
    const stored = await server.store.login.findPage(page.obj.pageId, clock.now());
    const ok = await client.postForm<{ sessionId: string }>('/oauth/v4/token', { ...form, code: stored!.codeAnswer!.toUpperCase() });
    expect(ok.flag).toBe(1);

    // Success clears the failures: the next login page needs no code.
    const next = await client.get<{ needCode: boolean }>('/oauth/loginPage', { account: 'careless' });
    expect(next.obj.needCode).toBe(false);
  });

  it('refuses an image code for an unknown page', async () => {
    const res = await new ApiClient(server.app).get('/oauth/getCode', { pageId: 'unknown' });
    expect(res.flag).toBe(400);
  });
});
