import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpService, NOTIFY_EXPORT_LIMIT, NotifyApi, ServiceProvider, ToastService, type NotifyChannelView } from '@tianlu/sdk';
import { startPageServer, startStandIn, verifyWebhook, type PageServer, type StandIn } from '../../../testing/plugin-page-kit';
import { prefetchNotifyChannels, prefetchNotifyRecords } from '../alarm/alarm-queries';
import NotifyChannelPage from './notify-channel-page';
import NotifyRecordPage from './notify-record-page';

let kit: PageServer;
let receiver: StandIn;

beforeAll(async () => {
  kit = await startPageServer();
  receiver = await startStandIn(() => ({ json: { received: true } }));
});

afterAll(async () => {
  await receiver?.close();
  await kit?.close();
});

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });
/** The error shown under a field: the alert its input is described by. */
const errorUnder = (dialog: HTMLElement, name: string) => {
  const input = field(dialog, name);
  const described = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id));
  return described.find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? null;
};

describe('推送渠道', () => {
  it('adds a webhook, shows its secret masked and 发送测试 shows the receiver\'s answer', async () => {
    await kit.render(<NotifyChannelPage />);
    await screen.findByText('还没有推送渠道，点「添加渠道」添加');
    fireEvent.click(screen.getByRole('button', { name: '添加渠道' }));
    const dialog = await screen.findByRole('dialog', { name: '添加推送渠道' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '渠道类型' }), { target: { value: 'webhook' } });
    fireEvent.change(field(dialog, '渠道名称'), { target: { value: '值班系统' } });
    fireEvent.change(field(dialog, '推送地址'), { target: { value: `${receiver.origin}/alarm` } });
    // too short a secret is refused under its field; the dialog stays open and nothing is sent
    fireEvent.change(field(dialog, '签名密钥'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorUnder(dialog, '签名密钥')).toBe('签名密钥至少 16 个字符'));
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(kit.requests(NotifyApi.saveChannel.path)).toHaveLength(0);
    expect(document.activeElement).toBe(field(dialog, '签名密钥'));
    const secret = 'page-test-signing-secret-9876';
    fireEvent.change(field(dialog, '签名密钥'), { target: { value: secret } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kit.requests(NotifyApi.saveChannel.path).at(-1)!.flag).toBe(1);

    // opened again: the list the server answers
    cleanup();
    await kit.render(<NotifyChannelPage />);
    const table = await screen.findByRole('table', { name: '推送渠道' });
    await within(table).findByText('值班系统');
    expect(within(table).getByText('签名密钥 ****9876')).toBeTruthy();
    expect(document.body.textContent).not.toContain(secret);

    fireEvent.click(within(table).getByRole('button', { name: '发送测试' }));
    const test = await screen.findByRole('dialog', { name: '发送测试' });
    fireEvent.click(within(test).getByRole('button', { name: '发送' }));
    const answer = await within(test).findByText(/^测试消息已发送/);
    expect(answer.textContent).toBe('测试消息已发送，服务商应答：HTTP 200 {"received":true}');
    const got = receiver.received.at(-1)!;
    expect(verifyWebhook(secret, { timestamp: String(got.headers['x-tianlu-timestamp']), signature: String(got.headers['x-tianlu-signature']) }, got.body)).toBe(true);
  });

  it('edits a channel keeping the masked secret, and says what is wrong with a field', async () => {
    await kit.render(<NotifyChannelPage />);
    const table = await screen.findByRole('table', { name: '推送渠道' });
    await within(table).findByText('值班系统');
    fireEvent.click(within(table).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑推送渠道' });
    expect((field(dialog, '签名密钥') as HTMLInputElement).value).toBe('****9876');
    fireEvent.change(field(dialog, '推送地址'), { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorUnder(dialog, '推送地址')).toBe('推送地址格式不正确，应以 http:// 或 https:// 开头'));
    // changing the field takes its error away
    fireEvent.change(field(dialog, '推送地址'), { target: { value: 'not a url either' } });
    expect(errorUnder(dialog, '推送地址')).toBeNull();
    fireEvent.change(field(dialog, '推送地址'), { target: { value: `${receiver.origin}/alarm2` } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = kit.requests(NotifyApi.saveChannel.path).at(-1)!;
    expect(saved.flag).toBe(1);
    expect(saved.answer).toMatchObject({ values: { url: `${receiver.origin}/alarm2`, secret: '****9876' } });
  });
});

describe('推送渠道 field errors', () => {
  it('shows each wrong field of an SMTP channel under it, keeps what was typed and saves nothing', async () => {
    await kit.render(<NotifyChannelPage />);
    await screen.findByRole('table', { name: '推送渠道' });
    fireEvent.click(screen.getByRole('button', { name: '添加渠道' }));
    const dialog = await screen.findByRole('dialog', { name: '添加推送渠道' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '渠道类型' }), { target: { value: 'smtp' } });
    fireEvent.change(field(dialog, '渠道名称'), { target: { value: '公司邮箱' } });
    fireEvent.change(field(dialog, '端口'), { target: { value: '70000' } });
    fireEvent.change(field(dialog, '发件人'), { target: { value: 'alarm' } });
    kit.forget();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorUnder(dialog, 'SMTP 服务器')).toBe('请填写SMTP 服务器'));
    expect(errorUnder(dialog, '端口')).toBe('端口必须是 1 到 65535 之间的整数');
    expect(errorUnder(dialog, '发件人')).toBe('发件人格式不正确，应为邮箱地址，例如 天路告警 <alarm@example.com>');
    expect(errorUnder(dialog, '用户名')).toBeNull();
    expect(kit.requests(NotifyApi.saveChannel.path)).toHaveLength(0);
    expect((field(dialog, '渠道名称') as HTMLInputElement).value).toBe('公司邮箱');
    expect((field(dialog, '端口') as HTMLInputElement).value).toBe('70000');
    expect(document.activeElement).toBe(field(dialog, 'SMTP 服务器'));
    // 取消 is held while a save runs; the refused one has ended once it can be pressed again
    const cancel = within(dialog).getByRole('button', { name: '取消' }) as HTMLButtonElement;
    await waitFor(() => expect(cancel.disabled).toBe(false));
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server\'s refusal of a field under that field: a secret changed meanwhile elsewhere', async () => {
    const page = await kit.render(<NotifyChannelPage />);
    const table = await screen.findByRole('table', { name: '推送渠道' });
    await within(table).findByText('值班系统');
    fireEvent.click(within(table).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑推送渠道' });
    expect((field(dialog, '签名密钥') as HTMLInputElement).value).toBe('****9876');
    // another window gives the webhook a new secret: the masked value in this dialog no longer stands for it
    const http = page.kernel.get<HttpService>(HttpService);
    const view = (await http.call(NotifyApi.channels, {})).obj.find((c: NotifyChannelView) => c.name === '值班系统')!;
    expect((await http.call(NotifyApi.saveChannel, { id: view.id, kind: 'webhook', name: view.name, enabled: true, values: { ...view.values, secret: 'another-signing-secret-1111' } })).flag).toBe(1);
    kit.forget();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorUnder(dialog, '签名密钥')).toBe('密钥已在别处修改，请重新填写'));
    expect(kit.requests(NotifyApi.saveChannel.path).map((r) => r.flag)).toEqual([400]);
    expect(screen.getByRole('dialog', { name: '编辑推送渠道' })).toBeTruthy();
    const cancel = within(dialog).getByRole('button', { name: '取消' }) as HTMLButtonElement;
    await waitFor(() => expect(cancel.disabled).toBe(false));
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks 发送测试 of an SMTP channel for a mail address under the field', async () => {
    const page = await kit.render(<NotifyChannelPage />);
    const http = page.kernel.get<HttpService>(HttpService);
    expect((await http.call(NotifyApi.saveChannel, {
      kind: 'smtp', name: '测试邮箱', enabled: true, values: { host: '127.0.0.1', port: '1', secure: 'false', requireTLS: 'false', user: '', password: '', from: 'alarm@example.com' },
    })).flag).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    const table = await screen.findByRole('table', { name: '推送渠道' });
    const row = (await within(table).findByText('测试邮箱')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '发送测试' }));
    const test = await screen.findByRole('dialog', { name: '发送测试' });
    kit.forget();
    fireEvent.click(within(test).getByRole('button', { name: '发送' }));
    await waitFor(() => expect(errorUnder(test, '接收邮箱')).toBe('请填写接收测试邮件的邮箱'));
    fireEvent.change(field(test, '接收邮箱'), { target: { value: 'ops' } });
    expect(errorUnder(test, '接收邮箱')).toBeNull();
    fireEvent.click(within(test).getByRole('button', { name: '发送' }));
    await waitFor(() => expect(errorUnder(test, '接收邮箱')).toBe('接收邮箱格式不正确：ops'));
    expect(kit.requests(NotifyApi.testChannel.path)).toHaveLength(0);
    // 关闭 is held while a send runs; the refused one has ended once it can be pressed again
    const close = within(test).getByRole('button', { name: '关闭' }) as HTMLButtonElement;
    await waitFor(() => expect(close.disabled).toBe(false));
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('推送记录', () => {
  beforeAll(async () => {
    const { store } = kit.server;
    const tenantId = (await store.users.findByAccount('admin'))!.tenantId;
    const terminal = await store.db.insertInto('terminals')
      .values({ tenant_id: tenantId, terminal_no: '019900000088', display_no: '019900000088', auth_code: 'x' } as never).returning('id').executeTakeFirstOrThrow();
    const now = new Date();
    const alarm = (await store.alarms.open({ tenantId, terminalId: Number(terminal.id), alarmType: 'sos', source: 'terminal', startTime: now, endTime: now, lon: 116.4, lat: 39.9, speed: 0, detail: {} }))!;
    const row = (channel: string, recipient: string, status: string, extra: object = {}) => ({
      tenant_id: tenantId, alarm_id: String(alarm.id), channel, recipient, status, idempotency_key: `page-${channel}-${recipient}`, tries: 1, created_at: now, next_try_at: new Date('2099-01-01T00:00:00Z'), ...extra,
    });
    await store.db.insertInto('notify_outbox').values([
      row('sms', '13812341234', '已送达', { to_log: true, delivered_at: now }),
      row('email', 'alice@example.com', '推送失败', { tries: 10, last_error: 'HTTP 550 rejected' }),
    ] as never).execute();
  });

  it('shows the deliveries with recipients masked, filters by status and exports', async () => {
    await kit.render(<NotifyRecordPage />);
    const table = await screen.findByRole('table', { name: '推送记录' });
    await within(table).findByText('138****1234');
    expect(within(table).getByText('a***@example.com')).toBeTruthy();
    expect(within(table).getByText('仅记录日志')).toBeTruthy();
    expect(within(table).getByText('HTTP 550 rejected')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/13812341234|alice@/);

    fireEvent.change(screen.getByRole('combobox', { name: '状态' }), { target: { value: '推送失败' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(within(table).queryByText('138****1234')).toBeNull());
    expect(within(table).getByText('a***@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(kit.requests(NotifyApi.exportRecords.path)[0]?.flag).toBe(1));
    expect(kit.requests(NotifyApi.exportRecords.path)[0]!.body).toMatchObject({ status: '推送失败' });
    expect(screen.queryByRole('dialog', { name: '导出推送记录' })).toBeNull();
  });

  it('shows a delivery whole in 推送详情: its last error uncut', async () => {
    await kit.render(<NotifyRecordPage />);
    const table = await screen.findByRole('table', { name: '推送记录' });
    const row = (await within(table).findByText('a***@example.com')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    const detail = await screen.findByRole('dialog', { name: '推送详情' });
    const value = (term: string) => within(detail).getByText(term).nextElementSibling?.textContent;
    expect(value('最后错误')).toBe('HTTP 550 rejected');
    expect(value('尝试次数')).toBe('10');
    expect(value('接收人')).toBe('a***@example.com');
    fireEvent.click(within(detail).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a deleted channel\'s skip without a recipient, 已跳过 in a colour of its own', async () => {
    const { store } = kit.server;
    const tenantId = (await store.users.findByAccount('admin'))!.tenantId;
    const now = new Date();
    const row = (channel: string, recipient: string, status: string, extra: object = {}) => ({
      tenant_id: tenantId, channel, recipient, status, idempotency_key: `page-skip-${channel}-${status}`, tries: 0, created_at: now, next_try_at: new Date('2099-01-01T00:00:00Z'), ...extra,
    });
    await store.db.insertInto('notify_outbox').values([
      row('removed', '', '已跳过', { last_error: '推送渠道已删除' }),
      row('dingtalk', '', '已送达', { tries: 1, delivered_at: now }),
      row('sms', '13700001234', '待发送'),
    ] as never).execute();
    await kit.render(<NotifyRecordPage />);
    const table = await screen.findByRole('table', { name: '推送记录' });
    const rowOf = async (text: string) => (await within(table).findByText(text)).closest('[role="row"]') as HTMLElement;
    const skipped = await rowOf('推送渠道已删除');
    const column = [...table.querySelectorAll('[role="columnheader"]')].findIndex((h) => h.textContent === '接收人');
    const recipientOf = (row: HTMLElement) => row.querySelectorAll('[role="cell"], [role="gridcell"]')[column]?.textContent;
    expect(within(skipped).getByText('已删除的渠道')).toBeTruthy();
    expect(recipientOf(skipped)).toBe('—');
    expect(recipientOf(await rowOf('钉钉'))).toBe('群机器人');
    // each status is told apart by its badge's colour
    const badge = (status: string) => within(table).getAllByText(status)[0]!.className;
    expect(new Set(['已跳过', '待发送', '已送达', '推送失败', '仅记录日志'].map(badge)).size).toBe(5);
  });

  it('says before exporting that only the newest deliveries go into the file when more match', async () => {
    const { store } = kit.server;
    const tenantId = (await store.users.findByAccount('admin'))!.tenantId;
    // one more than an export takes, a second apart on 2026-03-01 (China time)
    const start = Date.parse('2026-03-01T00:00:00+08:00');
    for (let from = 1; from <= NOTIFY_EXPORT_LIMIT + 1; from += 5000) {
      const batch = Array.from({ length: Math.min(5000, NOTIFY_EXPORT_LIMIT + 2 - from) }, (_, k) => from + k).map((g) => ({
        tenant_id: tenantId, channel: 'email', recipient: `bulk${g}@example.com`, status: '推送失败', idempotency_key: `page-bulk-${g}`, tries: 10, created_at: new Date(start + g * 1000),
      }));
      await store.db.insertInto('notify_outbox').values(batch as never).execute();
    }
    const page = await kit.render(<NotifyRecordPage />);
    const table = await screen.findByRole('table', { name: '推送记录' });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await within(table).findAllByText('b***@example.com')).not.toHaveLength(0);
    kit.forget();

    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const ask = await screen.findByRole('dialog', { name: '导出推送记录' });
    expect(ask.textContent).toContain(`符合条件的推送记录共 ${NOTIFY_EXPORT_LIMIT + 1} 条，超过单次导出上限 ${NOTIFY_EXPORT_LIMIT} 条，只导出最新的 ${NOTIFY_EXPORT_LIMIT} 条`);
    expect(kit.requests(NotifyApi.exportRecords.path)).toHaveLength(0);
    // 取消 exports nothing
    fireEvent.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kit.requests(NotifyApi.exportRecords.path)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '导出推送记录' })).getByRole('button', { name: `导出最新 ${NOTIFY_EXPORT_LIMIT} 条` }));
    const toast = page.kernel.get<ToastService>(ToastService);
    await waitFor(() => expect(toast.current?.text).toBe(`已加入下载中心：共 ${NOTIFY_EXPORT_LIMIT + 1} 条，导出最新的 ${NOTIFY_EXPORT_LIMIT} 条`));
    const started = kit.requests(NotifyApi.exportRecords.path)[0]!;
    expect(started.body).toEqual({ startTime: '2026-03-01', endTime: '2026-03-01' });
    expect(started.answer).toMatchObject({ total: NOTIFY_EXPORT_LIMIT + 1, exported: NOTIFY_EXPORT_LIMIT, fileName: expect.stringContaining(`（最新${NOTIFY_EXPORT_LIMIT}条）`) });
    // the file is written before the server closes
    const id = (started.answer as { id: number }).id;
    await waitFor(async () => expect((await store.exports.find(page.user.userId, id))?.status).toBe(1), { timeout: 60_000 });
  });

  it('is asked ahead by its route: the first page of today’s deliveries; the page’s first load takes that answer', async () => {
    const kernel = await kit.askAhead(prefetchNotifyRecords, [NotifyApi.records.path]);
    render(<ServiceProvider container={kernel}><NotifyRecordPage /></ServiceProvider>);
    const table = await screen.findByRole('table', { name: '推送记录' });
    expect(await within(table).findByText('138****1234')).toBeTruthy();
    // nothing asked a second time
    expect(kit.requests(NotifyApi.records.path)).toHaveLength(1);
  });
});

describe('推送渠道 asked ahead by its route', () => {
  it('asks the channels beside the page’s code; the page’s first load takes the answer', async () => {
    const { store } = kit.server;
    await store.notify.addChannel({ tenantId: (await store.users.findByAccount('admin'))!.tenantId, kind: 'dingtalk', name: '预取渠道', enabled: true, config: {}, secret: null }, new Date());
    const kernel = await kit.askAhead(prefetchNotifyChannels, [NotifyApi.channels.path]);
    render(<ServiceProvider container={kernel}><NotifyChannelPage /></ServiceProvider>);
    const table = await screen.findByRole('table', { name: '推送渠道' });
    expect(await within(table).findByText('预取渠道')).toBeTruthy();
    // nothing asked a second time
    expect(kit.requests(NotifyApi.channels.path)).toHaveLength(1);
  });
});
