import type { SmsProvider } from '../auth/sms-provider';
import type { Alarm } from './alarm-model';
import type { AlarmPushSettings } from './alarm-push-settings';

/** Sends alarm e-mails. Deployments plug in their mail service; the development one only logs. */
export interface MailProvider {
  send(to: readonly string[], subject: string, text: string): Promise<void>;
}

interface PushLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Development provider: writes the mail to the server log instead of sending it. */
export class LogMailProvider implements MailProvider {
  constructor(private readonly log: PushLog) {}

  async send(to: readonly string[], subject: string, text: string): Promise<void> {
    this.log.info({ to, subject, mail: text }, `告警邮件（未发送，开发模式）→ ${to.join(', ')}: ${subject}`);
  }
}

export interface AlarmPushOptions {
  /** The tenant's push settings (defaults merged). */
  settings(tenantId: number): Promise<AlarmPushSettings>;
  mail: MailProvider;
  sms: SmsProvider;
  log: PushLog;
  /** A webhook that has not answered within this time is given up. Default 5000. */
  timeoutMs?: number;
  /** Deliveries running at once; more wait in a queue. Default 8. */
  concurrency?: number;
  /** Deliveries waiting at most; beyond it new ones are dropped (and logged). Default 500. */
  maxQueued?: number;
  fetch?: typeof fetch;
}

/** The text of an alarm in an e-mail or SMS. */
export function alarmText(alarm: Alarm): string {
  const asset = alarm.plateNo ? `${alarm.plateNo}（${alarm.terminalNo}）` : alarm.terminalNo;
  const place = alarm.lon === null || alarm.lat === null ? '' : `，位置 ${alarm.lon.toFixed(6)},${alarm.lat.toFixed(6)}`;
  return `【天路告警】${asset} ${alarm.alarmName}，时间 ${alarm.startTime}${place}`;
}

/**
 * Tells the outside world about new alarms: webhook POST of the Alarm JSON, e-mail and SMS,
 * as each tenant configured. Fire and forget: a delivery never blocks the engine, is tried once
 * (no retry storm against a failing endpoint), has a timeout, and its failure is only logged.
 */
export class AlarmPushDispatcher {
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly opts: AlarmPushOptions) {}

  /** Delivers a just-started alarm of the tenant (types the tenant does not push are skipped). */
  dispatch(tenantId: number, alarm: Alarm): void {
    this.enqueue(async () => {
      const settings = await this.opts.settings(tenantId);
      if (!settings.alarmTypes.includes(alarm.alarmType)) return;
      const jobs: Promise<void>[] = [];
      if (settings.webhook.enabled && settings.webhook.url) jobs.push(this.webhook(settings.webhook.url, alarm));
      const text = alarmText(alarm);
      if (settings.email.enabled && settings.email.to.length) {
        jobs.push(this.opts.mail.send(settings.email.to, `告警：${alarm.alarmName} ${alarm.plateNo ?? alarm.terminalNo}`, text)
          .catch((err: unknown) => this.opts.log.warn({ err, alarmId: alarm.id }, '告警邮件发送失败')));
      }
      if (settings.sms.enabled) {
        for (const phone of settings.sms.phones) {
          jobs.push(this.opts.sms.send(phone, text).catch((err: unknown) => this.opts.log.warn({ err, phone, alarmId: alarm.id }, '告警短信发送失败')));
        }
      }
      await Promise.all(jobs);
    });
  }

  /** Resolves when nothing is queued or running (shutdown, tests). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async webhook(url: string, alarm: Alarm): Promise<void> {
    const doFetch = this.opts.fetch ?? fetch;
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tianlu-event': 'alarm' },
        body: JSON.stringify(alarm),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
        redirect: 'manual',
      });
      // the body is not needed; release the connection
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) this.opts.log.warn({ url, status: res.status, alarmId: alarm.id }, '告警推送地址返回错误状态');
    } catch (err) {
      this.opts.log.warn({ err, url, alarmId: alarm.id }, '告警推送地址调用失败');
    }
  }

  private enqueue(job: () => Promise<void>): void {
    if (this.queue.length >= (this.opts.maxQueued ?? 500)) {
      this.opts.log.warn({ queued: this.queue.length }, '告警推送积压过多，本条不再推送');
      return;
    }
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.running < (this.opts.concurrency ?? 8) && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running++;
      void job()
        .catch((err: unknown) => this.opts.log.warn({ err }, '告警推送失败'))
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) this.idleWaiters.splice(0).forEach((w) => w());
        });
    }
  }
}
