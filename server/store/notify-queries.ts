import { sql, type Kysely } from 'kysely';
import type { AlarmPushSettings } from '../../sdk/services/alarm-service';
import type { Database } from './db-schema';

/** 待发送, 已送达, 推送失败: where an outbox row stands. */
export const OUTBOX_PENDING = '待发送';
export const OUTBOX_DELIVERED = '已送达';
export const OUTBOX_FAILED = '推送失败';

/** Robot channels every alarm of the tenant goes to (the tenant's push types permitting). */
const ROBOT_KINDS = ['dingtalk', 'wecom', 'feishu'] as const;

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
}

/** A row of 推送记录. */
export interface DeliveryRecord extends ClaimedDelivery {
  status: string;
  lastError: string | null;
  providerAnswer: string | null;
  toLog: boolean;
  createdAt: Date;
  deliveredAt: Date | null;
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

/**
 * Writes the deliveries of a just-recorded alarm to the outbox, in the caller's transaction (the
 * one that inserted the alarm): one row per channel and recipient the tenant's 推送设置 and robot
 * channels name. Resolves with how many.
 */
export async function enqueueAlarmDeliveries(db: Kysely<Database>, alarm: { id: number; tenantId: number; alarmType: string }): Promise<number> {
  const saved = await db.selectFrom('alarm_push').select('settings').where('tenant_id', '=', alarm.tenantId).executeTakeFirst();
  const s = (saved?.settings ?? {}) as Partial<AlarmPushSettings>;
  if (Array.isArray(s.alarmTypes) && !s.alarmTypes.includes(alarm.alarmType)) return 0;
  const rows: { channel: string; channel_id: number | null; recipient: string }[] = [];
  if (s.webhook?.enabled && s.webhook.url) rows.push({ channel: 'webhook', channel_id: null, recipient: s.webhook.url });
  if (s.email?.enabled) for (const to of s.email.to ?? []) rows.push({ channel: 'email', channel_id: null, recipient: to });
  if (s.sms?.enabled) for (const phone of s.sms.phones ?? []) rows.push({ channel: 'sms', channel_id: null, recipient: phone });
  const robots = await db.selectFrom('notify_channels').select(['id', 'kind'])
    .where('tenant_id', '=', alarm.tenantId).where('enabled', '=', true).where('kind', 'in', ROBOT_KINDS).orderBy('id').execute();
  for (const r of robots) rows.push({ channel: r.kind, channel_id: r.id, recipient: '' });
  if (rows.length === 0) return 0;
  await db.insertInto('notify_outbox')
    .values(rows.map((r, i) => ({ ...r, tenant_id: alarm.tenantId, alarm_id: alarm.id, idempotency_key: `alarm-${alarm.id}-${r.channel}-${i + 1}` })))
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return rows.length;
}

function toDelivery(r: Record<string, unknown>): ClaimedDelivery {
  return {
    id: Number(r.id), tenantId: Number(r.tenant_id), alarmId: r.alarm_id === null ? null : Number(r.alarm_id), channel: String(r.channel),
    channelId: r.channel_id === null ? null : Number(r.channel_id), recipient: String(r.recipient), idempotencyKey: String(r.idempotency_key), tries: Number(r.tries),
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
      returning id, tenant_id, alarm_id, channel, channel_id, recipient, idempotency_key, tries`.execute(this.db);
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

  /** The deliveries of the tenant, newest first (推送记录). */
  async records(tenantId: number, opts: { alarmId?: number; offset?: number; limit?: number } = {}): Promise<DeliveryRecord[]> {
    let q = this.db.selectFrom('notify_outbox').selectAll().where('tenant_id', '=', tenantId);
    if (opts.alarmId !== undefined) q = q.where('alarm_id', '=', String(opts.alarmId));
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(opts.offset ?? 0).limit(opts.limit ?? 100).execute();
    return rows.map((r) => ({
      ...toDelivery(r as unknown as Record<string, unknown>), status: r.status, lastError: r.last_error, providerAnswer: r.provider_answer, toLog: r.to_log,
      createdAt: r.created_at, deliveredAt: r.delivered_at,
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

  /** The tenant's webhook signing secret (encrypted), made by `create` the first time it is needed. */
  async webhookSecret(tenantId: number, create: () => string): Promise<string> {
    const existing = await this.db.selectFrom('notify_channels').select('secret').where('tenant_id', '=', tenantId).where('kind', '=', 'webhook').executeTakeFirst();
    if (existing?.secret) return existing.secret;
    await sql`insert into notify_channels (tenant_id, kind, name, config, secret) values (${tenantId}, 'webhook', '', '{}'::jsonb, ${create()})
      on conflict (tenant_id) where kind = 'webhook' do nothing`.execute(this.db);
    const row = await this.db.selectFrom('notify_channels').select('secret').where('tenant_id', '=', tenantId).where('kind', '=', 'webhook').executeTakeFirstOrThrow();
    return row.secret!;
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
        ...toDelivery(r as unknown as Record<string, unknown>), status: r.status, lastError: r.last_error, providerAnswer: r.provider_answer, toLog: r.to_log,
        createdAt: r.created_at, deliveredAt: r.delivered_at, channelName: r.channel_name,
      })),
    };
  }
}
