/**
 * 推送渠道 at 1366×768 with the alarm desk open: the administrator adds an SMTP mailbox, a 阿里云短信
 * account and a 钉钉 robot with its signing secret. Bad input shows its Chinese message under the
 * field and saves nothing; the good channel saves with its secrets masked, and 发送测试 shows what the
 * provider answered — a real SMTP server (smtp-server) that receives the mail, and local stand-ins
 * speaking the SMS and robot protocols and checking their signatures. Each dialog fits the window.
 * 推送记录 beside the desk keeps its leading columns and 详情 in view.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Locator, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startStandIn, type StandIn } from '../server/notify/testing/stand-in';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { shows } from './expect-ui';
import { problemsOnPage, setDesk } from './page-fit-check';
import { startServer, type RunningServer } from './server';
import { screenshot } from './sos-terminal';

const MAIL_USER = 'alarm';
const MAIL_PASSWORD = 'mail-pass-2468';
const ALIYUN_KEY_ID = 'LTAI-e2e-key';
const ALIYUN_SECRET = 'aliyun-secret-1357';
const DING_TOKEN = 'e2e-token-abcd';
const DING_SECRET = 'SECe2e-ding-secret-8642';

let server: RunningServer;
let smtp: { port: number; received: ParsedMail[]; close(): Promise<void> };
let aliyun: StandIn;
let robot: StandIn;

/** A mail server without TLS that wants AUTH (alarm / its password) and keeps what it receives. */
async function mailServer(): Promise<typeof smtp> {
  const received: ParsedMail[] = [];
  const mail = new SMTPServer({
    disabledCommands: ['STARTTLS'], allowInsecureAuth: true, authMethods: ['PLAIN', 'LOGIN'], logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === MAIL_USER && auth.password === MAIL_PASSWORD) cb(null, { user: auth.username });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        received.push(m);
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => mail.listen(0, '127.0.0.1', resolve));
  const { port } = mail.server.address() as AddressInfo;
  return { port, received, close: () => new Promise((resolve) => mail.close(() => resolve())) };
}

/** 阿里云短信's RPC signature as its document describes it (the stand-in's own reading). */
function aliyunSignature(form: URLSearchParams, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...form.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  return createHmac('sha1', `${secret}&`).update(`POST&${enc('/')}&${enc(query)}`).digest('base64');
}

beforeAll(async () => {
  server = await startServer({ name: 'notify-channels-e2e-server' });
  smtp = await mailServer();
  aliyun = await startStandIn((req) => {
    const form = new URLSearchParams(req.body);
    if (form.get('AccessKeyId') !== ALIYUN_KEY_ID || form.get('Signature') !== aliyunSignature(form, ALIYUN_SECRET)) {
      return { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' } };
    }
    return { json: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'E2E-ALIYUN-REQUEST' } };
  });
  robot = await startStandIn((req) => {
    const url = new URL(req.url, 'http://robot');
    if (url.searchParams.get('access_token') !== DING_TOKEN) return { json: { errcode: 300001, errmsg: 'token is not exist' } };
    const timestamp = url.searchParams.get('timestamp') ?? '';
    const sign = createHmac('sha256', DING_SECRET).update(`${timestamp}\n${DING_SECRET}`).digest('base64');
    if (url.searchParams.get('sign') !== sign) return { json: { errcode: 310000, errmsg: 'sign not match' } };
    return { json: { errcode: 0, errmsg: 'ok' } };
  });
});
afterAll(async () => {
  await robot?.close();
  await aliyun?.close();
  await smtp?.close();
  await server?.stop();
});

/** The error shown under a field of `dialog`: the alert its input is described by ('' when none). */
function errorUnder(dialog: Locator, label: RegExp): Promise<string> {
  return dialog.getByLabel(label).first().evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
    return alert?.textContent ?? '';
  });
}

/** Asserts the open dialog fits the window: nothing in it clipped, covered or cut. */
async function fits(page: Page) {
  expect(await problemsOnPage(page, '[role="dialog"]')).toEqual([]);
}

describe('推送渠道', () => {
  test('SMTP, 阿里云短信 and 钉钉 dialogs: errors under their fields, masked secrets, the provider’s answer to 发送测试', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    let saves = 0;
    page.on('request', (r) => void (r.url().includes('/notify/saveChannel.json') && saves++));
    await login(page, ADMIN);
    await page.goto('/center/notifyChannel');
    const channels = await shows(page.getByRole('region', { name: '推送渠道' }), '推送渠道');
    await setDesk(page, true);

    // SMTP: three wrong fields, each says so under itself; nothing is sent
    await channels.getByRole('button', { name: '添加渠道' }).click();
    let dialog = await shows(page.getByRole('dialog', { name: '添加推送渠道' }), 'the channel dialog');
    await dialog.getByLabel('渠道类型').selectOption('smtp');
    await dialog.getByLabel('渠道名称').fill('公司邮箱');
    await dialog.getByLabel(/^端口/).fill('99999');
    await dialog.getByLabel(/^发件人/).fill('alarm');
    await dialog.getByRole('button', { name: '保存' }).click();
    await shows(dialog.getByText('请填写SMTP 服务器'), 'the missing server named');
    expect(await errorUnder(dialog, /^SMTP 服务器/)).toBe('请填写SMTP 服务器');
    expect(await errorUnder(dialog, /^端口/)).toBe('端口必须是 1 到 65535 之间的整数');
    expect(await errorUnder(dialog, /^发件人/)).toBe('发件人格式不正确，应为邮箱地址，例如 天路告警 <alarm@example.com>');
    expect(saves).toBe(0);
    expect(await dialog.getByLabel('渠道名称').inputValue()).toBe('公司邮箱');
    await screenshot(page, 'notify-channels-smtp-errors.png');
    await fits(page);

    await dialog.getByLabel(/^SMTP 服务器/).fill('127.0.0.1');
    await dialog.getByLabel(/^端口/).fill(String(smtp.port));
    await dialog.getByRole('switch', { name: /^SSL 加密连接/ }).uncheck();
    await dialog.getByLabel(/^用户名/).fill(MAIL_USER);
    await dialog.getByLabel(/^密码 \/ 授权码/).fill(MAIL_PASSWORD);
    await dialog.getByLabel(/^发件人/).fill('天路告警 <alarm@example.com>');
    expect(await errorUnder(dialog, /^SMTP 服务器/)).toBe('');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    let row = await shows(channels.getByRole('row').filter({ hasText: '公司邮箱' }), 'the mailbox in the list');
    await shows(row.getByText('密码 / 授权码 ****2468'), 'its password masked');
    expect(await page.locator('body').innerText()).not.toContain(MAIL_PASSWORD);

    await row.getByRole('button', { name: '发送测试' }).click();
    let testDialog = await shows(page.getByRole('dialog', { name: '发送测试' }), 'the test dialog');
    await testDialog.getByLabel(/^接收邮箱/).fill('ops');
    await testDialog.getByRole('button', { name: '发送' }).click();
    await shows(testDialog.getByText('接收邮箱格式不正确：ops'), 'the bad address named');
    expect(await errorUnder(testDialog, /^接收邮箱/)).toBe('接收邮箱格式不正确：ops');
    await testDialog.getByLabel(/^接收邮箱/).fill('ops@example.com');
    await testDialog.getByRole('button', { name: '发送' }).click();
    await shows(testDialog.getByText(/^测试消息已发送，服务商应答：250 /), 'the mail server’s answer');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe('天路告警推送测试');
    expect(smtp.received[0]!.to).toMatchObject({ text: 'ops@example.com' });
    await screenshot(page, 'notify-channels-smtp-test.png');
    await fits(page);
    await testDialog.getByRole('button', { name: '关闭' }).click();

    // 阿里云短信: the secret missing and a wrong endpoint, then pointed at the stand-in
    await channels.getByRole('button', { name: '添加渠道' }).click();
    dialog = await shows(page.getByRole('dialog', { name: '添加推送渠道' }), 'the channel dialog');
    await dialog.getByLabel('渠道类型').selectOption('aliyun-sms');
    await dialog.getByLabel('渠道名称').fill('阿里云短信');
    await dialog.getByLabel(/^AccessKey ID/).fill(ALIYUN_KEY_ID);
    await dialog.getByLabel(/^短信签名/).fill('天路平台');
    await dialog.getByLabel(/^接入地址/).fill('ftp://sms.example.com');
    // the empty required secret is answered in Chinese under its field, not by the browser's own bubble
    expect(await dialog.getByLabel(/^AccessKey Secret/).evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
    await dialog.getByRole('button', { name: '保存' }).click();
    await shows(dialog.getByText('请填写AccessKey Secret'), 'the missing secret named');
    expect(await errorUnder(dialog, /^AccessKey Secret/)).toBe('请填写AccessKey Secret');
    expect(await errorUnder(dialog, /^接入地址/)).toBe('接入地址格式不正确，应以 http:// 或 https:// 开头');
    expect(await errorUnder(dialog, /^告警模板 CODE/)).toBe('请至少填写一个模板：告警模板、验证码模板或租约逾期模板');
    expect(await errorUnder(dialog, /^短信签名/)).toBe('');
    expect(saves).toBe(1);
    await screenshot(page, 'notify-channels-aliyun-errors.png');
    await fits(page);
    await dialog.getByLabel(/^告警模板 CODE/).fill('SMS_123456789');
    await dialog.getByLabel(/^AccessKey Secret/).fill(ALIYUN_SECRET);
    await dialog.getByLabel(/^接入地址/).fill(`${aliyun.origin}/`);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    row = await shows(channels.getByRole('row').filter({ hasText: '签名 天路平台' }), 'the SMS account in the list');
    await shows(row.getByText('AccessKey Secret ****1357'), 'its secret masked');

    await row.getByRole('button', { name: '发送测试' }).click();
    testDialog = await shows(page.getByRole('dialog', { name: '发送测试' }), 'the test dialog');
    await testDialog.getByLabel(/^接收手机号/).fill('13800138000');
    await testDialog.getByRole('button', { name: '发送' }).click();
    await shows(testDialog.getByText(/^测试消息已发送，服务商应答：HTTP 200 .*"Code":"OK"/), 'the SMS stand-in’s answer');
    const sms = new URLSearchParams(aliyun.received.at(-1)!.body);
    expect([sms.get('PhoneNumbers'), sms.get('SignName'), sms.get('TemplateCode')]).toEqual(['13800138000', '天路平台', 'SMS_123456789']);
    await fits(page);
    await testDialog.getByRole('button', { name: '关闭' }).click();

    // 钉钉: an address without its scheme, then the robot with its signing secret
    await channels.getByRole('button', { name: '添加渠道' }).click();
    dialog = await shows(page.getByRole('dialog', { name: '添加推送渠道' }), 'the channel dialog');
    await dialog.getByLabel('渠道类型').selectOption('dingtalk');
    await dialog.getByLabel('渠道名称').fill('运维群');
    await dialog.getByLabel(/^机器人 Webhook 地址/).fill('oapi.dingtalk.com/robot/send?access_token=x');
    await dialog.getByLabel(/^加签密钥/).fill(DING_SECRET);
    await dialog.getByRole('button', { name: '保存' }).click();
    await shows(dialog.getByText('机器人 Webhook 地址格式不正确，应以 http:// 或 https:// 开头'), 'the bad address named');
    expect(await errorUnder(dialog, /^机器人 Webhook 地址/)).toBe('机器人 Webhook 地址格式不正确，应以 http:// 或 https:// 开头');
    expect(saves).toBe(2);
    await screenshot(page, 'notify-channels-dingtalk-errors.png');
    await fits(page);
    await dialog.getByLabel(/^机器人 Webhook 地址/).fill(`${robot.origin}/robot/send?access_token=${DING_TOKEN}`);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    row = await shows(channels.getByRole('row').filter({ hasText: '运维群' }), 'the robot in the list');
    await shows(row.getByText(`${robot.origin}/****abcd`), 'its address masked');
    await shows(row.getByText('加签密钥 ****8642'), 'its signing secret masked');
    expect(await page.locator('body').innerText()).not.toMatch(new RegExp(`${DING_TOKEN}|${DING_SECRET}|${ALIYUN_SECRET}`));

    await row.getByRole('button', { name: '发送测试' }).click();
    testDialog = await shows(page.getByRole('dialog', { name: '发送测试' }), 'the test dialog');
    await testDialog.getByRole('button', { name: '发送' }).click();
    await shows(testDialog.getByText('测试消息已发送，服务商应答：HTTP 200 {"errcode":0,"errmsg":"ok"}'), 'the robot’s answer');
    expect(JSON.parse(robot.received.at(-1)!.body)).toMatchObject({ msgtype: 'text' });
    await screenshot(page, 'notify-channels-dingtalk-test.png');
    await fits(page);
    await testDialog.getByRole('button', { name: '关闭' }).click();
    await screenshot(page, 'notify-channels-list.png');
    expect(await problemsOnPage(page)).toEqual([]);

    // 推送记录 beside the desk: when, what, whether it arrived and 详情 in view; the rest scrolls in the table
    await page.goto('/center/notifyRecord');
    const records = await shows(page.getByRole('region', { name: '推送记录' }), '推送记录');
    await setDesk(page, true);
    const table = records.getByRole('table', { name: '推送记录' });
    const box = (await table.boundingBox())!;
    for (const title of ['推送时间', '告警', '设备', '状态', '操作']) {
      const head = (await table.getByRole('columnheader', { name: title, exact: true }).boundingBox())!;
      expect(head.x + head.width, `${title} in view`).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    await screenshot(page, 'notify-records-with-desk.png');
    expect(await problemsOnPage(page)).toEqual([]);
  });
});
