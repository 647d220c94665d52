import type { Clock } from '../clock';
import { addDays, chinaDay, DAY_SETTLE_MS, type ReportDays } from '../store/report-day-stats';
import type { ReportEventDays } from '../store/report-event-days';

export interface ReportDayWarmerOptions {
  days: ReportDays;
  /** The trips, stops, overspeed stretches and fuel figures of the same days (行程报表 and the others). */
  eventDays?: ReportEventDays;
  clock: Clock;
  onlineWindowSeconds: number;
  onError: (err: unknown) => void;
  /** Finished days kept current (yesterday and the days before it; default 31, the longest report). */
  keepDays?: number;
  /** Between checks. */
  intervalMs?: number;
  /** Before the first check (lets a starting server settle). */
  firstDelayMs?: number;
}

/**
 * Computes the figures of 数据报表 for every terminal once a China day has finished, so that
 * reports over past days read stored figures instead of scanning positions; also picks up days
 * whose backfilled positions arrived later. A check that finds nothing to do costs one query.
 */
export class ReportDayWarmer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly opts: ReportDayWarmerOptions) {}

  start(): this {
    this.schedule(this.opts.firstDelayMs ?? 60_000);
    return this;
  }

  /** One check now (tests, and the timer). */
  async runOnce(): Promise<number> {
    const { days, clock, onlineWindowSeconds } = this.opts;
    const lastFinished = addDays(chinaDay(new Date(clock.now().getTime() - DAY_SETTLE_MS)), -1);
    const keep = this.opts.keepDays ?? 31;
    const computed = await days.warm(lastFinished, keep, onlineWindowSeconds);
    return computed + (this.opts.eventDays ? await this.opts.eventDays.warm(lastFinished, keep, clock.now()) : 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().then(() => undefined, this.opts.onError).finally(() => {
        this.running = undefined;
        this.schedule(this.opts.intervalMs ?? 10 * 60_000);
      });
    }, delay);
    this.timer.unref();
  }
}
