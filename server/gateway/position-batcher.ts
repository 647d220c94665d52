import type { PositionRow, PositionSink } from './gateway-ports';

/** Tuning of a {@link PositionBatcher}. */
export interface PositionBatcherOptions {
  /** Most rows in one commit. Default 1000. */
  maxBatch?: number;
  /** Smallest size trigger the adaptive target shrinks to. Default 50. */
  minBatch?: number;
  /**
   * Longest a row waits for its batch to fill while a commit slot is free. Default: no fill wait —
   * a free slot takes whatever is queued at the end of the current event-loop turn, so a batch is
   * what arrived during the commits before it (small when idle, large under load).
   */
  maxDelayMs?: number;
  /** Commits allowed to overlap. Default 2. */
  maxInFlight?: number;
  /** Pending rows (queued + committing) above which the producers are asked to pause. Default 20000. */
  highWater?: number;
  /** Pending rows below which paused producers may resume. Default highWater / 2. */
  lowWater?: number;
  /** Called after each commit with its rows. */
  onCommitted?: (rows: readonly PositionRow[]) => void;
  /** Called with true when pending rows pass highWater, false when they fall below lowWater. */
  onPressure?: (paused: boolean) => void;
  /** Called when onCommitted throws or a commit fails. */
  onError?: (error: unknown, where: 'commit' | 'listener') => void;
}

/** Counters of a {@link PositionBatcher}. */
export interface PositionBatcherStats {
  /** Rows waiting for a commit slot. */
  queuedRows: number;
  /** Rows inside running commits. */
  inFlightRows: number;
  inFlightBatches: number;
  rowsCommitted: number;
  batchesCommitted: number;
  batchFailures: number;
  /** Current size trigger (adapts between minBatch and maxBatch). */
  batchTarget: number;
  lastCommitMs: number;
  paused: boolean;
}

/** Told once the rows of one {@link PositionBatcher.enqueue} committed (undefined) or failed. */
export type PositionBatchDone = (failure: { error: unknown } | undefined) => void;

interface Entry {
  rows: PositionRow[];
  queuedAt: number;
  done: PositionBatchDone;
}

/**
 * Collects positions from every connection into group commits. A batch is flushed when it
 * reaches the size target or its oldest row has waited maxDelayMs, with at most maxInFlight
 * commits overlapping; while both slots are busy rows pile up, so batches grow with load by
 * themselves. Each `add` resolves only after the batch holding its rows committed, so the caller
 * can acknowledge to the terminal; the rows of one `add` always share a batch.
 */
export class PositionBatcher {
  private readonly queue = new Fifo<Entry>();
  private queued = 0;
  private inFlightRows = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private readonly eager: boolean;
  private paused = false;
  private closing = false;
  private target: number;
  private readonly drainWaiters: (() => void)[] = [];
  private readonly stats = { rowsCommitted: 0, batchesCommitted: 0, batchFailures: 0, lastCommitMs: 0 };
  private readonly maxBatch: number;
  private readonly minBatch: number;
  private readonly maxDelayMs: number;
  private readonly maxInFlight: number;
  private readonly highWater: number;
  private readonly lowWater: number;

  constructor(private readonly sink: PositionSink, private readonly options: PositionBatcherOptions = {}) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 1000);
    this.minBatch = Math.min(this.maxBatch, Math.max(1, options.minBatch ?? 50));
    this.eager = options.maxDelayMs === undefined;
    // without a fill wait, 25 ms is still the yardstick the adaptive target measures commits by
    this.maxDelayMs = Math.max(0, options.maxDelayMs ?? 25);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 2);
    this.highWater = Math.max(1, options.highWater ?? 20_000);
    this.lowWater = Math.min(this.highWater, options.lowWater ?? Math.floor(this.highWater / 2));
    this.target = this.minBatch;
  }

  /** Queues rows for one commit; resolves after it committed, rejects when it failed. */
  add(rows: PositionRow[]): Promise<void> {
    if (this.closing) return Promise.reject(new Error('position batcher is closed'));
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => this.enqueue(rows, (failure) => (failure ? reject(failure.error) : resolve())));
  }

  /**
   * {@link add} without a promise, for the hot path: `done` is called once the batch holding the
   * rows committed (with undefined) or failed; after {@link close}, at once with a failure.
   */
  enqueue(rows: PositionRow[], done: PositionBatchDone): void {
    if (this.closing) {
      done({ error: new Error('position batcher is closed') });
      return;
    }
    if (rows.length === 0) {
      done(undefined);
      return;
    }
    this.queue.push({ rows, queuedAt: this.eager ? 0 : performance.now(), done });
    this.queued += rows.length;
    this.checkPressure();
    this.pump();
  }

  /** Whether producers are currently asked to stop reading. */
  get isPaused(): boolean {
    return this.paused;
  }

  /** A copy of the counters. */
  snapshot(): PositionBatcherStats {
    return {
      queuedRows: this.queued,
      inFlightRows: this.inFlightRows,
      inFlightBatches: this.inFlight,
      batchTarget: this.target,
      paused: this.paused,
      ...this.stats,
    };
  }

  /** Flushes everything queued, refuses new rows and resolves when the last commit settled. */
  async close(): Promise<void> {
    this.closing = true;
    this.pump();
    if (this.queue.length === 0 && this.inFlight === 0) return;
    await new Promise<void>((resolve) => this.drainWaiters.push(resolve));
  }

  private pump(): void {
    if (this.eager && !this.closing) {
      // flush at the end of this turn, so one read burst (or one commit's backlog) is one batch
      if (this.queue.length > 0 && this.inFlight < this.maxInFlight) this.immediate ??= setImmediate(this.flushNow);
      return;
    }
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const waited = performance.now() - this.queue.peek()!.queuedAt;
      if (!this.closing && this.queued < this.target && waited < this.maxDelayMs) {
        this.arm(this.maxDelayMs - waited);
        return;
      }
      this.commit(this.take());
    }
    if (this.queue.length === 0) this.disarm();
  }

  private readonly flushNow = (): void => {
    this.immediate = undefined;
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) this.commit(this.take());
  };

  private take(): Entry[] {
    const batch: Entry[] = [];
    let rows = 0;
    // whole entries only: a 0x0704 upload is acknowledged as one, so it is committed as one
    while (this.queue.length > 0 && (batch.length === 0 || rows + this.queue.peek()!.rows.length <= this.maxBatch)) {
      const entry = this.queue.shift()!;
      rows += entry.rows.length;
      batch.push(entry);
    }
    this.queued -= rows;
    return batch;
  }

  private commit(batch: Entry[]): void {
    const rows = batch.length === 1 ? batch[0]!.rows : batch.flatMap((e) => e.rows);
    const started = performance.now();
    this.inFlight++;
    this.inFlightRows += rows.length;
    let written: Promise<void>;
    try {
      written = Promise.resolve(this.sink.writeBatch(rows));
    } catch (error) {
      written = Promise.reject(error);
    }
    written.then(
      () => this.settle(batch, rows, started, undefined),
      (error: unknown) => this.settle(batch, rows, started, { error }),
    );
  }

  /** Bookkeeping first, so callers woken by their promise already see the new figures. */
  private settle(batch: Entry[], rows: PositionRow[], started: number, failure: { error: unknown } | undefined): void {
    this.inFlight--;
    this.inFlightRows -= rows.length;
    this.adapt(performance.now() - started);
    if (failure) {
      this.stats.batchFailures++;
      this.report(failure.error, 'commit');
      for (const e of batch) this.tell(e, failure);
    } else {
      this.stats.rowsCommitted += rows.length;
      this.stats.batchesCommitted++;
      for (const e of batch) this.tell(e, undefined);
      this.notifyCommitted(rows);
    }
    this.checkPressure();
    this.pump();
    if (this.queue.length === 0 && this.inFlight === 0) this.drainWaiters.splice(0).forEach((w) => w());
  }

  private tell(entry: Entry, failure: { error: unknown } | undefined): void {
    try {
      entry.done(failure);
    } catch (error) {
      this.report(error, 'listener');
    }
  }

  /** Slow commits → bigger batches to amortise them; fast commits → smaller ones for latency. */
  private adapt(commitMs: number): void {
    this.stats.lastCommitMs = commitMs;
    if (commitMs > this.maxDelayMs) this.target = Math.min(this.maxBatch, this.target * 2);
    else if (commitMs < this.maxDelayMs / 4) this.target = Math.max(this.minBatch, Math.floor(this.target / 2));
  }

  private checkPressure(): void {
    const pending = this.queued + this.inFlightRows;
    if (!this.paused && pending > this.highWater) this.setPaused(true);
    else if (this.paused && pending < this.lowWater) this.setPaused(false);
  }

  private setPaused(paused: boolean): void {
    this.paused = paused;
    try {
      this.options.onPressure?.(paused);
    } catch (error) {
      this.report(error, 'listener');
    }
  }

  private report(error: unknown, where: 'commit' | 'listener'): void {
    try {
      this.options.onError?.(error, where);
    } catch {
      // a broken error reporter must not stall the batcher
    }
  }

  private notifyCommitted(rows: readonly PositionRow[]): void {
    try {
      this.options.onCommitted?.(rows);
    } catch (error) {
      this.report(error, 'listener');
    }
  }

  private arm(delayMs: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, Math.max(0, Math.ceil(delayMs)));
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = undefined;
  }
}

/** Array-backed FIFO with O(1) shift: a plain Array.shift() turns large backlogs quadratic. */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  peek(): T | undefined {
    return this.items[this.head];
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.items[this.head++] = undefined as T; // let the entry be collected
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
