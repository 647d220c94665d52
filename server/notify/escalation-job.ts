import { REAL_TIME_WINDOW_MS } from '../store/alarm-queries';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;

  constructor(private readonly opts: EscalationJobOptions) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  start(): this {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.running = this.runOnce()
        .catch((err: unknown) => this.opts.log.warn({ err }, '告警升级处理失败'))
        .finally(() => (this.busy = false));
    }, this.opts.pollMs ?? 30_000);
    this.timer.unref();
    return this;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One look at the open alarms; resolves with how many escalation rows were written. */
  async runOnce(): Promise<number> {
    const now = this.now();
    const written = await enqueueEscalations(this.opts.store.db, now, { withinMs: REAL_TIME_WINDOW_MS });
    await this.opts.store.notify.pruneSends(new Date(now.getTime() - 2 * 24 * 3600_000));
    return written;
  }
}
