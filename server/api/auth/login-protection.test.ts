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
  server = await createTestServer({ demo: true, clock });
  await addDemoUser(server.store, 'lock_me', 'Lock@1234');
  await addDemoUser(server.store, 'uniform', 'Uniform@123');
});
afterAll(() => server.close());

/** The browser's login, answering the image code when the page asks for one (read from the store, as a person reads the picture). */
async function login(account: string, password: string): Promise<Envelope<{ sessionId?: string; needCode?: boolean; locked?: boolean }>> {
  const client = new ApiClient(server.app);
  const page = await client.get<{ pageId: string; key: string; needCode: boolean }>('/oauth/loginPage', { account });
  const form: Record<string, string> = { account, password: CryptoJS.AES.encrypt(password, page.obj.key).toString(), pageId: page.obj.pageId };
  if (page.obj.needCode) {
    await client.get('/oauth/getCode', { pageId: page.obj.pageId });
    form.code = (await server.store.login.findPage(page.obj.pageId, clock.now()))!.codeAnswer!;
  }
  return client.postForm('/oauth/v4/token', form);
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
