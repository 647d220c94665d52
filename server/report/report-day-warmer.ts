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
  /**
   * Finished days of the day figures kept current (yesterday and the days before it); default
   * SUMMARY_MONTHS calendar months (里程汇总 opens on them), and at least the 31 days of the longest
   * day report. The trips, stops and the others are kept for 31 days.
   */
  keepDays?: number;
  /** Between checks. */
  intervalMs?: number;
  /** Before the first check (lets a starting server settle). */
  firstDelayMs?: number;
}

/** The calendar months 里程汇总 shows when it opens: this one and the two before it. */
export const SUMMARY_MONTHS = 3;
/** The longest range of a day report (行程, 停车, 超速 …). */
const DAY_REPORT_DAYS = 31;

/** The days from the first day of the SUMMARY_MONTHS-th month back to `lastDay`, at least DAY_REPORT_DAYS. */
export function summaryDays(lastDay: string): number {
  const [year, month] = lastDay.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - SUMMARY_MONTHS, 1));
  const days = Math.round((Date.parse(`${lastDay}T00:00:00Z`) - first.getTime()) / 86_400_000) + 1;
  return Math.max(DAY_REPORT_DAYS, days);
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
    const computed = await days.warm(lastFinished, this.opts.keepDays ?? summaryDays(lastFinished), onlineWindowSeconds);
    return computed + (this.opts.eventDays ? await this.opts.eventDays.warm(lastFinished, this.opts.keepDays ?? DAY_REPORT_DAYS, clock.now()) : 0);
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
