import { sql, type Kysely } from 'kysely';
import { NOTIFY_ROUTED_KINDS, type AlarmLevel, type AlarmPushSettings } from '../../sdk/services/alarm-service';
import { alarmLevel, alarmTypes } from '../alarms/alarm-catalogue';
import { atLeast, matchingRules, mergeRouting, quietHoursEnd, type NotifyRouting } from '../alarms/notify-routing';
import type { Database } from './db-schema';

/** 待发送, 已送达, 推送失败: where an outbox row stands. */
export const OUTBOX_PENDING = '待发送';
export const OUTBOX_DELIVERED = '已送达';
export const OUTBOX_FAILED = '推送失败';
/** A rule or the escalation chose a channel that is disabled or deleted: nothing was sent, the row says why. */
export const OUTBOX_SKIPPED = '已跳过';
/** The outbox channel of a skipped row whose chosen channel no longer exists. */
export const REMOVED_CHANNEL = 'removed';

/** alarm: the alarm's own delivery; escalation: it was still 未处理 after the tenant's 告警升级 time. */
export type DeliveryPurpose = 'alarm' | 'escalation';

/** An outbox row a worker holds. */
export interface ClaimedDelivery {
  id: number;
  tenantId: number;
  alarmId: number | null;
  channel: string;
  channelId: number | null;
  recipient: string;
  idempotencyKey: string;
  /** This try included. */
  tries: number;
  purpose: DeliveryPurpose;
  /** What provider limits and burst merge count by (a robot, an address, a number); null: neither. */
  rateKey: string | null;
}

/** A row of 推送记录. */
export interface DeliveryRecord extends Omit<ClaimedDelivery, 'purpose'> {
  /** alarm, escalation, or a text message's purpose (login-code, bind-code, lease-overdue). */
  purpose: string;
  status: string;
  lastError: string | null;
  providerAnswer: string | null;
  toLog: boolean;
  createdAt: Date;
  deliveredAt: Date | null;
  /** Quiet hours held it until then. */
  heldUntil: Date | null;
  /** The row whose message carried it (a merged burst). */
  mergedInto: number | null;
}

/** 推送记录's filter; status `toLog`: delivered to the server log. */
export interface RecordFilter {
  from?: Date;
  to?: Date;
  status?: string;
  channel?: string;
}

export interface StoredChannel {
  id: number;
  tenantId: number;
  kind: string;
  name: string;
  enabled: boolean;
  config: Record<string, unknown>;
  /** Encrypted; only the notify layer opens it. */
  secret: string | null;
}

/** At most `max` messages per rate key within any `ms`. */
export interface RateWindow {
  ms: number;
  max: number;
}

/** When the next message may go, given the earlier ones (newest first); undefined: now. */
export function nextAllowed(sentNewestFirst: readonly Date[], windows: readonly RateWindow[], now: Date): Date | undefined {
  let wait = 0;
  for (const w of windows) {
    const inside = sentNewestFirst.filter((t) => t.getTime() > now.getTime() - w.ms);
    if (inside.length >= w.max) wait = Math.max(wait, inside[w.max - 1]!.getTime() + w.ms);
  }
  return wait > now.getTime() ? new Date(wait) : undefined;
}

interface Target {
  channel: string;
  channel_id: number | null;
  recipient: string;
  rate_key: string | null;
  /** Set on a row written already skipped: why (the chosen channel is disabled or deleted). */
  skipped?: string;
}

/**
 * Where deliveries go: addresses, numbers, and robots and webhooks of 推送渠道 — the chosen ones
 * by id, or every enabled one (`'all'`: the tenant has no rules). A chosen channel that is disabled
 * or deleted becomes a skipped row that says so.
 */
async function targets(db: Kysely<Database>, tenantId: number, want: { emails: readonly string[]; phones: readonly string[]; channelIds: readonly number[] | 'all' }): Promise<Target[]> {
  const out: Target[] = [];
  const seen = new Set<string>();
  const add = (t: Target) => {
    // a deleted channel has no row: its skip note (naming its number) tells two apart
    const k = `${t.channel}\n${t.channel_id ?? ''}\n${t.recipient}\n${t.channel === REMOVED_CHANNEL ? t.skipped : ''}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push(t);
  };
  for (const to of want.emails) add({ channel: 'email', channel_id: null, recipient: to, rate_key: `email:${tenantId}:${to.toLowerCase()}` });
  for (const phone of want.phones) add({ channel: 'sms', channel_id: null, recipient: phone, rate_key: `sms:${tenantId}:${phone}` });
  if (want.channelIds !== 'all' && want.channelIds.length === 0) return out;
  let q = db.selectFrom('notify_channels').select(['id', 'kind', 'name', 'enabled', 'config'])
    .where('tenant_id', '=', tenantId).where('kind', 'in', [...NOTIFY_ROUTED_KINDS]);
  q = want.channelIds === 'all' ? q.where('enabled', '=', true) : q.where('id', 'in', [...want.channelIds]);
  const found = new Map((await q.orderBy('id').execute()).map((c) => [c.id, c]));
  const ids = want.channelIds === 'all' ? [...found.keys()] : [...new Set(want.channelIds)];
  for (const id of ids) {
    const c = found.get(id);
    if (!c) {
      add({ channel: REMOVED_CHANNEL, channel_id: null, recipient: '', rate_key: null, skipped: `所选推送渠道（编号 ${id}）已删除，未推送；请在推送设置中修改规则` });
      continue;
    }
    const name = c.name || c.kind;
    const url = c.kind === 'webhook' ? String((c.config as { url?: unknown } | null)?.url ?? '') : '';
    if (!c.enabled) add({ channel: c.kind, channel_id: c.id, recipient: url, rate_key: null, skipped: `推送渠道「${name}」已停用，未推送` });
    else if (c.kind === 'webhook') {
      if (url) add({ channel: 'webhook', channel_id: c.id, recipient: url, rate_key: null });
      else add({ channel: 'webhook', channel_id: c.id, recipient: '', rate_key: null, skipped: `推送渠道「${name}」没有推送地址，未推送` });
    } else add({ channel: c.kind, channel_id: c.id, recipient: '', rate_key: `${c.kind}:${c.id}` });
  }
  return out;
}

/** An outbox row of a target: a skipped one is written already finished, never tried. */
function outboxValues(t: Target, at: Date) {
  const { skipped, ...row } = t;
  return skipped ? { ...row, status: OUTBOX_SKIPPED, last_error: skipped, updated_at: at } : row;
}

async function routingOf(db: Kysely<Database>, tenantId: number): Promise<NotifyRouting> {
  const row = await db.selectFrom('notify_routing').select('settings').where('tenant_id', '=', tenantId).executeTakeFirst();
  return mergeRouting(row?.settings as Partial<NotifyRouting> | undefined);
}

async function levelOf(db: Kysely<Database>, tenantId: number, alarmType: string): Promise<AlarmLevel> {
  const own = await db.selectFrom('alarm_controls').select('level').where('tenant_id', '=', tenantId).where('alarm_type', '=', alarmType).executeTakeFirst();
  return alarmLevel(alarmType, own?.level);
}

/**
 * Writes the deliveries of a just-recorded alarm to the outbox, in the caller's transaction (the
 * one that inserted the alarm). Without 推送规则: one row per recipient of the tenant's 推送设置
 * and per enabled robot and webhook of 推送渠道. With rules: the recipients and the chosen robots
 * and webhooks of every rule covering the alarm's type and level (a disabled or deleted one as a
 * row 已跳过 that says so). In 免打扰时段 a row below the chosen level waits until they end.
 * Resolves with how many.
 */
export async function enqueueAlarmDeliveries(db: Kysely<Database>, alarm: { id: number; tenantId: number; alarmType: string }, now = new Date()): Promise<number> {
  const saved = await db.selectFrom('alarm_push').select('settings').where('tenant_id', '=', alarm.tenantId).executeTakeFirst();
  const s = (saved?.settings ?? {}) as Partial<AlarmPushSettings>;
  if (Array.isArray(s.alarmTypes) && !s.alarmTypes.includes(alarm.alarmType)) return 0;
  const routing = await routingOf(db, alarm.tenantId);
  const level = await levelOf(db, alarm.tenantId, alarm.alarmType);
  let rows: Target[];
  if (routing.rules.length === 0) {
    rows = await targets(db, alarm.tenantId, {
      emails: s.email?.enabled ? (s.email.to ?? []) : [],
      phones: s.sms?.enabled ? (s.sms.phones ?? []) : [],
      channelIds: 'all',
    });
  } else {
    const rules = matchingRules(routing, alarm.alarmType, level);
    rows = await targets(db, alarm.tenantId, {
      emails: rules.filter((r) => r.channels.includes('email')).flatMap((r) => r.emails),
      phones: rules.filter((r) => r.channels.includes('sms')).flatMap((r) => r.phones),
      channelIds: rules.flatMap((r) => r.channelIds),
    });
  }
  if (rows.length === 0) return 0;
  const held = atLeast(level, routing.quietHours.minLevel) ? undefined : quietHoursEnd(routing.quietHours, now);
  await db.insertInto('notify_outbox')
    .values(rows.map((r, i) => ({
      ...outboxValues(r, now), tenant_id: alarm.tenantId, alarm_id: alarm.id, idempotency_key: `alarm-${alarm.id}-${r.channel}-${i + 1}`,
      ...(held && !r.skipped && { next_try_at: held, held_until: held }),
    })))
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return rows.length;
}

/**
 * 告警升级: for every tenant with escalation on, the alarms of its pushed types at or above the
 * chosen level still 未处理 after the chosen minutes (and started within 实时告警's day) get rows
 * to the escalation list, once: their idempotency keys name the alarm and recipient, so two
 * instances running this at once write each row once. Resolves with how many rows were written.
 */
export async function enqueueEscalations(db: Kysely<Database>, now: Date, opts: { withinMs: number; batch?: number }): Promise<number> {
  const tenants = await db.selectFrom('notify_routing').select(['tenant_id', 'settings'])
    .where(sql<string>`settings->'escalation'->>'enabled'`, '=', 'true').execute();
  let written = 0;
  for (const t of tenants) {
    const routing = mergeRouting(t.settings as Partial<NotifyRouting>);
    const e = routing.escalation;
    const saved = await db.selectFrom('alarm_push').select('settings').where('tenant_id', '=', t.tenant_id).executeTakeFirst();
    const pushed = (saved?.settings as Partial<AlarmPushSettings> | undefined)?.alarmTypes;
    const own = new Map((await db.selectFrom('alarm_controls').select(['alarm_type', 'level']).where('tenant_id', '=', t.tenant_id).execute()).map((c) => [c.alarm_type, c.level]));
    const types = alarmTypes().map((a) => a.alarmType)
      .filter((a) => (!Array.isArray(pushed) || pushed.includes(a)) && atLeast(alarmLevel(a, own.get(a)), e.minLevel));
    if (types.length === 0) continue;
    const to = await targets(db, t.tenant_id, {
      emails: e.channels.includes('email') ? e.emails : [], phones: e.channels.includes('sms') ? e.phones : [], channelIds: e.channelIds,
    });
    if (to.length === 0) continue;
    const due = await db.selectFrom('alarms as a').select(['a.id', 'a.alarm_type'])
      .where('a.tenant_id', '=', t.tenant_id).where('a.status', '=', 0).where('a.alarm_type', 'in', types)
      .where('a.start_time', '<=', new Date(now.getTime() - e.afterMinutes * 60_000))
      .where('a.start_time', '>', new Date(now.getTime() - opts.withinMs))
      .where(({ not, exists, selectFrom }) => not(exists(
        selectFrom('notify_outbox as o').select('o.id').whereRef('o.alarm_id', '=', 'a.id').where('o.purpose', '=', 'escalation'),
      )))
      .orderBy('a.start_time').limit(opts.batch ?? 200).execute();
    for (const a of due) {
      const level = alarmLevel(a.alarm_type, own.get(a.alarm_type));
      const held = atLeast(level, routing.quietHours.minLevel) ? undefined : quietHoursEnd(routing.quietHours, now);
      const res = await db.insertInto('notify_outbox')
        .values(to.map((r, i) => ({
          ...outboxValues(r, now), tenant_id: t.tenant_id, alarm_id: a.id, purpose: 'escalation', created_at: now, updated_at: now,
          idempotency_key: `alarm-${a.id}-escalation-${r.channel}-${r.channel_id ?? (r.recipient || i + 1)}`,
          next_try_at: held ?? now, ...(held && !r.skipped && { held_until: held }),
        })))
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .executeTakeFirst();
      written += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return written;
}

const RETURNING = sql.raw('id, tenant_id, alarm_id, channel, channel_id, recipient, idempotency_key, tries, purpose, rate_key');

function toDelivery(r: Record<string, unknown>): ClaimedDelivery {
  return {
    id: Number(r.id), tenantId: Number(r.tenant_id), alarmId: r.alarm_id === null ? null : Number(r.alarm_id), channel: String(r.channel),
    channelId: r.channel_id === null ? null : Number(r.channel_id), recipient: String(r.recipient), idempotencyKey: String(r.idempotency_key), tries: Number(r.tries),
    purpose: r.purpose === 'escalation' ? 'escalation' : 'alarm', rateKey: r.rate_key === null || r.rate_key === undefined ? null : String(r.rate_key),
  };
}

/** 告警推送: the tenants' channels and the outbox the delivery workers work off. */
export class NotifyQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Leases up to `limit` due rows to the caller until `leaseUntil` (their try counted). Rows another
   * worker holds are skipped (FOR UPDATE SKIP LOCKED), so two instances never hold one row at once;
   * a row whose lease ran out (its worker stopped) is due again.
   */
  async claim(now: Date, leaseUntil: Date, token: string, limit: number): Promise<ClaimedDelivery[]> {
    const { rows } = await sql<Record<string, unknown>>`
      update notify_outbox set leased_until = ${leaseUntil}, lease_token = ${token}, tries = tries + 1, updated_at = ${now}
      where id in (
        select id from notify_outbox
        where status = ${OUTBOX_PENDING} and next_try_at <= ${now} and (leased_until is null or leased_until < ${now})
        order by next_try_at, id
        limit ${limit}
        for update skip locked)
      returning ${RETURNING}`.execute(this.db);
    return rows.map(toDelivery);
  }

  /** Records the answer of a try, unless the lease has passed to another worker meanwhile; whether it was recorded. */
  async finish(id: number, token: string, outcome:
    | { status: typeof OUTBOX_DELIVERED; at: Date; providerAnswer: string; toLog: boolean }
    | { status: typeof OUTBOX_PENDING; at: Date; nextTryAt: Date; error: string }
    | { status: typeof OUTBOX_FAILED; at: Date; error: string }): Promise<boolean> {
    const base = { status: outcome.status, updated_at: outcome.at, leased_until: null, lease_token: null };
    const patch = outcome.status === OUTBOX_DELIVERED
      ? { ...base, delivered_at: outcome.at, provider_answer: outcome.providerAnswer, to_log: outcome.toLog, last_error: null }
      : outcome.status === OUTBOX_PENDING
        ? { ...base, next_try_at: outcome.nextTryAt, last_error: outcome.error }
        : { ...base, last_error: outcome.error };
    const res = await this.db.updateTable('notify_outbox').set(patch).where('id', '=', String(id)).where('lease_token', '=', token).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Before a message to `rateKey` goes out (the rows `held` already leased to `token`): under a
   * lock of the key, either the time the provider limits or the burst merge allow the next one —
   * the held rows then wait until it, their try not counted — or the message is recorded as sent
   * now, with the key's other due rows leased to go with it (a merged burst).
   */
  async reserveSend(rateKey: string, windows: readonly RateWindow[], held: readonly number[], now: Date, leaseUntil: Date, token: string, limit = 50):
    Promise<{ wait: Date } | { partners: ClaimedDelivery[] }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${rateKey}))`.execute(trx);
      const longest = Math.max(...windows.map((w) => w.ms));
      const sends = await trx.selectFrom('notify_sends').select('sent_at').where('rate_key', '=', rateKey)
        .where('sent_at', '>', new Date(now.getTime() - longest)).orderBy('sent_at', 'desc').execute();
      const wait = nextAllowed(sends.map((x) => new Date(x.sent_at)), windows, now);
      if (wait) {
        await trx.updateTable('notify_outbox').set({ next_try_at: wait, tries: sql`greatest(tries - 1, 0)`, leased_until: null, lease_token: null, updated_at: now })
          .where('id', 'in', held.map(String)).where('lease_token', '=', token).execute();
        return { wait };
      }
      const more = limit - held.length;
      const { rows } = more <= 0 ? { rows: [] } : await sql<Record<string, unknown>>`
        update notify_outbox set leased_until = ${leaseUntil}, lease_token = ${token}, tries = tries + 1, updated_at = ${now}
        where id in (
          select id from notify_outbox
          where status = ${OUTBOX_PENDING} and rate_key = ${rateKey} and next_try_at <= ${now} and (leased_until is null or leased_until < ${now})
          order by next_try_at, id
          limit ${more}
          for update skip locked)
        returning ${RETURNING}`.execute(trx);
      await trx.insertInto('notify_sends').values({ rate_key: rateKey, sent_at: now, rows: held.length + rows.length }).execute();
      return { partners: rows.map(toDelivery) };
    });
  }

  /** The rows a merged message carried besides its first point to it (推送记录 shows them together). */
  async markMerged(leadId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('notify_outbox').set({ merged_into: String(leadId) }).where('id', 'in', ids.map(String)).execute();
  }

  /** Forgets sends older than every limit window (a day), so the limits read a short list. */
  async pruneSends(before: Date): Promise<void> {
    await this.db.deleteFrom('notify_sends').where('sent_at', '<', before).execute();
  }

  /** The tenant's 推送规则, 免打扰时段 and 告警升级 (the defaults until it saves its own). */
  async routing(tenantId: number): Promise<NotifyRouting> {
    return routingOf(this.db, tenantId);
  }

  async saveRouting(tenantId: number, routing: NotifyRouting, at: Date): Promise<void> {
    const values = { settings: JSON.stringify(routing), updated_at: at };
    await this.db.insertInto('notify_routing').values({ tenant_id: tenantId, ...values })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
  }

  /** The deliveries of the tenant, newest first (推送记录). */
  async records(tenantId: number, opts: { alarmId?: number; offset?: number; limit?: number } = {}): Promise<DeliveryRecord[]> {
    let q = this.db.selectFrom('notify_outbox').selectAll().where('tenant_id', '=', tenantId);
    if (opts.alarmId !== undefined) q = q.where('alarm_id', '=', String(opts.alarmId));
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(opts.offset ?? 0).limit(opts.limit ?? 100).execute();
    return rows.map((r) => ({
      ...toDelivery(r as unknown as Record<string, unknown>), purpose: r.purpose, status: r.status, lastError: r.last_error, providerAnswer: r.provider_answer, toLog: r.to_log,
      createdAt: r.created_at, deliveredAt: r.delivered_at, heldUntil: r.held_until, mergedInto: r.merged_into === null ? null : Number(r.merged_into),
    }));
  }

  /** The tenant's channels of a kind (all kinds without one), enabled ones only unless asked. */
  async channels(tenantId: number, kind?: string, includeDisabled = false): Promise<StoredChannel[]> {
    let q = this.db.selectFrom('notify_channels').selectAll().where('tenant_id', '=', tenantId);
    if (kind) q = q.where('kind', '=', kind);
    if (!includeDisabled) q = q.where('enabled', '=', true);
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, kind: r.kind, name: r.name, enabled: r.enabled, config: (r.config ?? {}) as Record<string, unknown>, secret: r.secret }));
  }

  /** The tenant's enabled SMS channels, 阿里云 before 腾讯云 (the order the alarm deliveries choose in). */
  async smsChannels(tenantId: number): Promise<StoredChannel[]> {
    return [...(await this.channels(tenantId, 'aliyun-sms')), ...(await this.channels(tenantId, 'tencent-sms'))];
  }

  /** The platform's own tenant: the top platform tenant (the first made when there are several). */
  async platformTenantId(): Promise<number | undefined> {
    const row = await this.db.selectFrom('tenants').select('id').where('kind', '=', 'platform')
      .orderBy(sql`parent_id is not null`).orderBy('id').executeTakeFirst();
    return row?.id;
  }

  /**
   * Puts a text message sent at once (a verification code, a lease notice) on record in 推送记录:
   * an outbox row already ended (已送达 or 推送失败), never claimed by the delivery workers.
   */
  async recordText(t: {
    tenantId: number; channelId: number | null; recipient: string; purpose: string; key: string; at: Date; tries: number;
    outcome: { accepted: true; providerAnswer: string; toLog: boolean } | { accepted: false; error: string };
  }): Promise<number> {
    const ended = t.outcome.accepted
      ? { status: OUTBOX_DELIVERED, delivered_at: t.at, provider_answer: t.outcome.providerAnswer, to_log: t.outcome.toLog }
      : { status: OUTBOX_FAILED, last_error: t.outcome.error };
    const row = await this.db.insertInto('notify_outbox')
      .values({
        tenant_id: t.tenantId, alarm_id: null, channel: 'sms', channel_id: t.channelId, recipient: t.recipient, idempotency_key: t.key,
        purpose: t.purpose, tries: t.tries, next_try_at: t.at, created_at: t.at, updated_at: t.at, ...ended,
      })
      .returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async channel(id: number): Promise<StoredChannel | undefined> {
    const r = await this.db.selectFrom('notify_channels').selectAll().where('id', '=', id).executeTakeFirst();
    return r && { id: r.id, tenantId: r.tenant_id, kind: r.kind, name: r.name, enabled: r.enabled, config: (r.config ?? {}) as Record<string, unknown>, secret: r.secret };
  }

  /** Adds a channel (its secret already encrypted); its id. */
  async addChannel(c: { tenantId: number; kind: string; name?: string; enabled?: boolean; config: Record<string, unknown>; secret: string | null }, at: Date): Promise<number> {
    const row = await this.db.insertInto('notify_channels')
      .values({ tenant_id: c.tenantId, kind: c.kind, name: c.name ?? '', enabled: c.enabled ?? true, config: JSON.stringify(c.config), secret: c.secret, created_at: at, updated_at: at })
      .returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A webhook channel's signing secret (encrypted), made by `create` the first time it is needed
   * (a webhook moved over from 推送设置 without one); undefined when the channel is gone.
   */
  async webhookSecret(channelId: number, create: () => string): Promise<string | undefined> {
    const existing = await this.db.selectFrom('notify_channels').select('secret').where('id', '=', channelId).executeTakeFirst();
    if (!existing || existing.secret) return existing?.secret ?? undefined;
    // two instances at once: the first secret written is the one both use
    await this.db.updateTable('notify_channels').set({ secret: create() }).where('id', '=', channelId).where('kind', '=', 'webhook').where('secret', 'is', null).execute();
    const row = await this.db.selectFrom('notify_channels').select('secret').where('id', '=', channelId).executeTakeFirst();
    return row?.secret ?? undefined;
  }

  /** Changes a channel of the tenant (its secret already encrypted); whether it was the tenant's. */
  async updateChannel(tenantId: number, id: number, c: { name: string; enabled: boolean; config: Record<string, unknown>; secret: string | null }, at: Date): Promise<boolean> {
    const res = await this.db.updateTable('notify_channels')
      .set({ name: c.name, enabled: c.enabled, config: JSON.stringify(c.config), secret: c.secret, updated_at: at })
      .where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async setChannelEnabled(tenantId: number, id: number, enabled: boolean, at: Date): Promise<boolean> {
    const res = await this.db.updateTable('notify_channels').set({ enabled, updated_at: at }).where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async deleteChannel(tenantId: number, id: number): Promise<boolean> {
    const res = await this.db.deleteFrom('notify_channels').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /**
   * 推送记录: the tenant's deliveries queued within the time range, of a status (仅记录日志: delivered
   * to the log) and an outbox channel, newest first, with the robot's name; one page and the count.
   */
  async recordPage(tenantId: number, filter: RecordFilter, page: { offset: number; limit: number }): Promise<{ total: number; list: (DeliveryRecord & { channelName: string | null })[] }> {
    let q = this.db.selectFrom('notify_outbox as o').leftJoin('notify_channels as c', 'c.id', 'o.channel_id').where('o.tenant_id', '=', tenantId);
    if (filter.from) q = q.where('o.created_at', '>=', filter.from);
    if (filter.to) q = q.where('o.created_at', '<=', filter.to);
    if (filter.channel) q = q.where('o.channel', '=', filter.channel);
    if (filter.status === 'toLog') q = q.where('o.status', '=', OUTBOX_DELIVERED).where('o.to_log', '=', true);
    else if (filter.status === OUTBOX_DELIVERED) q = q.where('o.status', '=', OUTBOX_DELIVERED).where('o.to_log', '=', false);
    else if (filter.status) q = q.where('o.status', '=', filter.status);
    const { count } = await q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('o').select('c.name as channel_name')
      .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').offset(page.offset).limit(page.limit).execute();
    return {
      total: Number(count),
      list: rows.map((r) => ({
        ...toDelivery(r as unknown as Record<string, unknown>), purpose: r.purpose, status: r.status, lastError: r.last_error, providerAnswer: r.provider_answer, toLog: r.to_log,
        createdAt: r.created_at, deliveredAt: r.delivered_at, heldUntil: r.held_until, mergedInto: r.merged_into === null ? null : Number(r.merged_into),
        channelName: r.channel_name,
      })),
    };
  }
}
