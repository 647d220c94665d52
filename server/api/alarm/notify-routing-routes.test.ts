import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_ROUTING_LIST_PATH as LIST, NOTIFY_ROUTING_SAVE_PATH as SAVE, ALARM_PUSH_SAVE_PATH, type NotifyRouting } from '../../../sdk/services/alarm-service';
import { defaultPushSettings } from '../../alarms/alarm-push-settings';
import { defaultRouting } from '../../alarms/notify-routing';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 0 } });
  ({ admin, other } = await demoTenantClients(server.app));
});

afterAll(async () => {
  await server?.close();
});

const valid: NotifyRouting = {
  rules: [{ name: ' 紧急短信 ', alarmTypes: ['sos'], levels: ['urgent'], channels: ['sms', 'dingtalk'], emails: ['unused@example.com'], phones: ['13800138000', '13800138000'] }],
  quietHours: { enabled: true, start: '22:00', end: '07:00', minLevel: 'urgent' },
  escalation: { enabled: true, afterMinutes: 15, minLevel: 'normal', channels: ['email'], emails: ['boss@example.com'], phones: [] },
};

describe('推送规则 (推送设置)', () => {
  it('answers the defaults, then saves and normalises the tenant’s own', async () => {
    expect((await admin.postJson(LIST, {})).obj).toEqual(defaultRouting());
    const saved = await admin.postJson<NotifyRouting>(SAVE, valid);
    expect(saved.flag).toBe(1);
    expect(saved.obj.rules).toEqual([{ name: '紧急短信', alarmTypes: ['sos'], levels: ['urgent'], channels: ['sms', 'dingtalk'], emails: [], phones: ['13800138000'] }]);
    expect((await admin.postJson(LIST, {})).obj).toEqual(saved.obj);
    expect((await other.postJson(LIST, {})).obj).toEqual(defaultRouting());
  });

  it('refuses bad rules, quiet hours and escalation in Chinese and keeps what was saved', async () => {
    const before = (await admin.postJson(LIST, {})).obj;
    const bad = async (patch: Partial<NotifyRouting>, msg: string) => expect(await admin.postJson(SAVE, { ...valid, ...patch })).toMatchObject({ flag: 400, msg });
    const rule = valid.rules[0]!;
    await bad({ rules: [{ ...rule, name: '  ' }] }, '请填写第 1 条规则的名称');
    await bad({ rules: [rule, rule] }, '规则名称「紧急短信」重复');
    await bad({ rules: [{ ...rule, channels: [] }] }, '规则「紧急短信」请至少选择一个推送通道');
    await bad({ rules: [{ ...rule, phones: [] }] }, '规则「紧急短信」选择了短信，请填写接收手机号');
    await bad({ rules: [{ ...rule, phones: ['12345'] }] }, '规则「紧急短信」的手机号格式不正确：12345');
    await bad({ rules: [{ ...rule, alarmTypes: ['nope'] }] }, '规则「紧急短信」的告警类型 nope 不存在');
    await bad({ rules: [{ ...rule, channels: ['webhook'] }] }, '规则「紧急短信」选择了 Webhook，请先在上方填写 Webhook 地址并保存');
    await bad({ quietHours: { ...valid.quietHours, start: '25:00' } }, '免打扰开始时间应为 HH:MM，例如 22:00');
    await bad({ quietHours: { ...valid.quietHours, end: '22:00' } }, '免打扰的开始时间和结束时间不能相同');
    await bad({ escalation: { ...valid.escalation, afterMinutes: 0 } }, '升级时间应为 1 到 1440 分钟的整数');
    await bad({ escalation: { ...valid.escalation, channels: [] } }, '告警升级请至少选择一个推送通道');
    await bad({ escalation: { ...valid.escalation, emails: [] } }, '告警升级选择了邮件，请填写接收邮箱');
    expect((await admin.postJson(LIST, {})).obj).toEqual(before);

    // with the Webhook address saved above, a rule may choose it
    expect((await admin.postJson(ALARM_PUSH_SAVE_PATH, { ...defaultPushSettings(), webhook: { enabled: true, url: 'https://hooks.example.com/a' } })).flag).toBe(1);
    expect((await admin.postJson(SAVE, { ...valid, rules: [{ ...rule, channels: ['webhook'] }] })).flag).toBe(1);
  });
});
