/**
 * 告警推送 end to end at 1366×768: the tenant's administrator points the webhook channel at the
 * tenant's own receiver in 推送渠道 (sending a test first); a badge on the watch protocol raises an
 * SOS; the receiver gets the alarm signed with the channel's secret, 推送记录 shows it 已送达, and
 * 推送设置's routing offers the webhook by name.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { verifyWebhook } from '../server/notify/channels/webhook';
import { startStandIn, type ReceivedRequest, type StandIn } from '../server/notify/testing/stand-in';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { shows } from './expect-ui';
import { problemsOnPage } from './page-fit-check';
import { startServer, type RunningServer } from './server';
import { liveReady, screenshot } from './sos-terminal';
import { WATCH_SOS, WatchBadge } from './watch-badge';

const BADGE = '868710040000091';
const WORKS = { lon: 120.7195, lat: 31.3265 };
const SECRET = 'e2e-receiver-signing-secret-4242';

let server: RunningServer;
let badge: WatchBadge;
let receiver: StandIn;

beforeAll(async () => {
  server = await startServer({ name: 'alarm-push-e2e-server', env: { AUTO_REGISTER: '1', JT808_AUTO_REGISTER: '1', SIM_DEVICES: '0' } });
  receiver = await startStandIn(() => ({ json: { received: true } }));
  badge = await WatchBadge.connect(server.watchPort, BADGE);
  await badge.send(WatchBadge.location('UD', WORKS, new Date()));
});
afterAll(async () => {
  badge?.close();
  await receiver?.close();
  await server?.stop();
});

const signed = (r: ReceivedRequest) =>
  verifyWebhook(SECRET, { timestamp: String(r.headers['x-tianlu-timestamp']), signature: String(r.headers['x-tianlu-signature']) }, r.body);

describe('告警推送', () => {
  test('an SOS from a badge reaches the tenant’s webhook, signed, and 推送记录 shows it 已送达', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const ready = liveReady(page);
    await login(page, ADMIN);
    await ready;

    // 推送渠道: the webhook pointed at the receiver
    await page.goto('/center/notifyChannel');
    const channels = await shows(page.getByRole('region', { name: '推送渠道' }), '推送渠道');
    await channels.getByRole('button', { name: '添加渠道' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: '添加推送渠道' }), 'the channel dialog');
    await dialog.getByLabel('渠道类型').selectOption('webhook');
    await dialog.getByLabel('渠道名称').fill('值班系统');
    await dialog.getByLabel(/^推送地址/).fill(`${receiver.origin}/tianlu/alarm`);
    await dialog.getByLabel(/^签名密钥/).fill(SECRET);
    await screenshot(page, 'alarm-push-channel-dialog.png');
    await dialog.getByRole('button', { name: '保存' }).click();
    const row = await shows(channels.getByRole('row').filter({ hasText: '值班系统' }), 'the webhook in the list');
    await shows(row.getByText('签名密钥 ****4242'), 'its secret masked');

    await row.getByRole('button', { name: '发送测试' }).click();
    const test = await shows(page.getByRole('dialog', { name: '发送测试' }), 'the test dialog');
    await test.getByRole('button', { name: '发送' }).click();
    await shows(test.getByText('测试消息已发送，服务商应答：HTTP 200 {"received":true}'), 'the receiver’s answer');
    expect(signed(receiver.received.at(-1)!)).toBe(true);
    await test.getByRole('button', { name: '关闭' }).click();
    receiver.received.length = 0;

    // the badge's SOS: the desk opens, and the receiver gets the alarm
    await badge.send(WatchBadge.location('AL', WORKS, new Date(), WATCH_SOS), 'AL');
    await shows(page.getByRole('complementary', { name: '告警栏' }), 'the desk opened by the SOS', 30_000);
    await expect.poll(() => receiver.received.filter((r) => r.body.includes(BADGE)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const delivery = receiver.received.find((r) => r.body.includes(BADGE))!;
    expect(delivery.url).toBe('/tianlu/alarm');
    expect(signed(delivery)).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({ alarmType: 'sos', terminalNo: BADGE });
    expect(String(delivery.headers['idempotency-key'])).toMatch(/^alarm-\d+-webhook-\d+$/);
    await screenshot(page, 'alarm-push-channels-with-desk.png');

    // 推送记录: 已送达, the address masked
    await page.goto('/center/notifyRecord');
    const records = await shows(page.getByRole('region', { name: '推送记录' }), '推送记录');
    const line = await shows(records.getByRole('row').filter({ hasText: '紧急报警' }).filter({ hasText: '已送达' }), 'the SOS delivered', 30_000);
    await shows(line.getByText(`${receiver.origin}/****`), 'the receiver’s address masked');
    await screenshot(page, 'alarm-push-records.png');

    // 推送设置 has no webhook of its own: it points to 推送渠道, and a rule picks the webhook by name
    await page.goto('/center/alarmPush');
    await shows(page.getByRole('region', { name: 'Webhook 与机器人' }).getByRole('button', { name: '前往推送渠道' }), 'the way to 推送渠道');
    await page.getByRole('region', { name: 'Webhook 与机器人' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'alarm-push-settings-top-with-desk.png');
    const rules = await shows(page.getByRole('region', { name: '推送规则' }), '推送规则');
    await rules.getByRole('button', { name: '添加规则' }).click();
    await shows(rules.getByRole('checkbox', { name: '值班系统（Webhook）' }), 'the webhook by name in the rule');
    await shows(page.getByRole('complementary', { name: '告警栏' }), 'the desk still open');
    expect(await problemsOnPage(page)).toEqual([]);
    await screenshot(page, 'alarm-push-settings-with-desk.png');
  });
});
