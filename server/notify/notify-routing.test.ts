import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPushSettings } from '../alarms/alarm-push-settings';
import { defaultRouting, quietHoursEnd, type NotifyRouting } from '../alarms/notify-routing';
import { createStore, type Store } from '../store/create-store';
import { notifyChannelChoice } from '../store/migrations/0032-notify-channel-choice';
import { nextAllowed, OUTBOX_DELIVERED, OUTBOX_PENDING, OUTBOX_SKIPPED } from '../store/notify-queries';
import type { NotifyChannel, NotifyMessage } from './channels/channel';
import { verifyWebhook } from './channels/webhook';
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker';
import { EscalationJob } from './escalation-job';
import { PROVIDER_LIMITS } from './rate-limits';
import { SecretBox } from './secret-box';
import { startStandIn, type ReceivedRequest, type StandIn } from './testing/stand-in';

// 推送规则, 免打扰时段, 告警升级, provider limits and burst merge on the real store (PGlite, or
// PostgreSQL when DATABASE_URL is set, in a schema of its own). Clocks are moved, never waited for.
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = `tianlu_test_${randomBytes(6).toString('hex')}`;
const quiet = { info() {}, warn() {} };

let store: Store;
let box: SecretBox;
let tenantId = 0;
let terminalId = 0;
let robot: StandIn;
let robotId = 0;
/** A second robot and two webhook receivers. */
let robot2: StandIn;
let hookA: StandIn;
let hookB: StandIn;
const SECRET_A = 'receiver-a-signing-secret';
const SECRET_B = 'receiver-b-signing-secret';

beforeAll(async () => {
  store = await createStore(databaseUrl ? { databaseUrl, schema, dropSchemaOnClose: true, pgliteDataDir: '' } : { pgliteDataDir: 'memory://' });
  box = new SecretBox(randomBytes(32));
  const tenant = await store.db.insertInto('tenants').values({ name: '推送规则测试' } as never).returning('id').executeTakeFirstOrThrow();
  tenantId = Number(tenant.id);
  const terminal = await store.db.insertInto('terminals')
    .values({ tenant_id: tenantId, terminal_no: '019900000002', display_no: '019900000002', auth_code: 'x' } as never).returning('id').executeTakeFirstOrThrow();
  terminalId = Number(terminal.id);
  robot = await startStandIn(() => ({ json: { errcode: 0, errmsg: 'ok' } }));
  robot2 = await startStandIn(() => ({ json: { errcode: 0, errmsg: 'ok' } }));
  hookA = await startStandIn(() => ({ json: { ok: true } }));
  hookB = await startStandIn(() => ({ json: { ok: true } }));
});

afterAll(async () => {
  for (const s of [robot, robot2, hookA, hookB]) await s?.close();
  await store?.close();
});

beforeEach(async () => {
  for (const s of [robot, robot2, hookA, hookB]) s.received.length = 0;
  await store.db.deleteFrom('notify_outbox').execute();
  await store.db.deleteFrom('notify_sends').execute();
  await store.db.deleteFrom('notify_channels').execute();
  await store.db.updateTable('alarms').set({ status: 1 }).execute();
  await store.alarms.settings.savePush(tenantId, { ...defaultPushSettings(), email: { enabled: true, to: ['all@example.com'] } }, new Date());
  await store.notify.saveRouting(tenantId, defaultRouting(), new Date());
  robotId = await store.notify.addChannel({ tenantId, kind: 'wecom', name: '值班群', config: {}, secret: box.seal({ url: `${robot.origin}/cgi-bin/webhook/send?key=k` }) }, new Date());
});

/** Records an alarm as the engine does (started `agoMs` before now); its id. */
async function raise(alarmType = 'sos', agoMs = 0): Promise<number> {
  const t = new Date(Date.now() - agoMs);
  const row = await store.alarms.open({ tenantId, terminalId, alarmType, source: 'terminal', startTime: t, endTime: t, lon: 116.4, lat: 39.9, speed: 0, detail: {} });
  return row!.id;
}

function worker(clock: { offsetMs: number }, opts: Partial<DeliveryWorkerOptions> = {}) {
  return new DeliveryWorker({ store, box, log: quiet, now: () => new Date(Date.now() + clock.offsetMs), ...opts });
}

const records = (alarmId: number) => store.notify.records(tenantId, { alarmId });
const targets = async (alarmId: number) => (await records(alarmId)).map((r) => `${r.channel}:${r.recipient}`).sort();

/** HH:MM in China time, `minutes` from now. */
function chinaTime(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000 + 8 * 3600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

async function route(patch: Partial<NotifyRouting>): Promise<void> {
  await store.notify.saveRouting(tenantId, { ...defaultRouting(), ...patch }, new Date());
}

const rule = (name: string, patch: Partial<NotifyRouting['rules'][number]>) => ({ name, alarmTypes: [], levels: [], channels: [], channelIds: [], emails: [], phones: [], ...patch });
const addWecom = (name: string, at: StandIn, enabled = true) =>
  store.notify.addChannel({ tenantId, kind: 'wecom', name, enabled, config: {}, secret: box.seal({ url: `${at.origin}/cgi-bin/webhook/send?key=${name}` }) }, new Date());
const addWebhook = (name: string, at: StandIn, secret: string) =>
  store.notify.addChannel({ tenantId, kind: 'webhook', name, config: { url: `${at.origin}/alarm` }, secret: box.seal({ secret }) }, new Date());
const signedWith = (secret: string, r: ReceivedRequest) =>
  verifyWebhook(secret, { timestamp: String(r.headers['x-tianlu-timestamp']), signature: String(r.headers['x-tianlu-signature']) }, r.body);
const alarmIdOf = (r: ReceivedRequest) => (JSON.parse(r.body) as { id: number }).id;

describe('推送规则', () => {
  it('without rules sends every alarm to the 推送设置 recipients and robots; with rules by type and level', async () => {
    expect(await targets(await raise('overspeed'))).toEqual(['email:all@example.com', 'wecom:']);

    await route({
      rules: [
        rule('紧急告警短信', { levels: ['urgent'], channels: ['sms'], channelIds: [robotId], phones: ['13800138000'] }),
        rule('超速邮件', { alarmTypes: ['overspeed'], channels: ['email'], emails: ['fleet@example.com'] }),
      ],
    });
    expect(await targets(await raise('sos'))).toEqual(['sms:13800138000', 'wecom:']);
    expect(await targets(await raise('overspeed'))).toEqual(['email:fleet@example.com']);
    // covered by no rule: not sent at all
    expect(await targets(await raise('gnssFault'))).toEqual([]);
  });

  it('sends an alarm only to the robots its rule chose: SOS to one group, 超速 to another', async () => {
    const sosGroup = await addWecom('紧急群', robot2);
    await route({ rules: [rule('紧急 SOS', { alarmTypes: ['sos'], channelIds: [sosGroup] }), rule('超速', { alarmTypes: ['overspeed'], channelIds: [robotId] })] });
    const w = worker({ offsetMs: 0 });
    const sos = await raise('sos');
    await w.drain();
    expect(robot2.received).toHaveLength(1);
    expect(robot.received).toHaveLength(0);
    expect((await records(sos)).map((r) => [r.channelId, r.status])).toEqual([[sosGroup, OUTBOX_DELIVERED]]);

    await raise('overspeed');
    await w.drain();
    expect(robot.received).toHaveLength(1);
    expect(robot2.received).toHaveLength(1);
  });

  it('sends to every webhook chosen, each signed with its own secret', async () => {
    const a = await addWebhook('值班系统', hookA, SECRET_A);
    const b = await addWebhook('工单系统', hookB, SECRET_B);
    await route({ rules: [rule('全部告警', { channelIds: [a, b] })] });
    const id = await raise('sos');
    await worker({ offsetMs: 0 }).drain();
    expect(hookA.received).toHaveLength(1);
    expect(hookB.received).toHaveLength(1);
    expect(signedWith(SECRET_A, hookA.received[0]!)).toBe(true);
    expect(signedWith(SECRET_B, hookB.received[0]!)).toBe(true);
    expect(signedWith(SECRET_B, hookA.received[0]!)).toBe(false);
    expect(hookA.received.map(alarmIdOf)).toEqual([id]);
    expect(hookB.received.map(alarmIdOf)).toEqual([id]);

    // without rules every enabled webhook gets it too
    await route({});
    await store.notify.setChannelEnabled(tenantId, b, false, new Date());
    await raise('overspeed');
    await worker({ offsetMs: 0 }).drain();
    expect(hookA.received).toHaveLength(2);
    expect(hookB.received).toHaveLength(1);
  });

  it('skips a chosen channel that was disabled or deleted, and 推送记录 says so', async () => {
    const off = await addWecom('停用群', robot2, false);
    const gone = await addWecom('已删群', robot2);
    const gone2 = await addWecom('也删了', robot2);
    await route({ rules: [rule('紧急', { channelIds: [robotId, off, gone, gone2] })] });
    await store.notify.deleteChannel(tenantId, gone);
    await store.notify.deleteChannel(tenantId, gone2);
    const id = await raise('sos');
    await worker({ offsetMs: 0 }).drain();
    expect(robot.received).toHaveLength(1);
    expect(robot2.received).toHaveLength(0);
    const rows = await records(id);
    expect(rows.map((r) => [r.channel, r.status, r.tries, r.lastError]).sort()).toEqual([
      ['removed', OUTBOX_SKIPPED, 0, `所选推送渠道（编号 ${gone}）已删除，未推送；请在推送设置中修改规则`],
      ['removed', OUTBOX_SKIPPED, 0, `所选推送渠道（编号 ${gone2}）已删除，未推送；请在推送设置中修改规则`],
      ['wecom', OUTBOX_SKIPPED, 0, '推送渠道「停用群」已停用，未推送'],
      ['wecom', OUTBOX_DELIVERED, 1, null],
    ].sort());
  });
});

describe('免打扰时段', () => {
  it('holds alarms below the chosen level until the quiet hours end; urgent ones go at once', async () => {
    await route({ quietHours: { enabled: true, start: chinaTime(-60), end: chinaTime(60), minLevel: 'urgent' } });
    const sos = await raise('sos');
    const overspeed = await raise('overspeed');
    const w = worker({ offsetMs: 0 });
    await w.drain();
    expect((await records(sos)).map((r) => r.status)).toEqual([OUTBOX_DELIVERED, OUTBOX_DELIVERED]);
    const held = await records(overspeed);
    expect(held.map((r) => r.status)).toEqual([OUTBOX_PENDING, OUTBOX_PENDING]);
    const end = held[0]!.heldUntil!.getTime();
    expect(Math.abs(end - (Date.now() + 60 * 60_000))).toBeLessThan(61_000);
    expect(held[0]!.tries).toBe(0);

    // after the end they go out
    const later = worker({ offsetMs: end - Date.now() + 1000 });
    await later.drain();
    expect((await records(overspeed)).map((r) => r.status)).toEqual([OUTBOX_DELIVERED, OUTBOX_DELIVERED]);
  });

  it('knows China time and windows past midnight', () => {
    const q = { enabled: true, start: '22:00', end: '07:00', minLevel: 'urgent' as const };
    // 23:30 in Beijing is 15:30 UTC; the window ends at 07:00 Beijing, 23:00 UTC
    expect(quietHoursEnd(q, new Date('2026-05-01T15:30:00Z'))?.toISOString()).toBe('2026-05-01T23:00:00.000Z');
    expect(quietHoursEnd(q, new Date('2026-05-01T20:00:00Z'))?.toISOString()).toBe('2026-05-01T23:00:00.000Z');
    expect(quietHoursEnd(q, new Date('2026-05-01T23:00:00Z'))).toBeUndefined();
    expect(quietHoursEnd({ ...q, start: '12:00', end: '13:30' }, new Date('2026-05-01T04:10:00Z'))?.toISOString()).toBe('2026-05-01T05:30:00.000Z');
    expect(quietHoursEnd({ ...q, enabled: false }, new Date('2026-05-01T15:30:00Z'))).toBeUndefined();
  });
});

describe('告警升级', () => {
  it('sends an alarm still 未处理 after N minutes to the second list once, even with two instances', async () => {
    await route({ escalation: { enabled: true, afterMinutes: 30, minLevel: 'normal', channels: ['sms'], channelIds: [], emails: [], phones: ['13900139000'] } });
    const old = await raise('sos', 40 * 60_000);
    const handled = await raise('powerCut', 40 * 60_000);
    await store.db.updateTable('alarms').set({ status: 1 }).where('id', '=', String(handled)).execute();
    const fresh = await raise('overspeed', 10 * 60_000);
    const minor = await raise('gnssFault', 40 * 60_000);

    const a = new EscalationJob({ store, log: quiet });
    const b = new EscalationJob({ store, log: quiet });
    const written = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(written[0] + written[1]).toBe(1);
    expect(await a.runOnce()).toBe(0);
    const escalated = (await records(old)).filter((r) => r.purpose === 'escalation');
    expect(escalated.map((r) => [r.recipient, r.idempotencyKey])).toEqual([['13900139000', `alarm-${old}-escalation-sms-13900139000`]]);
    for (const id of [handled, fresh, minor]) expect((await records(id)).filter((r) => r.purpose === 'escalation')).toEqual([]);

    // ten minutes later the fresh one is due too
    const later = new EscalationJob({ store, log: quiet, now: () => new Date(Date.now() + 21 * 60_000) });
    expect(await later.runOnce()).toBe(1);
    expect((await records(fresh)).filter((r) => r.purpose === 'escalation')).toHaveLength(1);
  });

  it('reaches a chosen webhook once, signed, even with two instances', async () => {
    const hook = await addWebhook('值班系统', hookA, SECRET_A);
    await route({
      rules: [rule('只发机器人', { channelIds: [robotId] })],
      escalation: { enabled: true, afterMinutes: 30, minLevel: 'normal', channels: [], channelIds: [hook], emails: [], phones: [] },
    });
    const old = await raise('sos', 40 * 60_000);
    const w = worker({ offsetMs: 0 });
    await w.drain();
    // the alarm itself went to the robot only
    expect(hookA.received).toHaveLength(0);

    const a = new EscalationJob({ store, log: quiet });
    const b = new EscalationJob({ store, log: quiet });
    await Promise.all([a.runOnce(), b.runOnce(), worker({ offsetMs: 0 }).drain()]);
    await a.runOnce();
    await w.drain();
    await worker({ offsetMs: 0 }).drain();
    expect(hookA.received.map(alarmIdOf)).toEqual([old]);
    expect(signedWith(SECRET_A, hookA.received[0]!)).toBe(true);
    expect(String(hookA.received[0]!.headers['idempotency-key'])).toBe(`alarm-${old}-escalation-webhook-${hook}`);
  });
});

describe('Webhook 从推送设置迁入推送渠道 (0032)', () => {
  it('moves the 推送设置 webhook into a channel that keeps its secret and keeps delivering; kinds in rules become every channel of the kind', async () => {
    await store.db.deleteFrom('notify_channels').execute();
    await notifyChannelChoice.down!(store.db);
    // as 0030 left it: the address in 推送设置, the secret in the tenant's one webhook row, rules by kind
    const url = `${hookA.origin}/legacy`;
    await store.db.updateTable('alarm_push')
      .set({ settings: JSON.stringify({ ...defaultPushSettings(), webhook: { enabled: true, url } }) }).where('tenant_id', '=', tenantId).execute();
    const legacy = await store.notify.addChannel({ tenantId, kind: 'webhook', name: '', config: {}, secret: box.seal({ secret: SECRET_A }) }, new Date());
    const group = await addWecom('值班群', robot);
    await store.db.updateTable('notify_routing').set({
      settings: JSON.stringify({
        rules: [{ name: '紧急', alarmTypes: ['sos'], levels: [], channels: ['webhook', 'wecom', 'email'], emails: ['ops@example.com'], phones: [] }],
        escalation: { enabled: false, afterMinutes: 30, minLevel: 'urgent', channels: ['wecom'], emails: [], phones: [] },
      }),
    }).where('tenant_id', '=', tenantId).execute();

    await notifyChannelChoice.up(store.db);

    expect((await store.notify.channels(tenantId, 'webhook')).map((c) => [c.id, c.name, c.enabled, c.config])).toEqual([[legacy, 'Webhook', true, { url }]]);
    expect(await store.alarms.settings.push(tenantId)).not.toHaveProperty('webhook');
    const routing = await store.notify.routing(tenantId);
    expect(routing.rules[0]).toMatchObject({ channels: ['email'], channelIds: [legacy, group].sort((x, y) => x - y), emails: ['ops@example.com'] });
    expect(routing.escalation).toMatchObject({ channels: [], channelIds: [group] });

    const id = await raise('sos');
    await worker({ offsetMs: 0 }).drain();
    expect(hookA.received.map((r) => [r.url, alarmIdOf(r)])).toEqual([['/legacy', id]]);
    expect(signedWith(SECRET_A, hookA.received[0]!)).toBe(true);
    expect(robot.received).toHaveLength(1);
    // several webhooks a tenant now
    await addWebhook('第二个', hookB, SECRET_B);
    expect(await store.notify.channels(tenantId, 'webhook')).toHaveLength(2);
  });
});

describe('限流与合并', () => {
  it('merges a burst to one robot into one message that says how many, all 已送达 together', async () => {
    await store.alarms.settings.savePush(tenantId, defaultPushSettings(), new Date());
    const clock = { offsetMs: 0 };
    const w = worker(clock);
    const first = await raise('sos');
    await w.drain();
    expect(robot.received).toHaveLength(1);

    const burst = [await raise('overspeed'), await raise('fatigue'), await raise('powerCut')];
    await w.drain();
    // within the minute: they wait, nothing more is sent
    expect(robot.received).toHaveLength(1);
    for (const id of burst) expect((await records(id))[0]).toMatchObject({ status: OUTBOX_PENDING, tries: 0 });

    clock.offsetMs = 61_000;
    await w.drain();
    expect(robot.received).toHaveLength(2);
    const text = (JSON.parse(robot.received[1]!.body) as { text: { content: string } }).text.content;
    expect(text).toContain('共 3 条告警');
    expect(text).toContain('超速报警');
    expect(text).toContain('疲劳驾驶');
    const rows = (await Promise.all(burst.map(records))).map((r) => r[0]!);
    expect(rows.map((r) => r.status)).toEqual([OUTBOX_DELIVERED, OUTBOX_DELIVERED, OUTBOX_DELIVERED]);
    expect(new Set(rows.map((r) => r.deliveredAt!.getTime())).size).toBe(1);
    expect(rows[0]!.providerAnswer).toContain('合并 3 条告警');
    expect(rows.slice(1).map((r) => r.mergedInto)).toEqual([rows[0]!.id, rows[0]!.id]);
    expect((await records(first))[0]!.mergedInto).toBeNull();
    expect(robotId).toBeGreaterThan(0);
  });

  it("keeps to 腾讯云's ten messages a day per number: the eleventh waits, never dropped", async () => {
    await store.db.deleteFrom('notify_channels').execute();
    await store.alarms.settings.savePush(tenantId, { ...defaultPushSettings(), sms: { enabled: true, phones: ['13700137000'] } }, new Date());
    const sent: NotifyMessage[] = [];
    const sms: NotifyChannel = { send: async (m) => (sent.push(m), { accepted: true, providerAnswer: 'Ok', retryable: false }) };
    const clock = { offsetMs: 0 };
    const w = worker(clock, { channelFor: async () => ({ channel: sms, toLog: false, limits: PROVIDER_LIMITS['tencent-sms'] }) });
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      clock.offsetMs = i * 2 * 60_000;
      ids.push(await raise(i % 2 ? 'overspeed' : 'sos'));
      await store.db.updateTable('notify_outbox').set({ next_try_at: new Date(Date.now() + clock.offsetMs) }).where('alarm_id', '=', String(ids.at(-1))).execute();
      await w.drain();
    }
    expect(sent).toHaveLength(10);
    const last = (await records(ids[10]!))[0]!;
    expect(last).toMatchObject({ status: OUTBOX_PENDING, tries: 0 });
    clock.offsetMs = 24 * 3600_000 + 1000;
    await w.drain();
    expect(sent).toHaveLength(11);
    expect((await records(ids[10]!))[0]!.status).toBe(OUTBOX_DELIVERED);
  });

  it('counts every window of a limit', () => {
    const now = new Date('2026-05-01T00:00:10Z');
    const at = (s: number) => new Date(now.getTime() - s * 1000);
    // 飞书: 5 a second and 100 a minute
    expect(nextAllowed([at(0.1), at(0.2), at(0.3), at(0.4), at(0.5)], PROVIDER_LIMITS.feishu!, now)?.toISOString()).toBe('2026-05-01T00:00:10.500Z');
    expect(nextAllowed([at(0.1), at(0.2), at(0.3), at(0.4), at(2)], PROVIDER_LIMITS.feishu!, now)).toBeUndefined();
    expect(nextAllowed(Array.from({ length: 20 }, (_, i) => at(i + 1)), PROVIDER_LIMITS.dingtalk!, now)?.toISOString()).toBe('2026-05-01T00:00:50.000Z');
  });
});
