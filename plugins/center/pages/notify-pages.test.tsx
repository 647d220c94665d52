import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifyApi } from '@tianlu/sdk';
import { startPageServer, startStandIn, verifyWebhook, type PageServer, type StandIn } from '../../../testing/plugin-page-kit';
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

describe('推送渠道', () => {
  it('adds a webhook, shows its secret masked and 发送测试 shows the receiver\'s answer', async () => {
    await kit.render(<NotifyChannelPage />);
    await screen.findByText('还没有推送渠道，点「添加渠道」添加');
    fireEvent.click(screen.getByRole('button', { name: '添加渠道' }));
    const dialog = await screen.findByRole('dialog', { name: '添加推送渠道' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '渠道类型' }), { target: { value: 'webhook' } });
    fireEvent.change(field(dialog, '渠道名称'), { target: { value: '值班系统' } });
    fireEvent.change(field(dialog, '推送地址'), { target: { value: `${receiver.origin}/alarm` } });
    // too short a secret is refused in the dialog, which stays open
    fireEvent.change(field(dialog, '签名密钥'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('签名密钥至少 16 个字符');
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
    expect((await within(dialog).findByRole('alert')).textContent).toBe('推送地址格式不正确，应以 http:// 或 https:// 开头');
    fireEvent.change(field(dialog, '推送地址'), { target: { value: `${receiver.origin}/alarm2` } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = kit.requests(NotifyApi.saveChannel.path).at(-1)!;
    expect(saved.flag).toBe(1);
    expect(saved.answer).toMatchObject({ values: { url: `${receiver.origin}/alarm2`, secret: '****9876' } });
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
  });
});
