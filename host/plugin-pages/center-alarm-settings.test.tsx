import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlarmService, ServiceProvider, type AlarmPushSettings, type AlarmService as Alarms } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, ok } from '../../core/test/fake-server';
import AlarmPushPage from '../../plugins/center/pages/alarm-push-page';
import AlarmSettingPage from '../../plugins/center/pages/alarm-setting-page';


const CONTROL_LIST = '/car/v4/api/alarm/control/listAlarmControlInfo.json';
const CONTROL_SAVE = '/car/v4/api/alarm/control/configAlarmControl.json';
const PUSH_LIST = '/car/v4/api/alarm/push/listAlarmPushInfo.json';
const PUSH_SAVE = '/car/v4/api/alarm/push/configAlarmPush.json';

const CONTROLS = [
  { alarmType: 'sos', alarmName: '紧急报警', source: 'terminal', enabled: true, level: 'urgent', defaultLevel: 'urgent', lifecycle: 'event', thresholds: {} },
  { alarmType: 'fatigue', alarmName: '疲劳驾驶', source: 'terminal', enabled: true, level: 'normal', defaultLevel: 'normal', lifecycle: 'condition', thresholds: {} },
  {
    alarmType: 'platformOverspeed', alarmName: '平台超速', source: 'platform', enabled: true, level: 'normal', defaultLevel: 'normal', lifecycle: 'condition',
    thresholds: { speedLimit: 100, minDurationSeconds: 10 },
  },
  { alarmType: 'parking', alarmName: '停车超时', source: 'platform', enabled: false, level: 'info', defaultLevel: 'info', lifecycle: 'condition', thresholds: { minutes: 60 } },
];

const PUSH: AlarmPushSettings = {
  popup: true,
  sound: true,
  alarmTypes: ['sos', 'overspeed'],
  webhook: { enabled: false, url: '' },
  email: { enabled: false, to: [] },
  sms: { enabled: false, phones: [] },
};

function renderPage(page: 'setting' | 'push', server: FakeServer) {
  const container = createKernel({ httpAdapter: server.adapter });
  render(<ServiceProvider container={container}>{page === 'setting' ? <AlarmSettingPage /> : <AlarmPushPage />}</ServiceProvider>);
  return container;
}

describe('告警设置', () => {
  it('lists the alarm types under 终端告警 and 平台告警 with switches and thresholds, and saves them', async () => {
    const server = new FakeServer().on('POST', CONTROL_LIST, ok(CONTROLS)).on('POST', CONTROL_SAVE, (req) => ok((req.body as { items: unknown[] }).items.map((i, n) => ({ ...CONTROLS[n], ...(i as object) }))));
    renderPage('setting', server);
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
    await waitFor(() => expect(server.to(CONTROL_SAVE)).toHaveLength(1));
    expect(server.to(CONTROL_SAVE)[0]!.body).toEqual({
      items: [
        { alarmType: 'sos', enabled: true, level: 'urgent', thresholds: {} },
        { alarmType: 'fatigue', enabled: false, level: 'normal', thresholds: {} },
        { alarmType: 'platformOverspeed', enabled: true, level: 'normal', thresholds: { speedLimit: 80, minDurationSeconds: 10 } },
        { alarmType: 'parking', enabled: true, level: 'info', thresholds: { minutes: 30 } },
      ],
    });
  });

  it('shows each type\'s level (紧急, 一般, 提示) beside its switch, marks the default, and saves the level chosen', async () => {
    const saved = CONTROLS.map((c) => (c.alarmType === 'fatigue' ? { ...c, level: 'urgent' } : c));
    const server = new FakeServer().on('POST', CONTROL_LIST, ok(CONTROLS)).on('POST', CONTROL_SAVE, ok(saved));
    renderPage('setting', server);
    const terminal = await screen.findByRole('region', { name: '终端告警' });
    const sos = within(terminal).getByRole('combobox', { name: '紧急报警级别' }) as HTMLSelectElement;
    expect(sos.value).toBe('urgent');
    expect([...sos.options].map((o) => o.text)).toEqual(['紧急（默认）', '一般', '提示']);
    const fatigue = within(terminal).getByRole('combobox', { name: '疲劳驾驶级别' }) as HTMLSelectElement;
    expect(fatigue.value).toBe('normal');
    fireEvent.change(fatigue, { target: { value: 'urgent' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.to(CONTROL_SAVE)).toHaveLength(1));
    const items = (server.to(CONTROL_SAVE)[0]!.body as { items: { alarmType: string; level: string }[] }).items;
    expect(items.map((i) => [i.alarmType, i.level])).toEqual([['sos', 'urgent'], ['fatigue', 'urgent'], ['platformOverspeed', 'normal'], ['parking', 'info']]);
    // the page shows what the server saved
    await waitFor(() => expect((within(terminal).getByRole('combobox', { name: '疲劳驾驶级别' }) as HTMLSelectElement).value).toBe('urgent'));
    expect([...(within(terminal).getByRole('combobox', { name: '疲劳驾驶级别' }) as HTMLSelectElement).options].map((o) => o.text)).toEqual(['紧急', '一般（默认）', '提示']);
  });

  it('refuses thresholds out of range or not whole numbers, in Chinese, and sends nothing', async () => {
    const server = new FakeServer().on('POST', CONTROL_LIST, ok(CONTROLS)).on('POST', CONTROL_SAVE, ok(CONTROLS));
    renderPage('setting', server);
    const platform = await screen.findByRole('region', { name: '平台告警' });
    fireEvent.change(within(platform).getByRole('textbox', { name: '平台超速限速' }), { target: { value: '301' } });
    fireEvent.change(within(platform).getByRole('textbox', { name: '平台超速持续时间' }), { target: { value: '1.5' } });
    fireEvent.change(within(platform).getByRole('textbox', { name: '停车超时停车时长' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('平台超速限速应在 1~300 之间')).toBeTruthy();
    expect(screen.getByText('平台超速持续时间必须是整数')).toBeTruthy();
    expect(screen.getByText('请输入停车超时停车时长')).toBeTruthy();
    expect(server.to(CONTROL_SAVE)).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    const server = new FakeServer().on('POST', CONTROL_LIST, ok(CONTROLS)).on('POST', CONTROL_SAVE, flag(403, '没有权限'));
    renderPage('setting', server);
    await screen.findByRole('region', { name: '平台告警' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('没有权限')).toBeTruthy();
  });
});

describe('推送设置', () => {
  it('saves popup, sound, the types, webhook, e-mail and SMS; the alarm tip uses the saved settings at once', async () => {
    const server = new FakeServer().on('POST', PUSH_LIST, ok(PUSH)).on('POST', PUSH_SAVE, (req) => ok(req.body));
    const container = renderPage('push', server);
    await screen.findByText('推送的告警类型（已选 2 种）');
    expect((screen.getByRole('checkbox', { name: '紧急报警' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: '声音提醒' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '超速报警' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '进入围栏' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Webhook 推送' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Webhook 地址' }), { target: { value: ' https://hooks.example.com/alarm ' } });
    fireEvent.click(screen.getByRole('switch', { name: '邮件推送' }));
    fireEvent.change(screen.getByRole('textbox', { name: /接收邮箱/ }), { target: { value: 'ops@example.com\nboss@example.com, ops@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /接收手机号/ }), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.to(PUSH_SAVE)).toHaveLength(1));
    expect(server.to(PUSH_SAVE)[0]!.body).toEqual({
      popup: true,
      sound: false,
      alarmTypes: ['sos', 'fenceEnter'],
      webhook: { enabled: true, url: 'https://hooks.example.com/alarm' },
      email: { enabled: true, to: ['ops@example.com', 'boss@example.com'] },
      sms: { enabled: false, phones: ['13800138000'] },
    });
    await waitFor(() => expect(container.get<Alarms>(AlarmService).push?.sound).toBe(false));
  });

  it('refuses a webhook that is not http(s), a bad e-mail or phone, and enabled channels without recipients', async () => {
    const server = new FakeServer().on('POST', PUSH_LIST, ok(PUSH)).on('POST', PUSH_SAVE, ok(PUSH));
    renderPage('push', server);
    await screen.findByText('推送的告警类型（已选 2 种）');
    fireEvent.change(screen.getByRole('textbox', { name: 'Webhook 地址' }), { target: { value: 'ftp://example.com/x' } });
    fireEvent.click(screen.getByRole('switch', { name: '邮件推送' }));
    fireEvent.change(screen.getByRole('textbox', { name: /接收手机号/ }), { target: { value: '13800138000\n12345' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('Webhook 地址必须是 http:// 或 https:// 开头的网址')).toBeTruthy();
    expect(screen.getByText('请至少填写一个接收邮箱')).toBeTruthy();
    expect(screen.getByText('手机号格式不正确：12345')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /接收邮箱/ }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('邮箱格式不正确：not-an-email')).toBeTruthy();
    expect(server.to(PUSH_SAVE)).toHaveLength(0);
  });
});
