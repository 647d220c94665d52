import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_TYPES } from '../../alarms/alarm-catalogue';
import type { Alarm } from '../../alarms/alarm-model';
import { hashPassword } from '../../auth/password-hasher';
import { DEMO_TENANT } from '../../store/seed-demo';
import { ApiClient, demoTenantClients } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';
import type { AlarmControlInfo } from './alarm-control-routes';

const LIST_CONTROL = '/car/v4/api/alarm/control/listAlarmControlInfo.json';
const CONFIG_CONTROL = '/car/v4/api/alarm/control/configAlarmControl.json';
const LIST_PUSH = '/car/v4/api/alarm/push/listAlarmPushInfo.json';
const CONFIG_PUSH = '/car/v4/api/alarm/push/configAlarmPush.json';
const HISTORY = '/car/v1/accelerate/report/alarm/newQueryAlarm';
const PROCESS = '/car/v1/api/monitor/processAlarm';
const START = '2026-05-01T00:00:00+08:00';
const END = '2026-05-02T00:00:00+08:00';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
/** 上海车队 only, every resource. */
let shanghaiOnly: ApiClient;
/** Only 实时监控 (and the centre pages every role holds): no 告警中心, no 告警设置 or 推送设置. */
let watcher: ApiClient;
const groups = new Map<string, number>();
const alarmIds: Record<'beijing' | 'shanghai', number> = { beijing: 0, shanghai: 0 };

async function userWithRole(account: string, roleName: string, resources: number[] | 'all', groupName?: string): Promise<ApiClient> {
  const { store } = server;
  const tenant = (await store.org.findTenantByName(DEMO_TENANT))!;
  const role = await store.org.ensureRole(tenant.id, roleName);
  const all = (await store.catalogue.listResources()).map((r) => r.id);
  await store.org.grantPlatforms(role.id, [8, 20]);
  await store.org.grantResources(role.id, resources === 'all' ? all : resources);
  const id = await store.users.create({
    account, passwordHash: await hashPassword('Pass@1234'), name: account, phone: null, tenantId: tenant.id, roleId: role.id, passwordChangedAt: new Date(0),
  });
  if (groupName) await store.db.insertInto('user_groups').values({ user_id: id, group_id: groups.get(groupName)! }).execute();
  const client = new ApiClient(server.app);
  expect((await client.login(account, 'Pass@1234')).flag).toBe(1);
  return client;
}

async function raise(terminalNo: string, alarmType: string): Promise<number> {
  const t = (await server.store.fleet.terminalAuth(terminalNo))!;
  const row = await server.store.alarms.open({
    tenantId: t.tenantId, terminalId: t.terminalId, alarmType, source: 'terminal', startTime: new Date('2026-05-01T10:00:00+08:00'),
    lon: 116.4, lat: 39.9, speed: 30, detail: { bit: 0 },
  });
  return row!.id;
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 3 } });
  ({ admin, other } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  for (const g of await server.store.fleet.groups(tenant.id)) groups.set(g.name, g.id);
  shanghaiOnly = await userWithRole('sh_ops', '上海调度', 'all', '上海车队');
  watcher = await userWithRole('watcher', '监控员', [8100]);
  alarmIds.beijing = await raise('13800000001', 'sos');
  alarmIds.shanghai = await raise('13800000002', 'powerCut');
});
afterAll(() => server.close());

describe('alarm controls (告警设置)', () => {
  it('lists every type with defaults until the tenant saves, then its own values', async () => {
    const before = await admin.postJson<AlarmControlInfo[]>(LIST_CONTROL, {});
    expect(before.obj.map((c) => c.alarmType)).toEqual(ALARM_TYPES.map((t) => t.alarmType));
    expect(before.obj.find((c) => c.alarmType === 'sos')).toEqual({
      alarmType: 'sos', alarmName: '紧急报警', source: 'terminal', enabled: true, level: 'urgent', defaultLevel: 'urgent', lifecycle: 'event', thresholds: {},
    });
    expect(before.obj.find((c) => c.alarmType === 'parking')).toMatchObject({ enabled: false, thresholds: { minutes: 60 } });
    expect(before.obj.find((c) => c.alarmType === 'platformOverspeed')).toMatchObject({ enabled: true, thresholds: { speedLimit: 100, minDurationSeconds: 10 } });

    const saved = await admin.postJson<AlarmControlInfo[]>(CONFIG_CONTROL, {
      items: [{ alarmType: 'platformOverspeed', enabled: true, thresholds: { speedLimit: 80 } }, { alarmType: 'parking', enabled: true }],
    });
    expect(saved.flag).toBe(1);
    expect(saved.obj.find((c) => c.alarmType === 'platformOverspeed')!.thresholds).toEqual({ speedLimit: 80, minDurationSeconds: 10 });
    expect((await admin.postJson<AlarmControlInfo[]>(LIST_CONTROL, {})).obj.find((c) => c.alarmType === 'parking')).toMatchObject({ enabled: true, thresholds: { minutes: 60 } });
    expect((await other.postJson<AlarmControlInfo[]>(LIST_CONTROL, {})).obj.find((c) => c.alarmType === 'parking')!.enabled).toBe(false);

    const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
    const log = await server.store.audit.page({ tenantIds: [tenant.id], keyword: '告警设置', offset: 0, limit: 5 });
    expect(log.list[0]).toMatchObject({ action: '修改告警设置', account: 'admin' });
  });

  it('refuses bad items in Chinese and saves nothing of the request', async () => {
    const before = (await admin.postJson(LIST_CONTROL, {})).obj;
    const bad = async (items: unknown, msg: string) => expect(await admin.postJson(CONFIG_CONTROL, { items })).toMatchObject({ flag: 400, msg });
    await bad([{ alarmType: 'sos', enabled: false }, { alarmType: 'teleport', enabled: true }], '告警类型 teleport 不存在');
    await bad([{ alarmType: 'sos', enabled: false }, { alarmType: 'platformOverspeed', enabled: true, thresholds: { speedLimit: 500 } }], '平台超速的限速必须在 1 到 300 之间');
    await bad([{ alarmType: 'offline', enabled: true, thresholds: { minutes: 2.5 } }], '离线超时的离线时长必须是整数');
    await bad([{ alarmType: 'sos', enabled: true, thresholds: { minutes: 5 } }], '紧急报警不支持阈值 minutes');
    await bad([{ alarmType: 'sos', enabled: true }, { alarmType: 'sos', enabled: false }], '告警类型 sos 重复');
    await bad([], '告警设置不能为空');
    await bad([{ alarmType: 'sos' }], '是否开启不能为空');
    await bad([{ alarmType: 'sos', enabled: true, level: 'normal' }, { alarmType: 'vibration', enabled: true, level: 'critical' }], '震动告警的告警级别必须是 紧急（urgent）、一般（normal）或 提示（info）');
    expect((await admin.postJson(LIST_CONTROL, {})).obj).toEqual(before);
  });

  it('gives every type a level (紧急, 一般, 提示) the tenant may change; its alarms carry the level it set', async () => {
    const levels = async (api: ApiClient) => new Map((await api.postJson<AlarmControlInfo[]>(LIST_CONTROL, {})).obj.map((c) => [c.alarmType, c.level]));
    const defaults = await levels(admin);
    expect([...defaults.values()].every((l) => ['urgent', 'normal', 'info'].includes(l))).toBe(true);
    expect(['sos', 'powerCut', 'leaveSafeZone', 'heartRateAbnormal', 'temperatureHigh', 'spoofSuspected', 'fall'].map((t) => defaults.get(t))).toEqual(Array(7).fill('urgent'));
    expect(['vibration', 'platformOverspeed', 'fenceExit'].map((t) => defaults.get(t))).toEqual(Array(3).fill('normal'));
    expect(['lowBattery', 'offline'].map((t) => defaults.get(t))).toEqual(['info', 'info']);
    const sosAlarm = async (api: ApiClient) =>
      (await api.get<{ list: Alarm[] }>(HISTORY, { start: START, end: END, alarmType: 'sos', pageSize: 10 })).obj.list.find((a) => a.id === alarmIds.beijing);
    expect((await sosAlarm(admin))!.level).toBe('urgent');

    try {
      const saved = await admin.postJson<AlarmControlInfo[]>(CONFIG_CONTROL, { items: [{ alarmType: 'sos', enabled: true, level: 'info' }] });
      expect(saved.obj.find((c) => c.alarmType === 'sos')).toMatchObject({ level: 'info', defaultLevel: 'urgent' });
      expect((await levels(admin)).get('sos')).toBe('info');
      // another tenant keeps the default
      expect((await levels(other)).get('sos')).toBe('urgent');
      expect((await sosAlarm(admin))!.level).toBe('info');
      // saving the switch alone keeps the level
      await admin.postJson(CONFIG_CONTROL, { items: [{ alarmType: 'sos', enabled: true }] });
      expect((await levels(admin)).get('sos')).toBe('info');
    } finally {
      await admin.postJson(CONFIG_CONTROL, { items: [{ alarmType: 'sos', enabled: true, level: 'urgent' }] });
    }
  });
});

describe('push settings (推送设置)', () => {
  const valid = {
    popup: false, sound: true, alarmTypes: ['sos', 'fenceEnter'],
    email: { enabled: true, to: ['ops@example.com', ' ops@example.com '] }, sms: { enabled: false, phones: [] },
  };

  it('answers defaults, then saves and normalises the tenant’s own', async () => {
    const defaults = await admin.postJson<{ popup: boolean; alarmTypes: string[] }>(LIST_PUSH, {});
    expect(defaults.obj).toMatchObject({ popup: true, sound: true, email: { enabled: false, to: [] }, sms: { enabled: false, phones: [] } });
    // webhooks are channels of 推送渠道
    expect(defaults.obj).not.toHaveProperty('webhook');
    expect(defaults.obj.alarmTypes).toHaveLength(ALARM_TYPES.length);
    const saved = await admin.postJson(CONFIG_PUSH, valid);
    expect(saved).toMatchObject({ flag: 1, obj: { ...valid, email: { enabled: true, to: ['ops@example.com'] } } });
    expect((await admin.postJson(LIST_PUSH, {})).obj).toEqual(saved.obj);
    expect((await other.postJson<{ popup: boolean }>(LIST_PUSH, {})).obj.popup).toBe(true);
    // an older client's webhook field, switched off, is taken and ignored
    expect(await admin.postJson(CONFIG_PUSH, { ...valid, webhook: { enabled: false, url: '' } })).toMatchObject({ flag: 1, obj: saved.obj });
  });

  it('refuses bad addresses in Chinese and keeps what was saved', async () => {
    const before = (await admin.postJson(LIST_PUSH, {})).obj;
    const bad = async (patch: object, msg: string) => expect(await admin.postJson(CONFIG_PUSH, { ...valid, ...patch })).toMatchObject({ flag: 400, msg });
    await bad({ webhook: { enabled: true, url: 'https://hooks.example.com/tianlu' } }, 'Webhook 已移至「推送渠道」，请在推送渠道页面添加 Webhook 渠道');
    await bad({ email: { enabled: true, to: ['not-an-address'] } }, '邮箱格式不正确：not-an-address');
    await bad({ sms: { enabled: true, phones: [] } }, '请填写接收手机号');
    await bad({ sms: { enabled: false, phones: ['12345'] } }, '手机号格式不正确：12345');
    await bad({ alarmTypes: ['sos', 'nope'] }, '告警类型 nope 不存在');
    await bad({ popup: 'yes' }, '弹窗提醒必须是布尔值');
    expect((await admin.postJson(LIST_PUSH, {})).obj).toEqual(before);
  });
});

describe('alarm history within the caller’s scope', () => {
  it('shows a group-scoped user only the alarms of its groups', async () => {
    const mine = await shanghaiOnly.get<{ total: number; list: Alarm[] }>(HISTORY, { start: START, end: END });
    expect(mine.obj.list.map((a) => a.id)).toEqual([alarmIds.shanghai]);
    expect(mine.obj.list[0]).toMatchObject({ alarmType: 'powerCut', alarmName: '终端主电源掉电', groupName: '上海车队', startTime: '2026-05-01T10:00:00+08:00', endTime: null, status: 0 });
    expect(await shanghaiOnly.postJson(PROCESS, { ids: [alarmIds.beijing], note: '不是我的车' })).toMatchObject({ flag: 404 });
    expect(await shanghaiOnly.postJson(PROCESS, { ids: [alarmIds.shanghai, alarmIds.beijing], note: '批量' })).toMatchObject({ flag: 404 });
    expect(await shanghaiOnly.get(HISTORY, { start: START, end: END, groupId: groups.get('北京车队')! })).toMatchObject({ flag: 404, msg: '分组不存在' });
    const all = await admin.get<{ total: number }>(HISTORY, { start: START, end: END });
    expect(all.obj.total).toBe(2);
    // nothing of the refused batch was processed
    expect((await admin.get<{ list: Alarm[] }>(HISTORY, { start: START, end: END, status: 1 })).obj.list).toEqual([]);
  });

  it('filters by group subtree, type, status and keyword', async () => {
    const q = (extra: Record<string, string | number>) => admin.get<{ total: number; list: Alarm[] }>(HISTORY, { start: START, end: END, ...extra });
    expect((await q({ groupId: groups.get('华东区域')! })).obj.list.map((a) => a.id)).toEqual([alarmIds.shanghai]);
    expect((await q({ alarmType: 'sos,fatigue' })).obj.list.map((a) => a.id)).toEqual([alarmIds.beijing]);
    expect((await q({ keyword: '013800000001' })).obj.list.map((a) => a.id)).toEqual([alarmIds.beijing]);
    expect((await admin.postJson(PROCESS, { ids: [alarmIds.beijing], note: '已电话联系司机' })).obj).toEqual({ updated: 1 });
    expect((await q({ status: 1 })).obj.list.map((a) => [a.id, a.processNote])).toEqual([[alarmIds.beijing, '已电话联系司机']]);
    expect((await q({ status: 0 })).obj.list.map((a) => a.id)).toEqual([alarmIds.shanghai]);
  });

  it('validates the query and the note in Chinese', async () => {
    expect(await admin.get(HISTORY, { end: END })).toMatchObject({ flag: 400, msg: '开始时间不能为空' });
    expect(await admin.get(HISTORY, { start: START, end: '2026-06-05T00:00:00+08:00' })).toMatchObject({ flag: 400, msg: '查询时间范围不能超过 31 天' });
    expect(await admin.get(HISTORY, { start: END, end: START })).toMatchObject({ flag: 400, msg: '结束时间不能早于开始时间' });
    expect(await admin.get(HISTORY, { start: START, end: END, alarmType: 'sos,meteor' })).toMatchObject({ flag: 400, msg: '告警类型 meteor 不存在' });
    expect(await admin.get(HISTORY, { start: START, end: END, status: 2 })).toMatchObject({ flag: 400, msg: '处理状态不能大于 1' });
    expect(await admin.postJson(PROCESS, { ids: [alarmIds.shanghai], note: '   ' })).toMatchObject({ flag: 400, msg: '处理意见不能为空' });
    expect(await admin.postJson(PROCESS, { ids: [alarmIds.shanghai], note: '长'.repeat(201) })).toMatchObject({ flag: 400, msg: '处理意见长度不能超过 200 个字符' });
    expect(await admin.postJson(PROCESS, { ids: [], note: '好' })).toMatchObject({ flag: 400, msg: '告警不能为空' });
    expect((await admin.get<{ list: Alarm[] }>(HISTORY, { start: START, end: END, status: 0 })).obj.list.map((a) => a.id)).toEqual([alarmIds.shanghai]);
  });
});

describe('permissions', () => {
  it('needs 400301 / 400302 to read or change the tenant\'s alarm and push settings', async () => {
    expect((await watcher.postJson(LIST_CONTROL, {})).flag).toBe(403);
    expect((await watcher.postJson(CONFIG_CONTROL, { items: [{ alarmType: 'sos', enabled: false }] })).flag).toBe(403);
    expect((await watcher.postJson('/car/v4/api/alarm/push/configAlarmPush.json', {})).flag).toBe(403);
    const settings = await admin.postJson<{ alarmType: string; enabled: boolean }[]>(LIST_CONTROL, {});
    expect(settings.obj.find((s) => s.alarmType === 'sos')?.enabled).toBe(true);
  });

  it('needs 8300 for the alarm queries and processing', async () => {
    expect((await watcher.get(HISTORY, { start: START, end: END })).flag).toBe(403);
    expect((await watcher.get('/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json')).flag).toBe(403);
    expect((await watcher.get('/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json')).flag).toBe(403);
    expect((await watcher.postJson(PROCESS, { ids: [alarmIds.shanghai], note: '越权' })).flag).toBe(403);
    expect((await admin.get<{ list: Alarm[] }>(HISTORY, { start: START, end: END, status: 0 })).obj.list.map((a) => a.id)).toEqual([alarmIds.shanghai]);
  });
});
