import type { Clock } from '../clock';
import type { PositionQueries } from './position-queries';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface PositionMaintenanceOptions {
  /** Drop partitions older than this many days; 0 keeps everything. */
  retentionDays: number;
  /** Days of partitions kept ready ahead of today. Default 2. */
  daysAhead?: number;
  /** How often to run. Default hourly. */
  intervalMs?: number;
  onError?: (err: unknown) => void;
  onDropped?: (names: string[]) => void;
}

/** Creates position partitions ahead of time and drops those past the retention. */
export class PositionMaintenance {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly positions: PositionQueries, private readonly clock: Clock, private readonly opts: PositionMaintenanceOptions) {}

  /** One pass: partitions for yesterday … today + daysAhead, then retention. */
  async runOnce(): Promise<string[]> {
    const now = this.clock.now();
    await this.positions.partitions.ensureAhead(new Date(now.getTime() - DAY_MS), (this.opts.daysAhead ?? 2) + 1);
    if (this.opts.retentionDays <= 0) return [];
    const dropped = await this.positions.partitions.dropBefore(new Date(now.getTime() - this.opts.retentionDays * DAY_MS));
    if (dropped.length) this.opts.onDropped?.(dropped);
    return dropped;
  }

  /** Runs now and then every interval until stop(). */
  async start(): Promise<void> {
    await this.runOnce();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .then(() => undefined, (err: unknown) => this.opts.onError?.(err))
        .finally(() => (this.running = undefined));
    }, this.opts.intervalMs ?? HOUR_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
