import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsProvider } from '../../auth/sms-provider';
import { ManualClock } from '../../clock';
import { ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

class CapturingSms implements SmsProvider {
  readonly sent: { phone: string; text: string }[] = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
  }
  lastCode(phone: string): string {
    const message = this.sent.filter((m) => m.phone === phone).at(-1);
    return /(\d{6})/.exec(message?.text ?? '')?.[1] ?? '';
  }
}

const ADMIN_PHONE = '13800138000';
const clock = new ManualClock();
const sms = new CapturingSms();
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ demo: true, clock, smsProvider: sms });
});
afterAll(() => server.close());

const smsLogin = (client: ApiClient, phone: string, smsCode: string) =>
  client.postForm<{ sessionId: string; userId: number }>('/oauth/v4/token', { grantType: 'sms', phone, smsCode });

describe('SMS login', () => {
  it('announces SMS login in getConfig', async () => {
    const res = await new ApiClient(server.app).get<{ smsLoginEnabled: boolean }>('/oauthToken/getConfig');
    expect(res.obj.smsLoginEnabled).toBe(true);
  });

  it('sends a code through the provider and logs in with it once', async () => {
    const client = new ApiClient(server.app);
    expect((await client.get('/oauth/sendLoginSms', { phone: ADMIN_PHONE })).flag).toBe(1);
    const code = sms.lastCode(ADMIN_PHONE);
    expect(code).toMatch(/^\d{6}$/);

    expect(await smsLogin(client, ADMIN_PHONE, code === '000000' ? '111111' : '000000')).toMatchObject({ flag: 400, msg: '验证码错误或已过期' });
    const res = await smsLogin(client, ADMIN_PHONE, code);
    expect(res.flag).toBe(1);
    client.sessionId = res.obj.sessionId;
    const user = await client.get<{ account: string }>('/car/v1/api/user/getUser.json');
    expect(user.obj.account).toBe('admin');
    // A used code does not work twice.
    expect((await smsLogin(new ApiClient(server.app), ADMIN_PHONE, code)).flag).toBe(400);
  });

  it('sends at most once a minute per phone', async () => {
    clock.advance(61_000);
    const client = new ApiClient(server.app);
    expect((await client.get('/oauth/sendLoginSms', { phone: ADMIN_PHONE })).flag).toBe(1);
    const again = await client.get('/oauth/sendLoginSms', { phone: ADMIN_PHONE });
    expect(again).toMatchObject({ flag: 400, msg: '发送过于频繁，请稍后再试' });
    clock.advance(61_000);
    expect((await client.get('/oauth/sendLoginSms', { phone: ADMIN_PHONE })).flag).toBe(1);
  });

  it('lets a code expire after 5 minutes', async () => {
    clock.advance(61_000);
    const client = new ApiClient(server.app);
    await client.get('/oauth/sendLoginSms', { phone: ADMIN_PHONE });
    const code = sms.lastCode(ADMIN_PHONE);
    clock.advance(5 * 60_000 + 1000);
    expect(await smsLogin(client, ADMIN_PHONE, code)).toMatchObject({ flag: 400, msg: '验证码错误或已过期' });
  });

  it('answers an unknown phone like a known one but sends nothing', async () => {
    const before = sms.sent.length;
    const res = await new ApiClient(server.app).get('/oauth/sendLoginSms', { phone: '13700000000' });
    expect(res.flag).toBe(1);
    expect(sms.sent.length).toBe(before);
  });

  it('checks the phone number format', async () => {
    const res = await new ApiClient(server.app).get('/oauth/sendLoginSms', { phone: '12345' });
    expect(res).toMatchObject({ flag: 400, msg: '手机号格式不正确' });
  });
});
