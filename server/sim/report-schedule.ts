/** The terminal's reporting settings (JT/T 808 parameters 0x0001, 0x0027, 0x0029) and 0x8202 tracking. */
export interface ReportSettings {
  /** Default report interval, ACC on (0x0029), seconds. */
  reportSec: number;
  /** Report interval while ACC is off (0x0027), seconds; undefined follows reportSec. */
  sleepSec: number | undefined;
  /** Heartbeat after this many idle seconds (0x0001). */
  heartbeatSec: number;
}

/**
 * When the next periodic 0x0200 is due. A changed interval or a temporary-tracking order
 * applies at once, counted from the last report (a real terminal does not wait out the old one).
 */
export class ReportSchedule {
  private settings: ReportSettings;
  private trackingSec = 0;
  private trackingUntil = 0;
  private lastAt: number | undefined;
  /** Epoch ms of the next report; infinite until the first login. */
  nextAt = Number.POSITIVE_INFINITY;

  constructor(private readonly defaults: ReportSettings) {
    this.settings = { ...defaults };
  }

  /** Current settings (sleep shown as its effective value). */
  get current(): { reportSec: number; sleepSec: number; heartbeatSec: number } {
    return { ...this.settings, sleepSec: this.settings.sleepSec ?? this.settings.reportSec };
  }

  /** Seconds until the report after one taken now. */
  intervalSec(accOn: boolean, now: number): number {
    if (this.trackingSec > 0 && now < this.trackingUntil) return this.trackingSec;
    return accOn ? this.settings.reportSec : (this.settings.sleepSec ?? this.settings.reportSec);
  }

  /** Records a report taken at `now`. */
  reported(now: number, accOn: boolean): void {
    this.lastAt = now;
    this.nextAt = now + this.intervalSec(accOn, now) * 1000;
  }

  /** Makes a report due no later than `now` (on login). */
  dueBy(now: number): void {
    this.nextAt = Math.min(this.nextAt, now);
  }

  /** Changes settings (from 0x8103) and re-plans the next report. */
  set(change: Partial<ReportSettings>, now: number, accOn: boolean): void {
    this.settings = { ...this.settings, ...change };
    this.replan(now, accOn);
  }

  /** Starts (interval > 0) or stops 0x8202 temporary tracking. */
  track(intervalSec: number, validitySec: number, now: number, accOn: boolean): void {
    this.trackingSec = intervalSec;
    this.trackingUntil = intervalSec > 0 ? now + validitySec * 1000 : 0;
    this.replan(now, accOn);
  }

  /** Back to the configured defaults (factory reset). */
  reset(): void {
    this.settings = { ...this.defaults };
    this.trackingSec = 0;
  }

  private replan(now: number, accOn: boolean): void {
    if (this.lastAt === undefined) return;
    this.nextAt = Math.max(now, this.lastAt + this.intervalSec(accOn, now) * 1000);
  }
}
