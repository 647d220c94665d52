import { Odometer, type OdometerRule } from '../track/odometer';
import { MAX_DRIVING_GAP_SECONDS, MAX_PLAUSIBLE_KMH } from './report-day-stats';
import type { ReportDayTable } from './report-tables';

/** One position as a day's figures read it; times in microseconds since the epoch. */
export interface FigurePosition {
  us: number;
  receivedUs: number;
  backfill: boolean;
  /** km/h. */
  speed: number;
  /** The terminal's odometer, km (null: not reported). */
  mileage: number | null;
  /** At least MOVING_KMH with ACC on. */
  moving: boolean;
  lon: number;
  lat: number;
  /** Not a satellite fix (found from cells or WiFi, or placed at the last known fix). */
  approximate: boolean;
  /** Metres; NaN when not reported. */
  accuracy: number;
}

/** The figure columns of report_days (DAY_FIGURES), times in microseconds since the epoch (null: none). */
export interface DayFigureRow extends Pick<ReportDayTable, 'reports' | 'max_speed' | 'moving_reports' | 'moving_speed_sum' | 'odometer_reports' | 'odometer_km' | 'gps_km' | 'driving_seconds' | 'live_reports' | 'online_seconds'> {
  first_us: number | null;
  last_us: number | null;
  live_first_us: number | null;
  live_last_us: number | null;
  backfill_seen_us: number | null;
}

interface Previous {
  us: number;
  moving: boolean;
  mileage: number | null;
  backfill: boolean;
}

const orNull = (us: number) => (Number.isNaN(us) ? null : us);

/**
 * One terminal's figures of one China day, fed its positions in time order: the same figures, by the
 * same rules, as dayStatsSql and gpsDays compute from the whole day at once (report-day-stats.ts),
 * so a day can be read in increments as its positions arrive.
 */
export class DayFigures {
  private reports = 0;
  private firstUs = NaN;
  private lastUs = NaN;
  private maxSpeed = 0;
  private movingReports = 0;
  private movingSpeedSum = 0;
  private odometerReports = 0;
  private odometerKm = 0;
  private drivingSeconds = 0;
  private liveReports = 0;
  private liveFirstUs = NaN;
  private liveLastUs = NaN;
  private onlineSeconds = 0;
  private backfillSeenUs = NaN;
  private previous: Previous | undefined;
  private gps: Odometer;

  constructor(
    rule: OdometerRule,
    private readonly onlineWindowSeconds: number,
  ) {
    this.gps = new Odometer(rule);
  }

  /** The time of the last position fed, microseconds (NaN before the first). */
  get latestUs(): number {
    return this.lastUs;
  }

  feed(p: FigurePosition): void {
    const prev = this.previous;
    if (prev) {
      const gap = (p.us - prev.us) / 1e6;
      if (p.mileage !== null && prev.mileage !== null && p.mileage > prev.mileage) {
        const step = p.mileage - prev.mileage;
        if (step <= (Math.max(gap, 0) / 3600) * MAX_PLAUSIBLE_KMH + 1) this.odometerKm += step;
      }
      if (prev.moving && gap <= MAX_DRIVING_GAP_SECONDS) this.drivingSeconds += gap;
      if (!p.backfill && !prev.backfill && gap < this.onlineWindowSeconds) this.onlineSeconds += gap;
    }
    this.reports++;
    if (Number.isNaN(this.firstUs)) this.firstUs = p.us;
    this.lastUs = p.us;
    this.maxSpeed = Math.max(this.maxSpeed, p.speed);
    if (p.moving) {
      this.movingReports++;
      this.movingSpeedSum += p.speed;
    }
    if (p.mileage !== null) this.odometerReports++;
    if (p.backfill) {
      if (Number.isNaN(this.backfillSeenUs) || p.receivedUs > this.backfillSeenUs) this.backfillSeenUs = p.receivedUs;
    } else {
      this.liveReports++;
      if (Number.isNaN(this.liveFirstUs)) this.liveFirstUs = p.us;
      this.liveLastUs = p.us;
    }
    this.gps.read(p.us / 1000, p.lon, p.lat, p.approximate, p.accuracy);
    this.previous = { us: p.us, moving: p.moving, mileage: p.mileage, backfill: p.backfill };
  }

  /** Figures in this state, fed on independently of these. */
  clone(): DayFigures {
    const copy = Object.assign(Object.create(DayFigures.prototype) as DayFigures, this);
    copy.gps = this.gps.clone();
    return copy;
  }

  /** The day's row; undefined before the first position (dayStatsSql has no row for such a day). */
  row(): DayFigureRow | undefined {
    if (this.reports === 0) return undefined;
    return {
      reports: this.reports,
      first_us: orNull(this.firstUs),
      last_us: orNull(this.lastUs),
      max_speed: this.maxSpeed,
      moving_reports: this.movingReports,
      moving_speed_sum: this.movingSpeedSum,
      odometer_reports: this.odometerReports,
      odometer_km: this.odometerKm,
      gps_km: this.gps.metres / 1000,
      driving_seconds: this.drivingSeconds,
      live_reports: this.liveReports,
      live_first_us: orNull(this.liveFirstUs),
      live_last_us: orNull(this.liveLastUs),
      online_seconds: this.onlineSeconds,
      backfill_seen_us: orNull(this.backfillSeenUs),
    };
  }
}
