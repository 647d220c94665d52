import { runInAction } from 'mobx';
import type { MonitorItem } from '../../sdk/services/live-service';
import type { LivePositions } from './live-positions';

/** Longest a slice of applying positions may hold the main thread, ms. */
export const POSITION_SLICE_MS = 4;
/** Items applied between two looks at the clock. */
const CLOCK_EVERY = 256;

const time = (item: MonitorItem | undefined) => (item?.gpsTime ? Date.parse(item.gpsTime) : -Infinity);

export interface PositionQueueOptions {
  /** Runs `slice` later (the next frame in the browser). */
  schedule?: (slice: () => void) => void;
  now?: () => number;
  sliceMs?: number;
}

/** The browser default: the next animation frame, or 100 ms when frames are not drawn (hidden tab). */
export function nextFrame(slice: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    slice();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  setTimeout(run, 100);
}

/**
 * Positions waiting to be applied, one entry per asset (a later message replaces an earlier one
 * that is still waiting), written to {@link LivePositions} in slices of at most `sliceMs`: a
 * push of 10,000 vehicles never holds a frame for long, and observers run once per slice.
 */
export class PositionQueue {
  private readonly pending = new Map<string, MonitorItem>();
  private scheduled = false;
  private readonly schedule: (slice: () => void) => void;
  private readonly now: () => number;
  private readonly sliceMs: number;

  constructor(
    private readonly positions: LivePositions,
    opts: PositionQueueOptions = {},
  ) {
    this.schedule = opts.schedule ?? nextFrame;
    this.now = opts.now ?? (() => performance.now());
    this.sliceMs = opts.sliceMs ?? POSITION_SLICE_MS;
  }

  /** Assets waiting to be applied. */
  get size(): number {
    return this.pending.size;
  }

  /** The item an asset will have once everything queued is applied. */
  latest(terminalNo: string): MonitorItem | undefined {
    return this.pending.get(terminalNo) ?? this.positions.peek(terminalNo);
  }

  /** Queues a live channel's positions: each replaces what came before it for its asset. */
  push(items: readonly MonitorItem[]): void {
    for (const item of items) this.pending.set(item.terminalNo, item);
    this.later();
  }

  /** Queues items fetched over HTTP: each is taken unless what is stored or queued is newer (an expired item always is). */
  merge(items: readonly MonitorItem[]): void {
    for (const item of items) {
      const current = this.latest(item.terminalNo);
      if (!current || item.expired || time(item) >= time(current)) this.pending.set(item.terminalNo, item);
    }
    this.later();
  }

  /**
   * A snapshot: the assets in `keep` (default: those of `items`) are all there is. Others are
   * removed at once, `items` are queued like positions.
   */
  snapshot(items: readonly MonitorItem[], keep?: readonly string[]): void {
    const kept = new Set(keep ?? items.map((i) => i.terminalNo));
    for (const key of this.pending.keys()) if (!kept.has(key)) this.pending.delete(key);
    const gone = [...this.positions.storedKeys()].filter((key) => !kept.has(key));
    if (gone.length) runInAction(() => this.positions.write([], gone));
    this.push(items);
  }

  /** An asset's online state changed: applied to its latest item (queued or stored). */
  setOnline(terminalNo: string, online: boolean): void {
    const current = this.latest(terminalNo);
    // an expired service is never shown online: its item comes back when it is renewed
    if (current && !current.expired && current.online !== online) this.pending.set(terminalNo, { ...current, online });
    this.later();
  }

  /** Applies queued items for at most one slice; the rest waits for the next. */
  runSlice(): void {
    if (!this.pending.size) return;
    const start = this.now();
    runInAction(() => {
      // one action: observers run once, after the slice
      let batch: MonitorItem[] = [];
      for (const [key, item] of this.pending) {
        batch.push(item);
        this.pending.delete(key);
        if (batch.length < CLOCK_EVERY) continue;
        this.positions.write(batch);
        batch = [];
        if (this.now() - start >= this.sliceMs) break;
      }
      if (batch.length) this.positions.write(batch);
    });
    if (this.pending.size) this.later();
  }

  /** Applies everything queued now. */
  flush(): void {
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    runInAction(() => this.positions.write(batch));
  }

  /** Forgets what is queued (the channel closed for good). */
  clear(): void {
    this.pending.clear();
  }

  private later(): void {
    if (this.scheduled || !this.pending.size) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.runSlice();
    });
  }
}
