import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifyApi } from '../../sdk/contracts/notify';
import type { NotifyChannelView, NotifyRecord } from '../../sdk/notify-channels';
import { ManualClock } from '../clock';
import { DEMO_CUSTOMER_TENANT, OTHER_TENANT } from '../store/seed-demo';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import { parseNotifyKey, SecretBox } from './secret-box';
import { startAliyunSmsStandIn, startTencentSmsStandIn, type SmsStandIn } from './testing/sms-stand-ins';

const NOTIFY_KEY = '6f'.repeat(32);
const USER = '/car/v1/api/user/';
const ADMIN_PHONE = '13800138000';
const WULIU_PHONE = '13700137000';

const clock = new ManualClock();
/** The server's log lines (SMS_PROVIDER=log writes the fallback texts there). */
const logs: string[] = [];
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
/** The platform tenant's 阿里云短信 (saved in 推送渠道 below). */
let platformSms: SmsStandIn;
/** The other tenant's own 腾讯云短信. */
let otherSms: SmsStandIn;

beforeAll(async () => {
  server = await createTestServer({
    demo: true, clock, config: { notifyKey: NOTIFY_KEY },
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  });
  ({ admin, other } = await demoTenantClients(server.app));
  platformSms = await startAliyunSmsStandIn('platform-secret');
  otherSms = await startTencentSmsStandIn('AKID-other', 'other-secret-key');
  // the other tenant's channel, as its own 推送渠道 would have saved it
  const otherTenant = (await server.store.org.findTenantByName(OTHER_TENANT))!;
  await server.store.notify.addChannel({
    tenantId: otherTenant.id, kind: 'tencent-sms', name: '其他公司短信',
    config: {
      secretId: 'AKID-other', smsSdkAppId: '1400006666', signName: '其他公司', templateId: '449739', templateParams: ['asset', 'alarm', 'time'],
      codeTemplateId: '100200', codeTemplateParams: ['code', 'minutes'], endpoint: `${otherSms.origin}/`,
    },
    secret: new SecretBox(parseNotifyKey(NOTIFY_KEY)).seal({ secretKey: 'other-secret-key' }),
  }, clock.now());
});

afterAll(async () => {
  await platformSms?.close();
  await otherSms?.close();
  await server?.close();
});

const post = <T,>(client: ApiClient, contract: { path: string }, body: unknown) => client.postJson<T>(contract.path, body);
const records = async (client: ApiClient) => (await post<{ total: number; list: NotifyRecord[] }>(client, NotifyApi.records, { current: 1, pageSize: 10, channel: 'sms' })).obj;
const sendLoginCode = (phone: string) => new ApiClient(server.app).get('/oauth/sendLoginSms', { phone });
const smsLogin = (phone: string, smsCode: string) => new ApiClient(server.app).postForm<{ sessionId: string }>('/oauth/v4/token', { grantType: 'sms', phone, smsCode });
/** The texts of the outbox rows that could quote a code. */
const storedTexts = async () => JSON.stringify(await server.store.db.selectFrom('notify_outbox').select(['recipient', 'idempotency_key', 'provider_answer', 'last_error']).execute());

describe('texts without an SMS channel', () => {
  it('write the login code to the server log, mark it 仅记录日志 in 推送记录 and never use another tenant\'s channel', async () => {
    expect((await sendLoginCode(ADMIN_PHONE)).flag).toBe(1);
    const line = logs.find((l) => l.includes(ADMIN_PHONE) && l.includes('登录验证码'));
    const code = /验证码为 (\d{6})/.exec(line ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await smsLogin(ADMIN_PHONE, code!)).flag).toBe(1);
    expect(otherSms.received).toHaveLength(0);

    const [row] = (await records(admin)).list;
    expect(row).toMatchObject({ purpose: '登录验证码', alarmName: '登录验证码', channel: 'sms', recipient: '138****8000', status: '仅记录日志', tries: 1 });
  });
});

describe('texts through the tenant\'s SMS channel', () => {
  it('refuses a malformed template in Chinese and saves nothing', async () => {
    const res = await post(admin, NotifyApi.saveChannel, {
      kind: 'aliyun-sms', name: '平台短信', enabled: true,
      values: { accessKeyId: 'LTAI-platform', accessKeySecret: 'platform-secret', signName: '天路平台', templateCode: 'SMS_100', codeTemplateCode: 'abc', endpoint: `${platformSms.origin}/` },
    });
    expect(res).toMatchObject({ flag: 400, msg: '验证码模板 CODE格式不正确，应为 SMS_ 加数字，例如 SMS_123456789' });
    const tencent = await post(admin, NotifyApi.saveChannel, {
      kind: 'tencent-sms', name: '腾讯短信', enabled: true,
      values: { secretId: 'x', secretKey: 'y', smsSdkAppId: '1400006666', signName: '天路平台', templateId: '1', templateParams: 'asset', codeTemplateId: '2', codeTemplateParams: 'code,asset' },
    });
    expect(tencent).toMatchObject({ flag: 400, msg: '验证码模板参数顺序只能是 code、minutes，不认识 asset' });
    expect((await post<NotifyChannelView[]>(admin, NotifyApi.channels, {})).obj.filter((c) => c.kind.endsWith('-sms'))).toEqual([]);
  });

  it('sends the login code through the platform\'s 阿里云 channel, signed, with the code template and the code, which stays out of 推送记录 and the log', async () => {
    const saved = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, {
      kind: 'aliyun-sms', name: '平台短信', enabled: true,
      values: {
        accessKeyId: 'LTAI-platform', accessKeySecret: 'platform-secret', signName: '天路平台', templateCode: 'SMS_100',
        codeTemplateCode: 'SMS_200', leaseTemplateCode: 'SMS_300', endpoint: `${platformSms.origin}/`,
      },
    });
    expect(saved).toMatchObject({ flag: 1, obj: { values: { codeTemplateCode: 'SMS_200', leaseTemplateCode: 'SMS_300', accessKeySecret: '****cret' } } });

    clock.advance(61_000);
    const logsBefore = logs.length;
    expect((await sendLoginCode(ADMIN_PHONE)).flag).toBe(1);
    expect(platformSms.accepted).toHaveLength(1);
    const sent = platformSms.accepted[0]!;
    expect(sent).toMatchObject({ phone: ADMIN_PHONE, signName: '天路平台', template: 'SMS_200' });
    const code = (sent.params as Record<string, string>).code!;
    expect(code).toMatch(/^\d{6}$/);
    expect(Object.keys(sent.params)).toEqual(['code']);
    expect((await smsLogin(ADMIN_PHONE, code)).flag).toBe(1);

    const page = await records(admin);
    expect(page.list[0]).toMatchObject({ purpose: '登录验证码', recipient: '138****8000', status: '已送达', lastError: null });
    expect(JSON.stringify(page)).not.toContain(code);
    expect(await storedTexts()).not.toContain(code);
    expect(logs.slice(logsBefore).join('\n')).not.toContain(code);
    expect(otherSms.received).toHaveLength(0);
  });

  it('sends a customer tenant\'s user the code through the platform\'s channel when the tenant has none', async () => {
    expect((await sendLoginCode(WULIU_PHONE)).flag).toBe(1);
    expect(platformSms.accepted.at(-1)).toMatchObject({ phone: WULIU_PHONE, template: 'SMS_200' });
    const wuliu = (await server.store.org.findTenantByName(DEMO_CUSTOMER_TENANT))!;
    const [row] = await server.store.notify.records(wuliu.id);
    expect(row).toMatchObject({ purpose: 'login-code', channel: 'sms', recipient: WULIU_PHONE, status: '已送达', toLog: false });
    expect(row!.providerAnswer).toMatch(/^平台短信渠道：HTTP 200/);
  });

  it('sends the phone binding code through the tenant\'s own 腾讯云 channel and binds with it', async () => {
    const platformBefore = platformSms.received.length;
    expect((await other.postJson(`${USER}sendSmsCode.json`, { phone: '13612340000' })).flag).toBe(1);
    expect(otherSms.accepted).toHaveLength(1);
    const sent = otherSms.accepted[0]!;
    expect(sent).toMatchObject({ phone: '+8613612340000', signName: '其他公司', template: '100200' });
    const [code, minutes] = sent.params as string[];
    expect(minutes).toBe('5');
    expect(await other.postJson(`${USER}phoneCodeVerify.json`, { phone: '13612340000', code })).toMatchObject({ flag: 1, obj: { phoneVerified: true } });
    expect(platformSms.received).toHaveLength(platformBefore);
  });

  it('tells the user when the provider refuses the text, and 推送记录 shows 推送失败 with the provider\'s error but not the code', async () => {
    platformSms.refuseWith = 'isv.DAY_LIMIT_CONTROL';
    try {
      clock.advance(61_000);
      expect(await sendLoginCode(ADMIN_PHONE)).toMatchObject({ flag: 400, msg: '短信发送失败，请稍后重试' });
    } finally {
      platformSms.refuseWith = undefined;
    }
    const [row] = (await records(admin)).list;
    expect(row).toMatchObject({ purpose: '登录验证码', recipient: '138****8000', status: '推送失败' });
    expect(row!.lastError).toContain('isv.DAY_LIMIT_CONTROL');
    const form = new URLSearchParams(platformSms.received.at(-1)!.body);
    const code = (JSON.parse(form.get('TemplateParam')!) as { code: string }).code;
    expect(await storedTexts()).not.toContain(code);
  });
});

describe('SMS_PROVIDER=none', () => {
  let quiet: TestServer;
  let sms: SmsStandIn;
  beforeAll(async () => {
    quiet = await createTestServer({ demo: true, config: { smsProvider: 'none' } });
    sms = await startAliyunSmsStandIn('none-secret');
  });
  afterAll(async () => {
    await sms?.close();
    await quiet?.close();
  });

  it('turns SMS off until the platform has an SMS channel, which sends codes once it has the 验证码 template', async () => {
    const anon = new ApiClient(quiet.app);
    const { admin: platformAdmin } = await demoTenantClients(quiet.app);
    expect((await anon.get<{ smsLoginEnabled: boolean }>('/oauthToken/getConfig')).obj.smsLoginEnabled).toBe(false);
    expect(await anon.get('/oauth/sendLoginSms', { phone: ADMIN_PHONE })).toMatchObject({ flag: 400, msg: '短信登录未开启' });
    expect(await platformAdmin.postJson(`${USER}sendSmsCode.json`, { phone: '13612340001' })).toMatchObject({ flag: 400, msg: '短信服务未开启' });

    // a channel without the 验证码 template: the code is not sent, and 推送记录 says why
    const first = await post<NotifyChannelView>(platformAdmin, NotifyApi.saveChannel, {
      kind: 'aliyun-sms', name: '平台短信', enabled: true,
      values: { accessKeyId: 'LTAI-none', accessKeySecret: 'none-secret', signName: '天路平台', templateCode: 'SMS_100', endpoint: `${sms.origin}/` },
    });
    expect(first.flag).toBe(1);
    expect(await anon.get('/oauth/sendLoginSms', { phone: ADMIN_PHONE })).toMatchObject({ flag: 400, msg: '短信发送失败，请稍后重试' });
    expect((await records(platformAdmin)).list[0]).toMatchObject({ purpose: '登录验证码', status: '推送失败', lastError: '短信渠道未配置验证码模板，短信未发送' });
    expect(sms.received).toHaveLength(0);

    const saved = await post(platformAdmin, NotifyApi.saveChannel, {
      id: first.obj.id, kind: 'aliyun-sms', name: '平台短信', enabled: true, values: { ...first.obj.values, codeTemplateCode: 'SMS_200' },
    });
    expect(saved.flag).toBe(1);
    expect((await anon.get<{ smsLoginEnabled: boolean }>('/oauthToken/getConfig')).obj.smsLoginEnabled).toBe(true);
    expect((await anon.get('/oauth/sendLoginSms', { phone: WULIU_PHONE })).flag).toBe(1);
    expect(sms.accepted).toMatchObject([{ phone: WULIU_PHONE, template: 'SMS_200' }]);
  });
});
