import { REAL_TIME_WINDOW_MS } from '../store/alarm-queries';
import { Poller } from './poller';
import type { Store } from '../store/create-store';
import { enqueueEscalations } from '../store/notify-queries';

interface JobLog {
  warn(obj: object, msg: string): void;
}

export interface EscalationJobOptions {
  store: Store;
  log: JobLog;
  now?: () => Date;
  /** How often open alarms are looked at. Default 30 000 ms. */
  pollMs?: number;
}

/**
 * 告警升级: writes the escalation rows of alarms still 未处理 after each tenant's chosen minutes
 * to the outbox (the delivery workers send them). Every instance runs it; the rows' idempotency
 * keys make a second instance's run write nothing twice. It also forgets the sends the provider
 * limits no longer count.
 */
export class EscalationJob {
  private readonly poller: Poller;

  constructor(private readonly opts: EscalationJobOptions) {
    this.poller = new Poller(() => this.runOnce(), this.opts.pollMs ?? 30_000, (err) => this.opts.log.warn({ err }, '告警升级处理失败'));
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

  /** One look at the open alarms; resolves with how many escalation rows were written. */
  async runOnce(): Promise<number> {
    const now = this.now();
    const written = await enqueueEscalations(this.opts.store.db, now, { withinMs: REAL_TIME_WINDOW_MS });
    await this.opts.store.notify.pruneSends(new Date(now.getTime() - 2 * 24 * 3600_000));
    return written;
  }
}
