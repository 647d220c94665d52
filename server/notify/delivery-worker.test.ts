import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPushSettings } from '../alarms/alarm-push-settings';
import { createStore, type Store } from '../store/create-store';
import { OUTBOX_DELIVERED, OUTBOX_FAILED, OUTBOX_PENDING } from '../store/notify-queries';
import { verifyWebhook } from './channels/webhook';
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker';
import { SecretBox } from './secret-box';
import { startStandIn, type StandIn } from './testing/stand-in';

// The 告警推送 outbox on PGlite, and on PostgreSQL when DATABASE_URL is set (a schema of its own).
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = `tianlu_test_${randomBytes(6).toString('hex')}`;
const quiet = { info() {}, warn() {} };

let store: Store;
let box: SecretBox;
let tenantId = 0;
let terminalId = 0;
let standIn: StandIn;
/** What the receiver answers: a status per request (503 while "down"). */
let receiverStatus = 200;
/** Requests the receiver accepted, by idempotency key. */
const accepted = new Map<string, number>();
const WEBHOOK_SECRET = 'worker-test-signing-secret';

beforeAll(async () => {
  store = await createStore(databaseUrl ? { databaseUrl, schema, dropSchemaOnClose: true, pgliteDataDir: '' } : { pgliteDataDir: 'memory://' });
  box = new SecretBox(randomBytes(32));
  const tenant = await store.db.insertInto('tenants').values({ name: '推送测试' } as never).returning('id').executeTakeFirstOrThrow();
  tenantId = Number(tenant.id);
  const terminal = await store.db.insertInto('terminals')
    .values({ tenant_id: tenantId, terminal_no: '019900000001', display_no: '019900000001', auth_code: 'x' } as never).returning('id').executeTakeFirstOrThrow();
  terminalId = Number(terminal.id);
  standIn = await startStandIn((req) => {
    if (receiverStatus !== 200) return { status: receiverStatus, json: { error: 'down' } };
    const key = String(req.headers['idempotency-key']);
    accepted.set(key, (accepted.get(key) ?? 0) + 1);
    return { json: { ok: true } };
  });
});

afterAll(async () => {
  await standIn?.close();
  await store?.close();
});

beforeEach(async () => {
  receiverStatus = 200;
  accepted.clear();
  standIn.received.length = 0;
  await store.db.deleteFrom('notify_outbox').execute();
  await store.db.deleteFrom('notify_channels').execute();
  await store.alarms.settings.savePush(tenantId, defaultPushSettings(), new Date());
  await store.notify.addChannel({ tenantId, kind: 'webhook', name: '值班系统', config: { url: `${standIn.origin}/hook` }, secret: box.seal({ secret: WEBHOOK_SECRET }) }, new Date());
});

/** Records an instant SOS alarm as the engine does; its id. */
async function raise(alarmType = 'sos'): Promise<number> {
  const t = new Date();
  const row = await store.alarms.open({ tenantId, terminalId, alarmType, source: 'terminal', startTime: t, endTime: t, lon: 116.4, lat: 39.9, speed: 0, detail: {} });
  return row!.id;
}

/** A worker whose clock is `offsetMs` ahead of the real one (tests move it). */
function worker(clock: { offsetMs: number }, opts: Partial<DeliveryWorkerOptions> = {}, on: Store = store) {
  return new DeliveryWorker({ store: on, box, log: quiet, now: () => new Date(Date.now() + clock.offsetMs), ...opts });
}

const records = (alarmId: number) => store.notify.records(tenantId, { alarmId });

describe('告警推送 outbox', () => {
  it('writes the deliveries with the alarm and leaves out types the tenant does not push', async () => {
    await store.alarms.settings.savePush(tenantId, {
      ...defaultPushSettings(), alarmTypes: ['sos'], email: { enabled: true, to: ['ops@example.com'] }, sms: { enabled: true, phones: ['13800138000'] },
    }, new Date());
    const id = await raise();
    expect((await records(id)).map((r) => [r.channel, r.recipient, r.status]).sort()).toEqual([
      ['email', 'ops@example.com', OUTBOX_PENDING], ['sms', '13800138000', OUTBOX_PENDING], ['webhook', `${standIn.origin}/hook`, OUTBOX_PENDING],
    ]);
    expect(await records(await raise('overspeed'))).toEqual([]);

    // no mail or SMS provider configured (the demo): delivered to the log, and marked so
    await worker({ offsetMs: 0 }).drain();
    const done = await records(id);
    expect(done.map((r) => [r.channel, r.status, r.toLog]).sort()).toEqual([['email', OUTBOX_DELIVERED, true], ['sms', OUTBOX_DELIVERED, true], ['webhook', OUTBOX_DELIVERED, false]]);
    expect(done.find((r) => r.channel === 'sms')!.providerAnswer).toBe('未配置短信服务商，已写入服务器日志');
  });

  it('delivers a signed webhook once after the receiver was down for an hour', async () => {
    const clock = { offsetMs: 0 };
    const w = worker(clock);
    const id = await raise();
    receiverStatus = 503;
    await w.drain();
    let [row] = await records(id);
    expect(row).toMatchObject({ status: OUTBOX_PENDING, tries: 1 });
    expect(row!.lastError).toContain('HTTP 503');
    // not due again before its backoff
    expect(await w.runOnce()).toBe(0);

    for (let minutes = 1; minutes <= 60; minutes += 10) {
      clock.offsetMs = minutes * 60_000;
      await w.drain();
    }
    receiverStatus = 200;
    clock.offsetMs = 2 * 3600_000;
    await w.drain();
    [row] = await records(id);
    expect(row).toMatchObject({ status: OUTBOX_DELIVERED, lastError: null });
    expect([...accepted.entries()]).toEqual([[`alarm-${id}-webhook-1`, 1]]);
    // a later run sends nothing more
    clock.offsetMs = 3 * 3600_000;
    expect(await w.drain()).toBe(0);
    expect(accepted.get(`alarm-${id}-webhook-1`)).toBe(1);

    // signed with the channel's secret, at the worker's time
    const delivered = standIn.received.at(-1)!;
    const secret = WEBHOOK_SECRET;
    const timestamp = String(delivered.headers['x-tianlu-timestamp']);
    expect(verifyWebhook(secret, { timestamp, signature: String(delivered.headers['x-tianlu-signature']) }, delivered.body, new Date(Number(timestamp) * 1000))).toBe(true);
    expect(JSON.parse(delivered.body)).toMatchObject({ id, alarmType: 'sos', terminalNo: '019900000001' });
    expect(delivered.headers['x-tianlu-event']).toBe('alarm');
  });

  it('gives up into 推送失败 with the last error after the last try, and at once on a permanent refusal', async () => {
    const clock = { offsetMs: 0 };
    const w = worker(clock, { maxTries: 3 });
    receiverStatus = 503;
    const id = await raise();
    for (let i = 0; i < 3; i++) {
      await w.drain();
      clock.offsetMs += 3600_000;
    }
    expect((await records(id))[0]).toMatchObject({ status: OUTBOX_FAILED, tries: 3 });
    expect((await records(id))[0]!.lastError).toContain('HTTP 503');

    receiverStatus = 404;
    const refused = await raise();
    await w.drain();
    expect((await records(refused))[0]).toMatchObject({ status: OUTBOX_FAILED, tries: 1 });
  });

  it('delivers a row whose worker stopped mid-delivery through the next worker, once', async () => {
    const id = await raise();
    // the first worker claims the row and never finishes (killed)
    let release!: () => void;
    const stuck = worker({ offsetMs: 0 }, { channelFor: () => new Promise((resolve) => (release = () => resolve({ missing: 'stopped' }))) });
    const first = stuck.runOnce();
    await expect.poll(async () => (await records(id))[0]!.tries).toBe(1);
    // within the lease nobody else takes it
    expect(await worker({ offsetMs: 0 }).drain()).toBe(0);
    // after the lease the next worker delivers it
    await worker({ offsetMs: 2 * 60_000 }).drain();
    expect((await records(id))[0]).toMatchObject({ status: OUTBOX_DELIVERED, tries: 2 });
    // the stopped worker's late answer does not overwrite it
    release();
    await first;
    expect((await records(id))[0]).toMatchObject({ status: OUTBOX_DELIVERED });
    expect(accepted.get(`alarm-${id}-webhook-1`)).toBe(1);
  });

  it('sends to a 钉钉 robot whose secret is stored encrypted', async () => {
    const robot = await startStandIn(() => ({ json: { errcode: 0, errmsg: 'ok' } }));
    try {
      const secret = `SEC${randomBytes(8).toString('hex')}`;
      const channelId = await store.notify.addChannel({ tenantId, kind: 'dingtalk', name: '值班群', config: {}, secret: box.seal({ url: `${robot.origin}/robot/send?access_token=t`, secret }) }, new Date());
      const stored = await store.db.selectFrom('notify_channels').select('secret').where('id', '=', channelId).executeTakeFirstOrThrow();
      expect(stored.secret).not.toContain(secret);
      expect(stored.secret).not.toContain('access_token');
      const id = await raise();
      await worker({ offsetMs: 0 }).drain();
      expect((await records(id)).map((r) => [r.channel, r.status]).sort()).toEqual([['dingtalk', OUTBOX_DELIVERED], ['webhook', OUTBOX_DELIVERED]]);
      expect(robot.received[0]!.url).toMatch(/^\/robot\/send\?access_token=t&timestamp=\d+&sign=/);
      await store.db.deleteFrom('notify_channels').where('id', '=', channelId).execute();
    } finally {
      await robot.close();
    }
  });

  it('records an alarm for an SMS channel without an alarm template as 推送失败 with the reason, and sends nothing', async () => {
    // a channel kept for login codes only
    await store.notify.addChannel({
      tenantId, kind: 'tencent-sms', name: '验证码短信', config: { smsSdkAppId: '1400006666', signName: '天路平台', codeTemplateId: '2', codeTemplateParams: ['code'], endpoint: `${standIn.origin}/sms` },
      secret: box.seal({ secretId: 'AKID-test', secretKey: 'k' }),
    }, new Date());
    await store.alarms.settings.savePush(tenantId, { ...defaultPushSettings(), alarmTypes: ['sos'], sms: { enabled: true, phones: ['13800138000'] } }, new Date());
    const id = await raise();
    await worker({ offsetMs: 0 }).drain();
    const sms = (await records(id)).find((r) => r.channel === 'sms')!;
    expect(sms).toMatchObject({ status: OUTBOX_FAILED, lastError: '短信渠道「验证码短信」未设置告警模板，告警短信未发送；请在推送渠道中填写告警模板' });
    expect(standIn.received.filter((r) => r.url.startsWith('/sms'))).toHaveLength(0);
  });

  it.skipIf(!databaseUrl)('never has two instances deliver one row (PostgreSQL, FOR UPDATE SKIP LOCKED)', async () => {
    const other = await createStore({ databaseUrl, schema, pgliteDataDir: '' });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) ids.push(await raise());
      const a = worker({ offsetMs: 0 }, { batch: 3 });
      const b = worker({ offsetMs: 0 }, { batch: 3 }, other);
      const [na, nb] = await Promise.all([a.drain(), b.drain()]);
      expect(na + nb).toBe(40);
      expect(ids.map((id) => accepted.get(`alarm-${id}-webhook-1`))).toEqual(ids.map(() => 1));
      expect(standIn.received).toHaveLength(40);
    } finally {
      await other.close();
    }
  });
});
