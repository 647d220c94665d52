import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmPushApi } from '@tianlu/sdk';

const NOTIFY_ROUTING_SAVE_PATH = AlarmPushApi.saveRouting.path;
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import AlarmPushPage from './alarm-push-page';

let kit: PageServer;
let tenantId: number;
/** 推送渠道 of the tenant: two robots, a webhook, a disabled robot; and a channel since deleted. */
const ids = { sosGroup: 0, speedGroup: 0, duty: 0, old: 0, gone: 0 };

beforeAll(async () => {
  kit = await startPageServer();
  tenantId = (await kit.server.store.users.findByAccount('admin'))!.tenantId;
  const add = (kind: string, name: string, enabled = true) => kit.server.store.notify.addChannel({ tenantId, kind, name, enabled, config: {}, secret: null }, new Date());
  ids.sosGroup = await add('dingtalk', '紧急 SOS 群');
  ids.speedGroup = await add('feishu', '超速群');
  ids.duty = await add('webhook', '值班系统');
  ids.old = await add('wecom', '旧群', false);
  ids.gone = await add('wecom', '已删群');
  await kit.server.store.notify.deleteChannel(tenantId, ids.gone);
});

afterAll(() => kit?.close());

describe('推送设置: 推送规则, 免打扰时段, 告警升级', () => {
  it('adds a rule, sets quiet hours and escalation, and saves what the server keeps', async () => {
    kit.forget();
    await kit.render(<AlarmPushPage />);
    const rules = await screen.findByRole('region', { name: '推送规则' });
    fireEvent.click(within(rules).getByRole('button', { name: '添加规则' }));
    const rule = within(rules).getByRole('group', { name: '规则 1' });
    fireEvent.change(within(rule).getByRole('textbox', { name: '规则名称' }), { target: { value: '紧急短信' } });
    fireEvent.click(within(rule).getByRole('checkbox', { name: '紧急' }));
    fireEvent.click(within(rule).getByRole('checkbox', { name: '短信' }));
    // robots and webhooks by name
    fireEvent.click(within(rule).getByRole('checkbox', { name: '紧急 SOS 群（钉钉机器人）' }));
    expect(within(rule).getByRole('checkbox', { name: '旧群（企业微信机器人，已停用，不会推送）' })).toBeTruthy();
    expect(within(rule).queryByRole('checkbox', { name: /已删群/ })).toBeNull();
    fireEvent.change(within(rule).getByRole('textbox', { name: '接收手机号' }), { target: { value: '13800138000' } });
    const types = within(rule).getByRole('listbox', { name: '紧急短信告警类型' }) as HTMLSelectElement;
    for (const o of types.options) o.selected = o.value === 'sos' || o.value === 'powerCut';
    fireEvent.change(types);

    const quiet = screen.getByRole('region', { name: '免打扰时段' });
    fireEvent.click(within(quiet).getByRole('switch', { name: '免打扰时段' }));
    fireEvent.change(within(quiet).getByRole('textbox', { name: '开始（北京时间）' }), { target: { value: '23:00' } });
    expect(within(quiet).getByText(/时段结束后按接收人合并发送，不会丢弃/)).toBeTruthy();

    const esc = screen.getByRole('region', { name: '告警升级' });
    fireEvent.click(within(esc).getByRole('switch', { name: '告警升级' }));
    fireEvent.change(within(esc).getByRole('textbox', { name: '未处理超过（分钟）' }), { target: { value: '15' } });
    fireEvent.click(within(esc).getByRole('checkbox', { name: '邮件' }));
    fireEvent.click(within(esc).getByRole('checkbox', { name: '值班系统（Webhook）' }));
    fireEvent.change(within(esc).getByRole('textbox', { name: '升级接收邮箱' }), { target: { value: 'boss@example.com' } });

    fireEvent.click(screen.getByRole('button', { name: '保存推送规则' }));
    await waitFor(() => expect(kit.requests(NOTIFY_ROUTING_SAVE_PATH)[0]?.flag).toBe(1));
    expect(await kit.server.store.notify.routing(tenantId)).toEqual({
      rules: [{ name: '紧急短信', alarmTypes: ['sos', 'powerCut'], levels: ['urgent'], channels: ['sms'], channelIds: [ids.sosGroup], emails: [], phones: ['13800138000'] }],
      quietHours: { enabled: true, start: '23:00', end: '07:00', minLevel: 'urgent' },
      escalation: { enabled: true, afterMinutes: 15, minLevel: 'urgent', channels: ['email'], channelIds: [ids.duty], emails: ['boss@example.com'], phones: [] },
    });
  });

  it('refuses bad times, a rule without recipients or channels, in Chinese, and sends nothing', async () => {
    kit.forget();
    await kit.render(<AlarmPushPage />);
    const rules = await screen.findByRole('region', { name: '推送规则' });
    fireEvent.click(within(rules).getByRole('button', { name: '添加规则' }));
    const rule = within(rules).getByRole('group', { name: '规则 2' });
    fireEvent.change(within(rule).getByRole('textbox', { name: '规则名称' }), { target: { value: '' } });
    const first = within(rules).getByRole('group', { name: '规则 1' });
    fireEvent.change(within(first).getByRole('textbox', { name: '接收手机号' }), { target: { value: '12345' } });
    const quiet = screen.getByRole('region', { name: '免打扰时段' });
    fireEvent.change(within(quiet).getByRole('textbox', { name: '结束（北京时间）' }), { target: { value: '7点' } });
    fireEvent.click(screen.getByRole('button', { name: '保存推送规则' }));
    expect(await screen.findByText('请填写规则名称')).toBeTruthy();
    expect(screen.getByText('请至少选择一个推送通道')).toBeTruthy();
    expect(screen.getByText('手机号格式不正确：12345')).toBeTruthy();
    expect(screen.getByText('结束时间应为 HH:MM，例如 07:00')).toBeTruthy();
    expect(kit.requests(NOTIFY_ROUTING_SAVE_PATH)).toEqual([]);
    expect((await kit.server.store.notify.routing(tenantId)).rules).toHaveLength(1);
  });

  it('shows a chosen channel since deleted, and saves only once it is unticked', async () => {
    const routing = await kit.server.store.notify.routing(tenantId);
    await kit.server.store.notify.saveRouting(tenantId, {
      ...routing, rules: [{ ...routing.rules[0]!, channelIds: [ids.speedGroup, ids.old, ids.gone] }],
    }, new Date());
    kit.forget();
    await kit.render(<AlarmPushPage />);
    const rules = await screen.findByRole('region', { name: '推送规则' });
    const rule = within(rules).getByRole('group', { name: '规则 1' });
    await waitFor(() => expect((within(rule).getByRole('checkbox', { name: '超速群（飞书机器人）' }) as HTMLInputElement).checked).toBe(true));
    expect((within(rule).getByRole('checkbox', { name: '旧群（企业微信机器人，已停用，不会推送）' }) as HTMLInputElement).checked).toBe(true);
    const gone = within(rule).getByRole('checkbox', { name: `已删除的渠道（编号 ${ids.gone}），不会推送` }) as HTMLInputElement;
    expect(gone.checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '保存推送规则' }));
    expect(await within(rule).findByText('所选渠道已删除，请取消选择')).toBeTruthy();
    expect(kit.requests(NOTIFY_ROUTING_SAVE_PATH)).toEqual([]);

    fireEvent.click(gone);
    expect(within(rule).queryByRole('checkbox', { name: /已删除的渠道/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存推送规则' }));
    await waitFor(() => expect(kit.requests(NOTIFY_ROUTING_SAVE_PATH)[0]?.flag).toBe(1));
    expect((await kit.server.store.notify.routing(tenantId)).rules[0]!.channelIds).toEqual([ids.speedGroup, ids.old].sort((a, b) => a - b));
  });
});
