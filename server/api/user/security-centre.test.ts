import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsProvider } from '../../auth/sms-provider';
import { ManualClock } from '../../clock';
import { ApiClient } from '../../testing/api-client';
import { addDemoUser } from '../../testing/test-users';
import { createTestServer, type TestServer } from '../../testing/test-server';

class CapturingSms implements SmsProvider {
  readonly sent: { phone: string; text: string }[] = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
  }
  lastCode(phone: string): string {
    return /(\d{6})/.exec(this.sent.filter((m) => m.phone === phone).at(-1)?.text ?? '')?.[1] ?? '';
  }
}

const clock = new ManualClock();
const sms = new CapturingSms();
let server: TestServer;

const USER = '/car/v1/api/user/';
const POLICY = '密码至少 8 位，且须同时包含字母和数字';

beforeAll(async () => {
  server = await createTestServer({ demo: true, clock, smsProvider: sms });
  await addDemoUser(server.store, 'pw_user', 'First@123');
  await addDemoUser(server.store, 'phone_user', 'Phone@123');
  await addDemoUser(server.store, 'privacy_user', 'Privacy@123');
});
afterAll(() => server.close());

async function login(account: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(server.app);
  expect((await client.login(account, password)).flag).toBe(1);
  return client;
}

async function auditOf(account: string, action: string) {
  return server.store.db.selectFrom('operation_logs').selectAll().where('account', '=', account).where('action', '=', action).execute();
}

describe('修改密码', () => {
  it('refuses a wrong old password, a weak or unchanged new one, and changes nothing', async () => {
    const client = await login('pw_user', 'First@123');
    const change = (oldPassword: string, newPassword: string) => client.postJson(`${USER}updateUserPassword.json`, { oldPassword, newPassword });
    expect(await change('Wrong@123', 'Second123')).toMatchObject({ flag: 400, msg: '原密码错误' });
    for (const weak of ['abc123', 'abcdefghij', '1234567890']) expect(await change('First@123', weak)).toMatchObject({ flag: 400, msg: POLICY });
    expect(await change('First@123', 'First@123')).toMatchObject({ flag: 400, msg: '新密码不能与原密码相同' });
    expect((await client.postJson(`${USER}updateUserPassword.json`, { newPassword: 'Second123' })).msg).toContain('原密码');
    expect((await client.get(`${USER}getUser.json`)).flag).toBe(1);
    expect(await auditOf('pw_user', '修改密码')).toEqual([]);
  });

  it('changes the password, ends every session of the user and logs the change without the hash', async () => {
    const client = await login('pw_user', 'First@123');
    const elsewhere = await login('pw_user', 'First@123');
    const res = await client.postJson(`${USER}updateUserPassword.json`, { oldPassword: 'First@123', newPassword: 'Second123' });
    expect(res.flag).toBe(1);
    expect((await client.get(`${USER}getUser.json`)).flag).toBe(4010);
    expect((await elsewhere.get(`${USER}getUser.json`)).flag).toBe(4010);
    expect((await new ApiClient(server.app).login('pw_user', 'First@123')).msg).toBe('账号或密码错误');
    await login('pw_user', 'Second123');
    const [entry] = await auditOf('pw_user', '修改密码');
    expect(entry).toMatchObject({ target: '用户 pw_user', before: null, after: null });
  });
});

describe('手机绑定', () => {
  it('refuses a phone of another account and binds a new one after its code', async () => {
    const client = await login('phone_user', 'Phone@123');
    expect(await client.postJson(`${USER}sendSmsCode.json`, { phone: '13900139000' })).toMatchObject({ flag: 400, msg: '该手机号已被其他账号绑定' });
    expect(await client.postJson(`${USER}sendSmsCode.json`, { phone: '12345' })).toMatchObject({ flag: 400 });
    expect((await client.postJson(`${USER}sendSmsCode.json`, { phone: '13612345678' })).flag).toBe(1);
    const code = sms.lastCode('13612345678');
    expect(code).toMatch(/^\d{6}$/);
    // once a minute per phone and per user
    expect(await client.postJson(`${USER}sendSmsCode.json`, { phone: '13612345678' })).toMatchObject({ flag: 400, msg: '发送过于频繁，请稍后再试' });
    expect(await client.postJson(`${USER}sendSmsCode.json`, { phone: '13612345679' })).toMatchObject({ flag: 400, msg: '发送过于频繁，请稍后再试' });
    // the binding code is no login code
    expect((await client.postForm('/oauth/v4/token', { grantType: 'sms', phone: '13612345678', smsCode: code })).flag).toBe(400);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await client.postJson(`${USER}phoneCodeVerify.json`, { phone: '13612345678', code: wrong })).toMatchObject({ flag: 400, msg: '验证码错误或已过期' });
    expect(await client.postJson(`${USER}phoneCodeVerify.json`, { phone: '13612345678', code })).toMatchObject({ flag: 1, obj: { phoneVerified: true } });
    const me = await client.get<{ phone: string; phoneVerified: boolean }>(`${USER}getUser.json`);
    expect(me.obj).toMatchObject({ phone: '13612345678', phoneVerified: true });
    // a used code does not bind twice
    expect((await client.postJson(`${USER}phoneCodeVerify.json`, { phone: '13612345678', code })).flag).toBe(400);
    expect((await auditOf('phone_user', '绑定手机号'))[0]).toMatchObject({ after: { phone: '13612345678', phoneVerified: true } });

    clock.advance(61_000);
    const other = await login('privacy_user', 'Privacy@123');
    expect(await other.postJson(`${USER}sendSmsCode.json`, { phone: '13612345678' })).toMatchObject({ flag: 400, msg: '该手机号已被其他账号绑定' });
  });
});

describe('隐私设置, 微信绑定 and 登录记录', () => {
  it('saves privacy switches and answers them in getUser', async () => {
    const client = await login('privacy_user', 'Privacy@123');
    expect((await client.get<{ privacy: object }>(`${USER}getUser.json`)).obj.privacy).toEqual({ hidePhone: false, hideEmail: false });
    expect(await client.postJson(`${USER}updatePrivacy.json`, { hidePhone: true })).toMatchObject({ flag: 1, obj: { hidePhone: true, hideEmail: false } });
    expect(await client.postJson(`${USER}updatePrivacy.json`, {})).toMatchObject({ flag: 400, msg: '隐私设置不能为空' });
    expect((await client.postJson(`${USER}updatePrivacy.json`, { hideEmail: 'sometimes' })).flag).toBe(400);
    expect((await client.get<{ privacy: object }>(`${USER}getUser.json`)).obj.privacy).toEqual({ hidePhone: true, hideEmail: false });
    expect((await auditOf('privacy_user', '修改隐私设置'))[0]).toMatchObject({ before: { hidePhone: false }, after: { hidePhone: true } });
  });

  it('keeps the phone masked in the operation log of a user who hides it', async () => {
    const client = await login('privacy_user', 'Privacy@123');
    clock.advance(61_000);
    expect((await client.postJson(`${USER}sendSmsCode.json`, { phone: '13712345670' })).flag).toBe(1);
    expect((await client.postJson(`${USER}phoneCodeVerify.json`, { phone: '13712345670', code: sms.lastCode('13712345670') })).flag).toBe(1);
    const [logged] = await auditOf('privacy_user', '绑定手机号');
    expect(logged).toMatchObject({ after: { phone: '137****5670', phoneVerified: true } });
    expect(JSON.stringify(logged)).not.toContain('13712345670');
  });

  it('unbinds WeChat once and says so when nothing is bound', async () => {
    const client = await login('privacy_user', 'Privacy@123');
    expect(await client.get(`${USER}unbindWxRelation.json`)).toMatchObject({ flag: 400, msg: '未绑定微信' });
    await server.store.db.updateTable('users').set({ wx_open_id: 'wx-openid-1' }).where('account', '=', 'privacy_user').execute();
    expect((await client.get<{ wxBound: boolean }>(`${USER}getUser.json`)).obj.wxBound).toBe(true);
    expect((await client.get(`${USER}unbindWxRelation.json`)).flag).toBe(1);
    expect((await client.get<{ wxBound: boolean }>(`${USER}getUser.json`)).obj.wxBound).toBe(false);
    expect((await client.get(`${USER}unbindWxRelation.json`)).msg).toBe('未绑定微信');
  });

  it('pages the caller’s own login attempts, newest first', async () => {
    await new ApiClient(server.app).login('privacy_user', 'Nope@1234');
    const client = await login('privacy_user', 'Privacy@123');
    const page = await client.get<{ total: number; list: { time: string; ip: string; result: string; method: string }[] }>(`${USER}loginHistory.json`, { pageSize: 2 });
    expect(page.obj.total).toBeGreaterThanOrEqual(4);
    expect(page.obj.list.map((r) => r.result)).toEqual(['success', 'failure']);
    expect(page.obj.list[0]).toMatchObject({ ip: '127.0.0.1', method: 'password' });
    expect(page.obj.list[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    const own = async (account: string) => {
      const user = await server.store.users.findByAccount(account);
      const row = await server.store.db.selectFrom('login_history').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user!.id).executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(page.obj.total).toBe(await own('privacy_user'));
    const admin = await login('admin', 'Admin@123');
    expect((await admin.get<{ total: number }>(`${USER}loginHistory.json`)).obj.total).toBe(await own('admin'));
  });
});
