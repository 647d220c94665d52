import { randomBytes } from 'node:crypto';
import { Poller } from './poller';
import { toAlarm } from '../alarms/alarm-model';
import type { Store } from '../store/create-store';
import { OUTBOX_DELIVERED, OUTBOX_FAILED, OUTBOX_PENDING, type ClaimedDelivery, type RateWindow, type StoredChannel } from '../store/notify-queries';
import { alarmMessage, mergedMessage } from './alarm-message';
import { AliyunSmsChannel, type AliyunSmsConfig } from './channels/aliyun-sms';
import type { HttpChannelOptions, NotifyChannel, SendResult } from './channels/channel';
import { DingtalkChannel, type DingtalkConfig } from './channels/dingtalk';
import { FeishuChannel, type FeishuConfig } from './channels/feishu';
import { SmtpChannel, type SmtpConfig } from './channels/smtp';
import { TencentSmsChannel, type TencentSmsConfig } from './channels/tencent-sms';
import { WebhookChannel } from './channels/webhook';
import { WecomChannel, type WecomConfig } from './channels/wecom';
import { BURST_WINDOW, PROVIDER_LIMITS } from './rate-limits';
import { alarmTemplateKey, type NotifyChannelKind } from '../../sdk/notify-channels';
import type { SecretBox } from './secret-box';

interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface DeliveryWorkerOptions {
  store: Store;
  box: SecretBox;
  log: WorkerLog;
  now?: () => Date;
  /** Tries before a delivery is given up into 推送失败. Default 10 (backoff reaching past an hour's outage). */
  maxTries?: number;
  /** Wait after the first failed try; doubled after each further one. Default 30 000 ms. */
  baseDelayMs?: number;
  /** Longest wait between tries. Default 30 minutes. */
  maxDelayMs?: number;
  /** How long a claimed row stays this worker's; a worker that stopped gives it up when this runs out. Default 60 000 ms. */
  leaseMs?: number;
  /** Rows claimed at once. Default 10. */
  batch?: number;
  /** How often the outbox is looked at. Default 1000 ms. */
  pollMs?: number;
  http?: HttpChannelOptions;
  /** Tests replace how a delivery's channel is found. */
  channelFor?: (d: ClaimedDelivery) => Promise<ResolvedChannel>;
}

/**
 * The channel a delivery goes through; `toLog`: no provider is configured, it goes to the server
 * log (the demo); `limits`: the provider's documented limits per rate key.
 */
export type ResolvedChannel = { channel: NotifyChannel; toLog: boolean; limits?: readonly RateWindow[] } | { missing: string };

/** The development stand-in for a provider a tenant has not configured: the server log. */
class LogChannel implements NotifyChannel {
  constructor(private readonly what: string, private readonly log: WorkerLog) {}

  async send(message: Parameters<NotifyChannel['send']>[0], recipient: string): Promise<SendResult> {
    this.log.info({ recipient, subject: message.subject, text: message.text }, `${this.what}（未配置服务商，写入日志）→ ${recipient}: ${message.text}`);
    return { accepted: true, providerAnswer: `未配置${this.what}服务商，已写入服务器日志`, retryable: false };
  }
}

/** Exponential backoff: base, 2×base, 4×base … up to the maximum. */
export function backoffMs(tries: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, tries - 1));
}

/**
 * Works off the 告警推送 outbox: claims due rows under a lease (FOR UPDATE SKIP LOCKED, so several
 * instances share the work and never hold one row at once), sends each through its channel and
 * records the answer: 已送达; 待发送 again after a backoff when the failure is worth another try;
 * 推送失败 with the last error after the last try or a permanent refusal. A row whose worker
 * stopped mid-delivery is claimed again when its lease runs out; the receiver de-duplicates on the
 * idempotency key, which every try of a row carries.
 */
export class DeliveryWorker {
  private readonly token = randomBytes(8).toString('hex');
  private readonly poller: Poller;

  constructor(private readonly opts: DeliveryWorkerOptions) {
    this.poller = new Poller(() => this.drain(), this.opts.pollMs ?? 1000, (err) => this.opts.log.warn({ err }, '告警推送处理失败'));
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  start(): this {
    this.poller.start();
    return this;
  }

  close(): Promise<void> {
    return this.poller.close();
  }

  /** Claims and delivers batches until nothing is due; resolves with how many tries were made. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runOnce();
      total += n;
      if (n === 0) return total;
    }
  }

  /** Claims one batch of due rows and delivers them; resolves with how many. */
  async runOnce(): Promise<number> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + (this.opts.leaseMs ?? 60_000));
    const claimed = await this.opts.store.notify.claim(now, leaseUntil, this.token, this.opts.batch ?? 10);
    // rows to one recipient go together (burst merge); rows without a rate key one by one
    const groups = new Map<string, ClaimedDelivery[]>();
    for (const d of [...claimed].sort((a, b) => a.id - b.id)) {
      const key = d.rateKey ?? `row:${d.id}`;
      groups.set(key, [...(groups.get(key) ?? []), d]);
    }
    await Promise.all([...groups.values()].map((g) => this.deliver(g, now, leaseUntil)));
    return claimed.length;
  }

  /**
   * Delivers rows to one recipient as one message. A keyed group first asks the store whether the
   * provider limits and the burst merge let a message go now: if not, the rows wait; if so, the
   * key's other due rows join the message.
   */
  private async deliver(group: ClaimedDelivery[], now: Date, leaseUntil: Date): Promise<void> {
    const lead = group[0]!;
    let rows = group;
    let result: SendResult;
    let toLog = false;
    let sent = rows;
    try {
      const resolved = await (this.opts.channelFor ?? ((x) => this.resolve(x)))(lead);
      if ('missing' in resolved) {
        result = { accepted: false, providerAnswer: resolved.missing, retryable: false };
      } else {
        toLog = resolved.toLog;
        if (lead.rateKey !== null) {
          const reserved = await this.opts.store.notify.reserveSend(lead.rateKey, [BURST_WINDOW, ...(resolved.limits ?? [])], rows.map((r) => r.id), now, leaseUntil, this.token);
          if ('wait' in reserved) return;
          // the oldest row leads: its key is the merged message's key
          rows = [...rows, ...reserved.partners].sort((a, b) => a.id - b.id);
          sent = rows;
        }
        const alarms = new Map((await this.opts.store.alarms.byIds(rows.flatMap((r) => (r.alarmId === null ? [] : [r.alarmId])))).map((a) => [a.id, a]));
        const gone = rows.filter((r) => r.alarmId === null || !alarms.has(r.alarmId));
        await Promise.all(gone.map((r) => this.record(r, { accepted: false, providerAnswer: '告警已不存在', retryable: false }, false)));
        sent = rows.filter((r) => !gone.includes(r));
        if (sent.length === 0) return;
        const items = sent.map((r) => ({ alarm: toAlarm(alarms.get(r.alarmId!)!), purpose: r.purpose }));
        const message = items.length === 1 ? alarmMessage(items[0]!.alarm, sent[0]!.idempotencyKey, sent[0]!.purpose) : mergedMessage(items, sent[0]!.idempotencyKey);
        result = await resolved.channel.send(message, lead.recipient);
        if (sent.length > 1) result = { ...result, providerAnswer: `合并 ${sent.length} 条告警为一条消息；${result.providerAnswer}` };
      }
    } catch (err) {
      result = { accepted: false, providerAnswer: err instanceof Error ? err.message : String(err), retryable: true };
    }
    // the rows of one message end together: one answer, one time
    const at = this.now();
    await Promise.all(sent.map((r) => this.record(r, result, toLog, at)));
    if (result.accepted && sent.length > 1) await this.opts.store.notify.markMerged(sent[0]!.id, sent.slice(1).map((r) => r.id));
  }

  /** Records the answer of a try: 已送达; 待发送 after a backoff; 推送失败 after the last try or a permanent refusal. */
  private async record(d: ClaimedDelivery, result: SendResult, toLog: boolean, at = this.now()): Promise<void> {
    const maxTries = this.opts.maxTries ?? 10;
    let recorded: boolean;
    if (result.accepted) {
      recorded = await this.opts.store.notify.finish(d.id, this.token, { status: OUTBOX_DELIVERED, at, providerAnswer: result.providerAnswer, toLog });
    } else if (result.retryable && d.tries < maxTries) {
      const nextTryAt = new Date(at.getTime() + backoffMs(d.tries, this.opts.baseDelayMs ?? 30_000, this.opts.maxDelayMs ?? 30 * 60_000));
      recorded = await this.opts.store.notify.finish(d.id, this.token, { status: OUTBOX_PENDING, at, nextTryAt, error: result.providerAnswer });
    } else {
      recorded = await this.opts.store.notify.finish(d.id, this.token, { status: OUTBOX_FAILED, at, error: result.providerAnswer });
      this.opts.log.warn({ deliveryId: d.id, channel: d.channel, tries: d.tries, error: result.providerAnswer }, '告警推送失败，不再重试');
    }
    if (!recorded) this.opts.log.warn({ deliveryId: d.id }, '告警推送租约已过期，结果由接手的实例记录');
  }

  /** The channel of a delivery from the tenant's configuration. */
  async resolve(d: ClaimedDelivery): Promise<ResolvedChannel> {
    const { notify } = this.opts.store;
    const http = this.opts.http ?? {};
    const settings = (c: StoredChannel) => ({ ...c.config, ...(c.secret ? this.opts.box.open(c.secret) : {}) });
    switch (d.channel) {
      case 'webhook': {
        // a row queued before webhooks were channels names its address only
        const c = d.channelId !== null ? await notify.channel(d.channelId) : (await notify.channels(d.tenantId, 'webhook', true)).find((w) => w.config.url === d.recipient);
        if (!c || !c.enabled) return { missing: '推送通道已删除或停用' };
        const url = typeof c.config.url === 'string' && c.config.url ? c.config.url : d.recipient;
        const sealed = await notify.webhookSecret(c.id, () => this.opts.box.seal({ secret: randomBytes(32).toString('hex') }));
        if (!sealed) return { missing: '推送通道已删除或停用' };
        return { channel: new WebhookChannel({ url, secret: this.opts.box.open(sealed).secret! }, http), toLog: false };
      }
      case 'email': {
        const [smtp] = await notify.channels(d.tenantId, 'smtp');
        if (!smtp) return { channel: new LogChannel('邮件', this.opts.log), toLog: true };
        return { channel: new SmtpChannel(settings(smtp) as unknown as SmtpConfig), toLog: false };
      }
      case 'sms': {
        // the first SMS channel with an alarm template (one may carry only the code or lease templates)
        const channels = await notify.smsChannels(d.tenantId);
        if (channels.length === 0) return { channel: new LogChannel('短信', this.opts.log), toLog: true };
        const c = channels.find((x) => !!x.config[alarmTemplateKey(x.kind as NotifyChannelKind) ?? '']);
        if (!c) return { missing: `短信渠道「${channels[0]!.name}」未设置告警模板，告警短信未发送；请在推送渠道中填写告警模板` };
        if (c.kind === 'aliyun-sms') return { channel: new AliyunSmsChannel(settings(c) as unknown as AliyunSmsConfig, http), toLog: false, limits: PROVIDER_LIMITS['aliyun-sms'] };
        return { channel: new TencentSmsChannel(settings(c) as unknown as TencentSmsConfig, http), toLog: false, limits: PROVIDER_LIMITS['tencent-sms'] };
      }
      case 'dingtalk':
      case 'wecom':
      case 'feishu': {
        const c = d.channelId === null ? undefined : await notify.channel(d.channelId);
        if (!c || !c.enabled) return { missing: '推送通道已删除或停用' };
        const s = settings(c);
        const limits = PROVIDER_LIMITS[d.channel];
        if (d.channel === 'dingtalk') return { channel: new DingtalkChannel(s as unknown as DingtalkConfig, http), toLog: false, limits };
        if (d.channel === 'wecom') return { channel: new WecomChannel(s as unknown as WecomConfig, http), toLog: false, limits };
        return { channel: new FeishuChannel(s as unknown as FeishuConfig, http), toLog: false, limits };
      }
      default:
        return { missing: `未知的推送通道：${d.channel}` };
    }
  }
}
