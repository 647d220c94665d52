import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmPushApi, AlarmApi, AlarmService, NotifyApi, ServiceProvider, type AlarmPushSettings, type AlarmService as Alarms } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchAlarmPush, prefetchAlarmSetting } from '../alarm/alarm-queries';
import AlarmPushPage from './alarm-push-page';
import AlarmSettingPage from './alarm-setting-page';

const CONTROL_LIST = AlarmApi.controlList.path;
const CONTROL_SAVE = AlarmApi.controlSave.path;
const PUSH_LIST = AlarmPushApi.settings.path;
const PUSH_SAVE = AlarmPushApi.save.path;
/** 告警设置's resource. */
const ALARM_CONTROL = 400301;

const PUSH: AlarmPushSettings = {
  popup: true,
  sound: true,
  alarmTypes: ['sos', 'overspeed'],
  email: { enabled: false, to: [] },
  sms: { enabled: false, phones: [] },
};

let kit: PageServer;
let tenantId: number;
let setterRole: number;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  tenantId = admin.tenantId;
  await store.alarms.settings.savePush(tenantId, PUSH, new Date());
  // a user holding 告警设置 only (the password is the demo admin's)
  setterRole = (await kit.addUser({ account: 'alarm_setter', name: '告警设置员', role: '告警设置员', resources: [ALARM_CONTROL] })).roleId;
});

afterAll(() => kit?.close());

type Item = { alarmType: string; enabled: boolean; level: string; thresholds: Record<string, number> };
const FOUR = ['sos', 'fatigue', 'platformOverspeed', 'parking'];
const sentItems = () => (kit.requests(CONTROL_SAVE).at(-1)!.body as { items: Item[] }).items;

describe('告警设置', () => {
  it('lists the alarm types under 终端告警 and 平台告警 with switches and thresholds, and saves them', async () => {
    kit.forget();
    await kit.render(<AlarmSettingPage />);
    const terminal = await screen.findByRole('region', { name: '终端告警' });
    const platform = screen.getByRole('region', { name: '平台告警' });
    expect(within(terminal).getByText('紧急报警')).toBeTruthy();
    expect(within(terminal).queryByText('平台超速')).toBeNull();
    expect((within(platform).getByRole('textbox', { name: '平台超速限速' }) as HTMLInputElement).value).toBe('100');
    expect((within(platform).getByRole('switch', { name: '启用停车超时' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(within(terminal).getByRole('switch', { name: '启用疲劳驾驶' }));
    fireEvent.click(within(platform).getByRole('switch', { name: '启用停车超时' }));
    fireEvent.change(within(platform).getByRole('textbox', { name: '平台超速限速' }), { target: { value: '80' } });
    fireEvent.change(within(platform).getByRole('textbox', { name: '停车超时停车时长' }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(CONTROL_SAVE)[0]?.flag).toBe(1));
    // every type goes back; these four as changed
    expect(sentItems()).toHaveLength((kit.requests(CONTROL_LIST)[0]!.answer as unknown[]).length);
    expect(sentItems().filter((i) => FOUR.includes(i.alarmType))).toEqual([
      { alarmType: 'sos', enabled: true, level: 'urgent', thresholds: {} },
      { alarmType: 'fatigue', enabled: false, level: 'normal', thresholds: {} },
      { alarmType: 'platformOverspeed', enabled: true, level: 'normal', thresholds: { speedLimit: 80, minDurationSeconds: 10 } },
      { alarmType: 'parking', enabled: true, level: 'info', thresholds: { minutes: 30 } },
    ]);
    const saved = new Map((await kit.server.store.alarms.settings.controls(tenantId)).map((c) => [c.alarmType, c]));
    expect(saved.get('fatigue')).toMatchObject({ enabled: false });
    expect(saved.get('parking')).toMatchObject({ enabled: true, thresholds: { minutes: 30 } });
    expect(saved.get('platformOverspeed')).toMatchObject({ thresholds: { speedLimit: 80, minDurationSeconds: 10 } });
  });

  it('another tenant keeps its own settings', async () => {
    kit.forget();
    await kit.render(<AlarmSettingPage />, OTHER_TENANT);
    const platform = await screen.findByRole('region', { name: '平台告警' });
    expect((within(platform).getByRole('textbox', { name: '平台超速限速' }) as HTMLInputElement).value).toBe('100');
    expect((within(platform).getByRole('switch', { name: '启用停车超时' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows each type\'s level (紧急, 一般, 提示) beside its switch, marks the default, and saves the level chosen', async () => {
    kit.forget();
    await kit.render(<AlarmSettingPage />);
    const terminal = await screen.findByRole('region', { name: '终端告警' });
    const sos = within(terminal).getByRole('combobox', { name: '紧急报警级别' }) as HTMLSelectElement;
    expect(sos.value).toBe('urgent');
    expect([...sos.options].map((o) => o.text)).toEqual(['紧急（默认）', '一般', '提示']);
    const fatigue = within(terminal).getByRole('combobox', { name: '疲劳驾驶级别' }) as HTMLSelectElement;
    expect(fatigue.value).toBe('normal');
    fireEvent.change(fatigue, { target: { value: 'urgent' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(CONTROL_SAVE)[0]?.flag).toBe(1));
    expect(sentItems().filter((i) => FOUR.includes(i.alarmType)).map((i) => [i.alarmType, i.level])).toEqual([['sos', 'urgent'], ['fatigue', 'urgent'], ['platformOverspeed', 'normal'], ['parking', 'info']]);
    // the page shows what the server saved
    await waitFor(() => expect((within(terminal).getByRole('combobox', { name: '疲劳驾驶级别' }) as HTMLSelectElement).value).toBe('urgent'));
    expect([...(within(terminal).getByRole('combobox', { name: '疲劳驾驶级别' }) as HTMLSelectElement).options].map((o) => o.text)).toEqual(['紧急', '一般（默认）', '提示']);
  });

  it('refuses thresholds out of range or not whole numbers, in Chinese, and sends nothing', async () => {
    kit.forget();
    await kit.render(<AlarmSettingPage />);
    const platform = await screen.findByRole('region', { name: '平台告警' });
    fireEvent.change(within(platform).getByRole('textbox', { name: '平台超速限速' }), { target: { value: '301' } });
    fireEvent.change(within(platform).getByRole('textbox', { name: '平台超速持续时间' }), { target: { value: '1.5' } });
    fireEvent.change(within(platform).getByRole('textbox', { name: '停车超时停车时长' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('平台超速限速应在 1~300 之间')).toBeTruthy();
    expect(screen.getByText('平台超速持续时间必须是整数')).toBeTruthy();
    expect(screen.getByText('请输入停车超时停车时长')).toBeTruthy();
    expect(kit.requests(CONTROL_SAVE)).toHaveLength(0);
  });

  it("shows the server's refusal: 告警设置 was taken from the user's role meanwhile", async () => {
    kit.forget();
    await kit.render(<AlarmSettingPage />, { account: 'alarm_setter', password: 'Admin@123' });
    await screen.findByRole('region', { name: '平台告警' });
    await kit.server.store.db.deleteFrom('role_resources').where('role_id', '=', setterRole).execute();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('无权限访问')).toBeTruthy();
    expect(kit.requests(CONTROL_SAVE)[0]?.flag).toBe(403);
  });
});

describe('推送设置', () => {
  it('saves popup, sound, the types, e-mail and SMS; the alarm tip uses the saved settings at once', async () => {
    kit.forget();
    const { kernel } = await kit.render(<AlarmPushPage />);
    await screen.findByText('推送的告警类型（已选 2 种）');
    expect(kit.requests(PUSH_LIST)[0]?.answer).toMatchObject({ alarmTypes: ['sos', 'overspeed'] });
    expect((screen.getByRole('checkbox', { name: '紧急报警' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: '声音提醒' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '超速报警' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '进入围栏' }));
    fireEvent.click(screen.getByRole('switch', { name: '邮件推送' }));
    fireEvent.change(screen.getByRole('textbox', { name: /接收邮箱/ }), { target: { value: 'ops@example.com\nboss@example.com, ops@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /接收手机号/ }), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(PUSH_SAVE)[0]?.flag).toBe(1));
    const expected = {
      popup: true,
      sound: false,
      alarmTypes: ['sos', 'fenceEnter'],
      email: { enabled: true, to: ['ops@example.com', 'boss@example.com'] },
      sms: { enabled: false, phones: ['13800138000'] },
    };
    expect(kit.requests(PUSH_SAVE)[0]!.body).toEqual(expected);
    await waitFor(() => expect(kernel.get<Alarms>(AlarmService).push?.sound).toBe(false));
    expect(await kit.server.store.alarms.settings.push(tenantId)).toMatchObject(expected);
  });

  it('has no webhook of its own: it points to 推送渠道, where webhooks and robots are added', async () => {
    kit.forget();
    await kit.render(<AlarmPushPage />);
    const section = await screen.findByRole('region', { name: 'Webhook 与机器人' });
    expect(within(section).getByText(/Webhook 和钉钉、企业微信、飞书机器人在「推送渠道」中添加/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Webhook 推送' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Webhook 地址' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: '前往推送渠道' }));
    await waitFor(() => expect(window.location.pathname).toBe('/center/notifyChannel'));
  });

  it('offers the alarm types of the user’s sub-applications under 平台告警: 电动车租赁’s 租约逾期 from its declaration', async () => {
    await kit.render(<AlarmPushPage />, undefined, { plugins: true });
    await screen.findByText('推送的告警类型（已选 2 种）');
    const platform = screen.getByText('平台告警').parentElement!;
    expect(within(platform).getByRole('checkbox', { name: '租约逾期' })).toBeTruthy();
    expect(within(platform).getByRole('checkbox', { name: '平台超速' })).toBeTruthy();
  });

  it('does not offer them to a user whose role lacks the sub-application', async () => {
    const who = await kit.addUser({ account: 'push_no_lease', platforms: [8], resources: [400302] });
    await kit.render(<AlarmPushPage />, who, { plugins: true });
    await screen.findByText('推送的告警类型（已选 2 种）');
    expect(screen.getByRole('checkbox', { name: '平台超速' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: '租约逾期' })).toBeNull();
  });

  it('refuses a bad e-mail or phone, and enabled channels without recipients', async () => {
    await kit.server.store.alarms.settings.savePush(tenantId, PUSH, new Date());
    kit.forget();
    await kit.render(<AlarmPushPage />);
    await screen.findByText('推送的告警类型（已选 2 种）');
    fireEvent.click(screen.getByRole('switch', { name: '邮件推送' }));
    fireEvent.change(screen.getByRole('textbox', { name: /接收手机号/ }), { target: { value: '13800138000\n12345' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请至少填写一个接收邮箱')).toBeTruthy();
    expect(screen.getByText('手机号格式不正确：12345')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /接收邮箱/ }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('邮箱格式不正确：not-an-email')).toBeTruthy();
    expect(kit.requests(PUSH_SAVE)).toHaveLength(0);
  });
});

describe('告警设置 and 推送设置 asked ahead by their routes', () => {
  it('告警设置: asks the alarm controls beside the page’s code; the page’s first load takes the answer', async () => {
    const kernel = await kit.askAhead(prefetchAlarmSetting, [CONTROL_LIST]);
    render(<ServiceProvider container={kernel}><AlarmSettingPage /></ServiceProvider>);
    const terminal = await screen.findByRole('region', { name: '终端告警' });
    expect(within(terminal).getByText('紧急报警')).toBeTruthy();
    // nothing asked a second time
    expect(kit.requests(CONTROL_LIST)).toHaveLength(1);
  });

  it('推送设置: asks its settings, the routing and the channels beside the page’s code; the page’s first load takes those answers', async () => {
    const asked = [PUSH_LIST, AlarmPushApi.routing.path, NotifyApi.channels.path];
    const kernel = await kit.askAhead(prefetchAlarmPush, asked);
    render(<ServiceProvider container={kernel}><AlarmPushPage /></ServiceProvider>);
    expect(await screen.findByText(/^推送的告警类型（已选 \d+ 种）$/)).toBeTruthy();
    expect(await screen.findByRole('region', { name: '推送规则' })).toBeTruthy();
    // nothing asked a second time
    expect(kit.askedTimes(asked)).toEqual([1, 1, 1]);
  });
});
