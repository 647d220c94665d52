import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifyApi } from '../../../sdk/contracts/notify';
import type { NotifyChannelView } from '../../../sdk/notify-channels';
import { AlarmPushApi } from '../../../sdk/contracts/kernel';
import type { NotifyRouting } from '../../../sdk/services/alarm-service';

const LIST = AlarmPushApi.routing.path;
const SAVE = AlarmPushApi.saveRouting.path;
import { defaultRouting } from '../../alarms/notify-routing';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
/** The tenant's robot and webhook, and the other tenant's robot. */
let robot = 0;
let hook = 0;
let foreign = 0;

const addChannel = async (client: ApiClient, body: object) => (await client.postJson<NotifyChannelView>(NotifyApi.saveChannel.path, body)).obj.id;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 0 } });
  ({ admin, other } = await demoTenantClients(server.app));
  robot = await addChannel(admin, { kind: 'dingtalk', name: '紧急群', enabled: true, values: { url: 'https://oapi.dingtalk.com/robot/send?access_token=a1', msgtype: 'text' } });
  hook = await addChannel(admin, { kind: 'webhook', name: '值班系统', enabled: true, values: { url: 'https://hooks.example.com/a', secret: 'routing-test-secret-0001' } });
  foreign = await addChannel(other, { kind: 'dingtalk', name: '别家的群', enabled: true, values: { url: 'https://oapi.dingtalk.com/robot/send?access_token=b2', msgtype: 'text' } });
});

afterAll(async () => {
  await server?.close();
});

const valid = (): NotifyRouting => ({
  rules: [{ name: ' 紧急短信 ', alarmTypes: ['sos'], levels: ['urgent'], channels: ['sms'], channelIds: [robot, robot], emails: ['unused@example.com'], phones: ['13800138000', '13800138000'] }],
  quietHours: { enabled: true, start: '22:00', end: '07:00', minLevel: 'urgent' },
  escalation: { enabled: true, afterMinutes: 15, minLevel: 'normal', channels: ['email'], channelIds: [hook], emails: ['boss@example.com'], phones: [] },
});

describe('推送规则 (推送设置)', () => {
  it('answers the defaults, then saves and normalises the tenant’s own', async () => {
    expect((await admin.postJson(LIST, {})).obj).toEqual(defaultRouting());
    const saved = await admin.postJson<NotifyRouting>(SAVE, valid());
    expect(saved.flag).toBe(1);
    expect(saved.obj.rules).toEqual([{ name: '紧急短信', alarmTypes: ['sos'], levels: ['urgent'], channels: ['sms'], channelIds: [robot], emails: [], phones: ['13800138000'] }]);
    expect(saved.obj.escalation).toMatchObject({ channels: ['email'], channelIds: [hook] });
    expect((await admin.postJson(LIST, {})).obj).toEqual(saved.obj);
    expect((await other.postJson(LIST, {})).obj).toEqual(defaultRouting());
  });

  it('refuses bad rules, quiet hours and escalation in Chinese and keeps what was saved', async () => {
    const before = (await admin.postJson(LIST, {})).obj;
    const bad = async (patch: Partial<NotifyRouting>, msg: string) => expect(await admin.postJson(SAVE, { ...valid(), ...patch })).toMatchObject({ flag: 400, msg });
    const rule = valid().rules[0]!;
    await bad({ rules: [{ ...rule, name: '  ' }] }, '请填写第 1 条规则的名称');
    await bad({ rules: [rule, rule] }, '规则名称「紧急短信」重复');
    await bad({ rules: [{ ...rule, channels: [], channelIds: [] }] }, '规则「紧急短信」请至少选择一个推送通道');
    // another tenant's channel is not there for this one
    await bad({ rules: [{ ...rule, channelIds: [foreign] }] }, `规则「紧急短信」选择的推送渠道（编号 ${foreign}）已删除，请取消选择后再保存`);
    await bad({ rules: [{ ...rule, phones: [] }] }, '规则「紧急短信」选择了短信，请填写接收手机号');
    await bad({ rules: [{ ...rule, phones: ['12345'] }] }, '规则「紧急短信」的手机号格式不正确：12345');
    await bad({ rules: [{ ...rule, alarmTypes: ['nope'] }] }, '规则「紧急短信」的告警类型 nope 不存在');
    await bad({ quietHours: { ...valid().quietHours, start: '25:00' } }, '免打扰开始时间应为 HH:MM，例如 22:00');
    await bad({ quietHours: { ...valid().quietHours, end: '22:00' } }, '免打扰的开始时间和结束时间不能相同');
    await bad({ escalation: { ...valid().escalation, afterMinutes: 0 } }, '升级时间应为 1 到 1440 分钟的整数');
    await bad({ escalation: { ...valid().escalation, channels: [], channelIds: [] } }, '告警升级请至少选择一个推送通道');
    await bad({ escalation: { ...valid().escalation, emails: [] } }, '告警升级选择了邮件，请填写接收邮箱');
    expect((await admin.postJson(LIST, {})).obj).toEqual(before);
  });

  it('keeps a disabled channel chosen, refuses a deleted one, and reads an older client’s kinds as every channel of that kind', async () => {
    await admin.postJson(NotifyApi.enableChannel.path, { id: robot, enabled: false });
    expect((await admin.postJson<NotifyRouting>(SAVE, valid())).obj.rules[0]!.channelIds).toEqual([robot]);
    await admin.postJson(NotifyApi.enableChannel.path, { id: robot, enabled: true });

    const gone = await addChannel(admin, { kind: 'feishu', name: '临时群', enabled: true, values: { url: 'https://open.feishu.cn/open-apis/bot/v2/hook/x' } });
    await admin.postJson(NotifyApi.deleteChannel.path, { id: gone });
    const before = (await admin.postJson(LIST, {})).obj;
    const refused = await admin.postJson(SAVE, { ...valid(), escalation: { ...valid().escalation, channelIds: [gone] } });
    expect(refused).toMatchObject({ flag: 400, msg: `告警升级选择的推送渠道（编号 ${gone}）已删除，请取消选择后再保存` });
    expect((await admin.postJson(LIST, {})).obj).toEqual(before);

    // an older client: kinds, no ids
    const { channelIds: _r, ...oldRule } = valid().rules[0]!;
    const { channelIds: _e, ...oldEscalation } = valid().escalation;
    const legacy = await admin.postJson<NotifyRouting>(SAVE, {
      ...valid(), rules: [{ ...oldRule, channels: ['sms', 'dingtalk', 'webhook'] }], escalation: { ...oldEscalation, channels: ['email', 'webhook'] },
    });
    expect(legacy.obj.rules[0]).toMatchObject({ channels: ['sms'], channelIds: [robot, hook] });
    expect(legacy.obj.escalation).toMatchObject({ channels: ['email'], channelIds: [hook] });
    expect((await admin.postJson(SAVE, { ...valid(), rules: [{ ...oldRule, channels: ['pager'] }] })).msg).toBe('规则「紧急短信」的推送通道 pager 不存在');
  });
});
