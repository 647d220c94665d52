/** Something the ticker drives. */
export interface Tickable {
  tick(now: number): void;
}

/**
 * One shared interval for many terminals: each tick walks the set once and every terminal
 * compares a few deadlines. 5,000 terminals cost one timer instead of tens of thousands.
 */
export class SimTicker {
  private readonly members = new Set<Tickable>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly periodMs = 200,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Terminals currently driven. */
  get size(): number {
    return this.members.size;
  }

  /** Starts driving `t` (the interval starts with the first member). */
  add(t: Tickable): void {
    this.members.add(t);
    this.timer ??= setInterval(() => this.tickAll(), this.periodMs);
  }

  /** Stops driving `t` (the interval stops with the last member). */
  delete(t: Tickable): void {
    this.members.delete(t);
    if (this.members.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Ticks every member now; one member's failure does not stop the others. */
  tickAll(now = this.clock()): void {
    for (const t of this.members) {
      try {
        t.tick(now);
      } catch (e) {
        console.error('[sim] tick failed:', e);
      }
    }
  }
}

let shared: SimTicker | undefined;

/** The process-wide ticker terminals use unless given their own. */
export function sharedSimTicker(): SimTicker {
  return (shared ??= new SimTicker());
}
