import { randomBytes } from 'node:crypto';
import { toAlarm } from '../alarms/alarm-model';
import type { Store } from '../store/create-store';
import { OUTBOX_DELIVERED, OUTBOX_FAILED, OUTBOX_PENDING, type ClaimedDelivery, type StoredChannel } from '../store/notify-queries';
import { alarmMessage } from './alarm-message';
import { AliyunSmsChannel, type AliyunSmsConfig } from './channels/aliyun-sms';
import type { HttpChannelOptions, NotifyChannel, SendResult } from './channels/channel';
import { DingtalkChannel, type DingtalkConfig } from './channels/dingtalk';
import { FeishuChannel, type FeishuConfig } from './channels/feishu';
import { SmtpChannel, type SmtpConfig } from './channels/smtp';
import { TencentSmsChannel, type TencentSmsConfig } from './channels/tencent-sms';
import { WebhookChannel } from './channels/webhook';
import { WecomChannel, type WecomConfig } from './channels/wecom';
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

/** The channel a delivery goes through; `toLog`: no provider is configured, it goes to the server log (the demo). */
export type ResolvedChannel = { channel: NotifyChannel; toLog: boolean } | { missing: string };

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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;

  constructor(private readonly opts: DeliveryWorkerOptions) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  start(): this {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.running = this.drain()
        .catch((err: unknown) => this.opts.log.warn({ err }, '告警推送处理失败'))
        .finally(() => (this.busy = false));
    }, this.opts.pollMs ?? 1000);
    this.timer.unref();
    return this;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
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
    const claimed = await this.opts.store.notify.claim(now, new Date(now.getTime() + (this.opts.leaseMs ?? 60_000)), this.token, this.opts.batch ?? 10);
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    let result: SendResult;
    let toLog = false;
    try {
      const resolved = await (this.opts.channelFor ?? ((x) => this.resolve(x)))(d);
      if ('missing' in resolved) {
        result = { accepted: false, providerAnswer: resolved.missing, retryable: false };
      } else {
        toLog = resolved.toLog;
        const alarm = d.alarmId === null ? undefined : (await this.opts.store.alarms.byIds([d.alarmId]))[0];
        if (!alarm) result = { accepted: false, providerAnswer: '告警已不存在', retryable: false };
        else result = await resolved.channel.send(alarmMessage(toAlarm(alarm), d.idempotencyKey), d.recipient);
      }
    } catch (err) {
      result = { accepted: false, providerAnswer: err instanceof Error ? err.message : String(err), retryable: true };
    }
    const at = this.now();
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
        const sealed = await notify.webhookSecret(d.tenantId, () => this.opts.box.seal({ secret: randomBytes(32).toString('hex') }));
        return { channel: new WebhookChannel({ url: d.recipient, secret: this.opts.box.open(sealed).secret! }, http), toLog: false };
      }
      case 'email': {
        const [smtp] = await notify.channels(d.tenantId, 'smtp');
        if (!smtp) return { channel: new LogChannel('邮件', this.opts.log), toLog: true };
        return { channel: new SmtpChannel(settings(smtp) as unknown as SmtpConfig), toLog: false };
      }
      case 'sms': {
        const [aliyun] = await notify.channels(d.tenantId, 'aliyun-sms');
        if (aliyun) return { channel: new AliyunSmsChannel(settings(aliyun) as unknown as AliyunSmsConfig, http), toLog: false };
        const [tencent] = await notify.channels(d.tenantId, 'tencent-sms');
        if (tencent) return { channel: new TencentSmsChannel(settings(tencent) as unknown as TencentSmsConfig, http), toLog: false };
        return { channel: new LogChannel('短信', this.opts.log), toLog: true };
      }
      case 'dingtalk':
      case 'wecom':
      case 'feishu': {
        const c = d.channelId === null ? undefined : await notify.channel(d.channelId);
        if (!c || !c.enabled) return { missing: '推送通道已删除或停用' };
        const s = settings(c);
        if (d.channel === 'dingtalk') return { channel: new DingtalkChannel(s as unknown as DingtalkConfig, http), toLog: false };
        if (d.channel === 'wecom') return { channel: new WecomChannel(s as unknown as WecomConfig, http), toLog: false };
        return { channel: new FeishuChannel(s as unknown as FeishuConfig, http), toLog: false };
      }
      default:
        return { missing: `未知的推送通道：${d.channel}` };
    }
  }
}
