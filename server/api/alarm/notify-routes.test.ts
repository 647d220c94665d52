import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifyApi } from '../../../sdk/contracts/notify';
import { NOTIFY_EXPORT_LIMIT, recordRecipient, type NotifyChannelView, type NotifyRecord, type NotifyRecordExport, type NotifyTestAnswer } from '../../../sdk/notify-channels';
import { verifyWebhook } from '../../notify/channels/webhook';
import { startStandIn, type StandIn } from '../../notify/testing/stand-in';
import { ApiClient, demoTenantClients } from '../../testing/api-client';
import { downloadWorkbook, waitExportDone } from '../../testing/export-records';
import { createTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let receiver: StandIn;
/** What the receiver answers next. */
let receiverAnswer: { status: number; json: unknown } = { status: 200, json: { ok: true } };

const SECRET = 'receiver-signing-secret-0123456789';

beforeAll(async () => {
  server = await createTestServer({ demo: true });
  ({ admin, other } = await demoTenantClients(server.app));
  receiver = await startStandIn(() => receiverAnswer);
});

afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const post = <T,>(client: ApiClient, contract: { path: string }, body: unknown) => client.postJson<T>(contract.path, body);
const list = async (client: ApiClient) => (await post<NotifyChannelView[]>(client, NotifyApi.channels, {})).obj;

describe('推送渠道', () => {
  it('keeps the webhook secret write-only: masked in every answer, kept when the masked value comes back, used to sign 发送测试', async () => {
    const added = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, {
      kind: 'webhook', name: '值班系统', enabled: true, values: { url: `${receiver.origin}/alarm`, secret: SECRET },
    });
    expect(added.flag).toBe(1);
    expect(added.obj.values).toEqual({ url: `${receiver.origin}/alarm`, secret: '****6789' });
    expect(JSON.stringify(await list(admin))).not.toContain(SECRET);

    // renamed, the masked secret sent back as it was
    const edited = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, { id: added.obj.id, kind: 'webhook', name: '值班系统 2', enabled: true, values: added.obj.values });
    expect(edited.obj).toMatchObject({ name: '值班系统 2', values: { secret: '****6789' } });

    receiver.received.length = 0;
    const test = await post<NotifyTestAnswer>(admin, NotifyApi.testChannel, { id: added.obj.id });
    expect(test.obj).toMatchObject({ accepted: true, providerAnswer: 'HTTP 200 {"ok":true}' });
    expect(test.obj.message).toContain('测试消息已发送');
    const got = receiver.received[0]!;
    expect(got.url).toBe('/alarm');
    expect(verifyWebhook(SECRET, { timestamp: String(got.headers['x-tianlu-timestamp']), signature: String(got.headers['x-tianlu-signature']) }, got.body)).toBe(true);

    // the provider's refusal comes back as it was said
    receiverAnswer = { status: 403, json: { error: '签名不对' } };
    const refused = await post<NotifyTestAnswer>(admin, NotifyApi.testChannel, { id: added.obj.id });
    receiverAnswer = { status: 200, json: { ok: true } };
    expect(refused.obj).toMatchObject({ accepted: false, providerAnswer: 'HTTP 403 {"error":"签名不对"}' });
    expect(refused.obj.message).toContain('测试消息发送失败');

    // a second webhook, with a secret of its own: each signs with its own
    const other = 'another-receiver-secret-0000';
    const second = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, { kind: 'webhook', name: '工单系统', enabled: true, values: { url: `${receiver.origin}/tickets`, secret: other } });
    expect(second.obj).toMatchObject({ name: '工单系统', enabled: true, values: { url: `${receiver.origin}/tickets`, secret: '****0000' } });
    receiver.received.length = 0;
    await post(admin, NotifyApi.testChannel, { id: second.obj.id });
    const ticket = receiver.received[0]!;
    expect(ticket.url).toBe('/tickets');
    const sig = { timestamp: String(ticket.headers['x-tianlu-timestamp']), signature: String(ticket.headers['x-tianlu-signature']) };
    expect(verifyWebhook(other, sig, ticket.body)).toBe(true);
    expect(verifyWebhook(SECRET, sig, ticket.body)).toBe(false);
    expect((await list(admin)).filter((c) => c.kind === 'webhook').map((c) => c.name)).toEqual(['值班系统 2', '工单系统']);
    await post(admin, NotifyApi.deleteChannel, { id: second.obj.id });
  });

  it('masks a robot address and its signing secret, and a new secret replaces the stored one', async () => {
    const token = 'access_token=abcdef0123456789abcdef';
    const saved = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, {
      kind: 'dingtalk', name: '运维群', enabled: true, values: { url: `https://oapi.dingtalk.com/robot/send?${token}`, secret: 'SECaaaa1111', msgtype: 'markdown' },
    });
    expect(saved.obj.values).toEqual({ url: 'https://oapi.dingtalk.com/****cdef', secret: '****1111', msgtype: 'markdown' });
    const changed = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, { id: saved.obj.id, kind: 'dingtalk', name: '运维群', enabled: true, values: { ...saved.obj.values, secret: 'SECbbbb2222' } });
    expect(changed.obj.values).toEqual({ url: 'https://oapi.dingtalk.com/****cdef', secret: '****2222', msgtype: 'markdown' });
    const off = await post<NotifyChannelView>(admin, NotifyApi.enableChannel, { id: saved.obj.id, enabled: false });
    expect(off.obj.enabled).toBe(false);
    expect(JSON.stringify(await list(admin))).not.toContain(token);
  });

  it('never stores a masked value: one that no longer matches (changed in another window) is refused under its field', async () => {
    const first = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, {
      kind: 'dingtalk', name: '夜班群', enabled: true, values: { url: 'https://oapi.dingtalk.com/robot/send?access_token=token-one-1357', secret: 'SECcccc8642', msgtype: 'text' },
    });
    expect(first.obj.values).toMatchObject({ url: 'https://oapi.dingtalk.com/****1357', secret: '****8642' });
    // another window replaces both the address and the signing secret
    await post(admin, NotifyApi.saveChannel, {
      id: first.obj.id, kind: 'dingtalk', name: '夜班群', enabled: true, values: { url: 'https://oapi.dingtalk.com/robot/send?access_token=token-two-2468', secret: 'SECdddd9753', msgtype: 'text' },
    });
    const before = await list(admin);
    // the first window saves what it was shown
    const stale = await post(admin, NotifyApi.saveChannel, { id: first.obj.id, kind: 'dingtalk', name: '夜班群（改名）', enabled: true, values: first.obj.values });
    expect(stale).toMatchObject({ flag: 400, msg: '地址已在别处修改，请重新填写', obj: { fieldErrors: { url: '地址已在别处修改，请重新填写', secret: '密钥已在别处修改，请重新填写' } } });
    expect(await list(admin)).toEqual(before);
    expect(before.find((c) => c.id === first.obj.id)!.values).toMatchObject({ url: 'https://oapi.dingtalk.com/****2468', secret: '****9753' });
    // a new channel cannot be given a mask either
    const fresh = await post(admin, NotifyApi.saveChannel, { kind: 'feishu', name: '', enabled: true, values: { url: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc', secret: '****8642' } });
    expect(fresh).toMatchObject({ flag: 400, obj: { fieldErrors: { secret: '请填写完整的签名校验密钥' } } });
    expect(await list(admin)).toEqual(before);
    await post(admin, NotifyApi.deleteChannel, { id: first.obj.id });
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const before = await list(admin);
    const bad = async (kind: string, values: Record<string, string>) => (await post(admin, NotifyApi.saveChannel, { kind, name: '', enabled: true, values })).msg;
    expect(await bad('smtp', { host: 'smtp.example.com', port: '70000', from: 'alarm@example.com' })).toBe('端口必须是 1 到 65535 之间的整数');
    expect(await bad('smtp', { host: 'smtp.example.com', port: '465', from: 'alarm' })).toBe('发件人格式不正确，应为邮箱地址，例如 天路告警 <alarm@example.com>');
    expect(await bad('smtp', { port: '465', from: 'alarm@example.com' })).toBe('请填写SMTP 服务器');
    expect(await bad('aliyun-sms', { accessKeyId: 'id', signName: '天路', templateCode: 'SMS_1' })).toBe('请填写AccessKey Secret');
    expect(await bad('aliyun-sms', { accessKeyId: 'id', accessKeySecret: 's', signName: '天路', templateCode: 'SMS_1', endpoint: 'ftp://x' })).toBe('接入地址格式不正确，应以 http:// 或 https:// 开头');
    expect(await bad('tencent-sms', { secretId: 'i', secretKey: 'k', smsSdkAppId: '14000', signName: '天路', templateId: '1', templateParams: 'asset,phone' })).toBe('告警模板参数顺序只能是 asset、alarm、time，不认识 phone');
    expect(await bad('wecom', { url: 'qyapi.weixin.qq.com/cgi-bin/webhook/send?key=1' })).toBe('机器人 Webhook 地址格式不正确，应以 http:// 或 https:// 开头');
    expect(await bad('feishu', { url: 'https://open.feishu.cn/x', token: 'y' })).toBe('飞书机器人没有参数 token');
    // every wrong field is named, for the dialog to show each under its own
    const several = await post(admin, NotifyApi.saveChannel, { kind: 'smtp', name: '', enabled: true, values: { host: '', port: 'x', from: 'alarm', user: 'ops' } });
    expect(several).toMatchObject({
      flag: 400,
      msg: '请填写SMTP 服务器',
      obj: { fieldErrors: { host: '请填写SMTP 服务器', port: '端口必须是 1 到 65535 之间的整数', from: '发件人格式不正确，应为邮箱地址，例如 天路告警 <alarm@example.com>' } },
    });
    expect(Object.keys((several.obj as { fieldErrors: object }).fieldErrors)).toEqual(['host', 'port', 'from']);
    expect(await list(admin)).toEqual(before);
  });

  it('takes an SMS channel without an alarm template when it carries a code or lease template, and asks for at least one', async () => {
    const before = await list(admin);
    const aliyun = { accessKeyId: 'LTAI-x', accessKeySecret: 'aliyun-secret', signName: '天路平台' };
    const none = await post(admin, NotifyApi.saveChannel, { kind: 'aliyun-sms', name: '', enabled: true, values: aliyun });
    expect(none).toMatchObject({ flag: 400, msg: '请至少填写一个模板：告警模板、验证码模板或租约逾期模板', obj: { fieldErrors: { templateCode: '请至少填写一个模板：告警模板、验证码模板或租约逾期模板' } } });
    const tencent = { secretId: 'AKID-x', secretKey: 'k', smsSdkAppId: '1400006666', signName: '天路平台' };
    expect((await post(admin, NotifyApi.saveChannel, { kind: 'tencent-sms', name: '', enabled: true, values: { ...tencent, templateParams: 'asset' } })).obj)
      .toEqual({ fieldErrors: { templateId: '请至少填写一个模板：告警模板、验证码模板或租约逾期模板' } });
    expect((await post(admin, NotifyApi.saveChannel, { kind: 'tencent-sms', name: '', enabled: true, values: { ...tencent, templateId: '1', templateParams: '' } })).obj)
      .toEqual({ fieldErrors: { templateParams: '请填写告警模板参数顺序' } });
    expect(await list(admin)).toEqual(before);

    const codes = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, { kind: 'aliyun-sms', name: '验证码短信', enabled: true, values: { ...aliyun, codeTemplateCode: 'SMS_200' } });
    expect(codes.flag).toBe(1);
    expect(codes.obj.values).toMatchObject({ templateCode: '', codeTemplateCode: 'SMS_200' });
    // 发送测试 sends an alarm: it says why it cannot
    expect((await post(admin, NotifyApi.testChannel, { id: codes.obj.id, recipient: '13800138000' })).msg).toBe('该短信渠道未设置告警模板，测试短信按告警模板发送，请先填写告警模板');
    await post(admin, NotifyApi.deleteChannel, { id: codes.obj.id });
  });

  it('asks 发送测试 for a valid recipient where the channel needs one and answers the mail server\'s error', async () => {
    const smtp = await post<NotifyChannelView>(admin, NotifyApi.saveChannel, {
      kind: 'smtp', name: '公司邮箱', enabled: true, values: { host: '127.0.0.1', port: '1', secure: 'false', requireTLS: 'false', user: '', password: 'mail-password', from: '天路告警 <alarm@example.com>' },
    });
    expect(smtp.obj.values).toMatchObject({ port: '1', secure: 'false', password: '****word', from: '天路告警 <alarm@example.com>' });
    expect((await post(admin, NotifyApi.testChannel, { id: smtp.obj.id })).msg).toBe('请填写接收测试邮件的邮箱');
    expect(await post(admin, NotifyApi.testChannel, { id: smtp.obj.id, recipient: 'ops' })).toMatchObject({ msg: '接收邮箱格式不正确：ops', obj: { fieldErrors: { recipient: '接收邮箱格式不正确：ops' } } });
    const answer = await post<NotifyTestAnswer>(admin, NotifyApi.testChannel, { id: smtp.obj.id, recipient: 'ops@example.com' });
    expect(answer.obj.accepted).toBe(false);
    expect(answer.obj.message).toMatch(/^测试消息发送失败，服务商应答：.*ECONNREFUSED/);
  });

  it('shows another tenant nothing of them and lets it change none', async () => {
    const mine = await list(admin);
    expect(mine.length).toBeGreaterThan(0);
    expect(await list(other)).toEqual([]);
    const id = mine[0]!.id;
    expect((await post(other, NotifyApi.testChannel, { id })).flag).toBe(404);
    expect((await post(other, NotifyApi.enableChannel, { id, enabled: false })).flag).toBe(404);
    expect((await post(other, NotifyApi.deleteChannel, { id })).flag).toBe(404);
    expect((await post(other, NotifyApi.saveChannel, { id, kind: mine[0]!.kind, name: 'x', enabled: true, values: {} })).flag).toBe(404);
    expect(await list(admin)).toEqual(mine);
  });

  it('deletes a channel with its secret', async () => {
    const robot = (await list(admin)).find((c) => c.kind === 'dingtalk')!;
    expect((await post(admin, NotifyApi.deleteChannel, { id: robot.id })).obj).toEqual({ deleted: 1 });
    expect((await list(admin)).some((c) => c.id === robot.id)).toBe(false);
    expect(await server.store.notify.channel(robot.id)).toBeUndefined();
  });
});

describe('推送记录', () => {
  let tenantId: number;

  beforeAll(async () => {
    const { store } = server;
    tenantId = (await store.org.findTenantByName('天路演示'))!.id;
    const terminal = await store.db.insertInto('terminals')
      .values({ tenant_id: tenantId, terminal_no: '019900000077', display_no: '019900000077', auth_code: 'x' } as never).returning('id').executeTakeFirstOrThrow();
    const t = new Date('2026-05-01T02:00:00Z');
    const alarm = (await store.alarms.open({ tenantId, terminalId: Number(terminal.id), alarmType: 'sos', source: 'terminal', startTime: t, endTime: t, lon: 116.4, lat: 39.9, speed: 0, detail: {} }))!;
    const row = (channel: string, recipient: string, status: string, extra: object = {}) => ({
      tenant_id: tenantId, alarm_id: String(alarm.id), channel, recipient, status, idempotency_key: `rec-${channel}-${recipient}-${status}`, tries: 1, created_at: t, ...extra,
    });
    await store.db.deleteFrom('notify_outbox').execute();
    await store.db.insertInto('notify_outbox').values([
      row('sms', '13812341234', '已送达', { to_log: true, delivered_at: t }),
      row('email', 'alice@example.com', '推送失败', { tries: 10, last_error: '550 mailbox alice@example.com unavailable' }),
      row('webhook', 'https://hooks.example.com/secret-path?token=1', '已送达', { delivered_at: t, created_at: new Date('2026-05-03T02:00:00Z') }),
      // waiting for its next try (the server's own delivery worker leaves it be)
      row('sms', '13900001111', '待发送', { next_try_at: new Date('2099-01-01T00:00:00Z') }),
    ] as never).execute();
  });

  const records = async (client: ApiClient, filter: object = {}) => (await post<{ total: number; list: NotifyRecord[] }>(client, NotifyApi.records, { current: 1, pageSize: 10, ...filter })).obj;

  it('lists every delivery with the alarm, recipients masked and log deliveries marked', async () => {
    const page = await records(admin);
    expect(page.total).toBe(4);
    expect(page.list.map((r) => [r.channelName, r.recipient, r.status, r.tries])).toEqual([
      ['Webhook', 'https://hooks.example.com/****', '已送达', 1],
      ['短信', '139****1111', '待发送', 1],
      ['邮件', 'a***@example.com', '推送失败', 10],
      ['短信', '138****1234', '仅记录日志', 1],
    ]);
    const all = JSON.stringify(page);
    for (const secret of ['13812341234', '13900001111', 'alice@', 'secret-path']) expect(all).not.toContain(secret);
    const mail = page.list.find((r) => r.channel === 'email')!;
    expect(mail).toMatchObject({ alarmName: '紧急报警', alarmTime: '2026-05-01 10:00:00', lastError: '550 mailbox a***@example.com unavailable' });
  });

  it('filters by status, channel and time range, and pages', async () => {
    expect((await records(admin, { status: '仅记录日志' })).list.map((r) => r.recipient)).toEqual(['138****1234']);
    expect((await records(admin, { status: '已送达' })).list.map((r) => r.channel)).toEqual(['webhook']);
    expect((await records(admin, { channel: 'sms' })).total).toBe(2);
    expect((await records(admin, { startTime: '2026-05-02', endTime: '2026-05-03' })).list.map((r) => r.channel)).toEqual(['webhook']);
    expect((await records(admin, { endTime: '2026-05-01 09:59:59' })).total).toBe(0);
    const second = await records(admin, { current: 2, pageSize: 3 });
    expect([second.total, second.list.length]).toEqual([4, 1]);
    expect((await post(admin, NotifyApi.records, { current: 1, pageSize: 10, startTime: '2026-13-01' })).msg).toBe('开始时间格式不正确，应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss，例如 2026-01-01 08:00:00');
    expect((await post(admin, NotifyApi.records, { current: 1, pageSize: 10, startTime: '2026-05-03', endTime: '2026-05-01' })).msg).toBe('开始时间不能晚于结束时间');
  });

  it('shows another tenant none of them', async () => {
    expect(await records(other)).toEqual({ total: 0, list: [] });
  });

  it('exports them to 下载中心 as a spreadsheet with the recipients masked', async () => {
    const started = await post<{ id: number; fileName: string }>(admin, NotifyApi.exportRecords, { channel: 'sms' });
    expect(started.obj.fileName).toMatch(/^推送记录-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect((await waitExportDone(admin, started.obj.id)).status).toBe(1);
    const sheet = (await downloadWorkbook(server.app, admin, started.obj.id)).getWorksheet('推送记录')!;
    const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows.map((r) => [r[3], r[4], r[6]]).sort()).toEqual([['短信', '138****1234', '仅记录日志'], ['短信', '139****1111', '待发送']]);
    expect(JSON.stringify(rows)).not.toMatch(/13812341234|13900001111/);
    expect(started.obj).toMatchObject({ total: 2, exported: 2 });
  });

  it('writes what the page shows where a delivery has no recipient: 群机器人 for a robot, — for a deleted channel', async () => {
    const { db } = server.store;
    await sql`insert into notify_outbox (tenant_id, channel, recipient, status, idempotency_key, tries, created_at)
      values (${tenantId}, 'dingtalk', '', '已送达', 'no-recipient-robot', 1, timestamptz '2026-02-01 10:00:00+08'),
             (${tenantId}, 'removed', '', '已跳过', 'no-recipient-removed', 0, timestamptz '2026-02-01 10:00:01+08')`.execute(db);
    try {
      const page = await records(admin, { startTime: '2026-02-01', endTime: '2026-02-01' });
      const started = await post<NotifyRecordExport>(admin, NotifyApi.exportRecords, { startTime: '2026-02-01', endTime: '2026-02-01' });
      expect((await waitExportDone(admin, started.obj.id)).status).toBe(1);
      const sheet = (await downloadWorkbook(server.app, admin, started.obj.id)).getWorksheet('推送记录')!;
      const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
      expect(rows.map((r) => [r[6], r[4]]).sort()).toEqual([['已跳过', '—'], ['已送达', '群机器人']]);
      expect(page.list.map((r) => [r.status, recordRecipient(r)]).sort()).toEqual([['已跳过', '—'], ['已送达', '群机器人']]);
    } finally {
      await sql`delete from notify_outbox where idempotency_key like 'no-recipient-%'`.execute(db);
    }
  });

  it('exports only the newest deliveries past the cap and says so in its answer, its 下载中心 name and its first row', async () => {
    const { db } = server.store;
    // one more than an export takes, a second apart on 2026-03-01 (China time)
    await sql`insert into notify_outbox (tenant_id, channel, recipient, status, idempotency_key, tries, created_at)
      select ${tenantId}, 'email', 'bulk' || g || '@example.com', '推送失败', 'bulk-' || g, 10, timestamptz '2026-03-01 00:00:00+08' + g * interval '1 second'
      from generate_series(1, ${NOTIFY_EXPORT_LIMIT + 1}) g`.execute(db);
    try {
      const started = await post<NotifyRecordExport>(admin, NotifyApi.exportRecords, { startTime: '2026-03-01', endTime: '2026-03-01' });
      expect(started.obj).toMatchObject({ total: NOTIFY_EXPORT_LIMIT + 1, exported: NOTIFY_EXPORT_LIMIT });
      expect(started.obj.fileName).toMatch(new RegExp(`^推送记录-\\d{4}-\\d{2}-\\d{2}（最新${NOTIFY_EXPORT_LIMIT}条）\\.xlsx$`));
      // 50,000 rows take a while to write
      await expect.poll(async () => (await server.store.exports.find(admin.userId!, started.obj.id))?.status, { timeout: 150_000 }).toBe(1);
      expect((await waitExportDone(admin, started.obj.id)).fileName).toBe(started.obj.fileName);
      const sheet = (await downloadWorkbook(server.app, admin, started.obj.id)).getWorksheet('推送记录')!;
      expect(sheet.getCell('A1').text).toBe(`符合条件的推送记录共 ${NOTIFY_EXPORT_LIMIT + 1} 条，超过单次导出上限 ${NOTIFY_EXPORT_LIMIT} 条，本文件只含最新的 ${NOTIFY_EXPORT_LIMIT} 条；其余请缩小时间范围后分次导出。`);
      expect(sheet.getRow(2).getCell(1).text).toBe('告警类型');
      expect(sheet.rowCount).toBe(NOTIFY_EXPORT_LIMIT + 2);
      // the newest first, the oldest left out; recipients masked
      expect(sheet.getRow(3).getCell(8).text).toBe('2026-03-01 13:53:21');
      expect(sheet.getRow(NOTIFY_EXPORT_LIMIT + 2).getCell(8).text).toBe('2026-03-01 00:00:02');
      expect(sheet.getRow(3).getCell(5).text).toBe('b***@example.com');
    } finally {
      await db.deleteFrom('notify_outbox').where('idempotency_key', 'like', 'bulk-%').execute();
    }
  }, 180_000);
});
