/** Batches a part may have waiting before the oldest are dropped (a part that cannot keep up loses its oldest, never the platform's). */
export const PART_FEED_LIMIT = 1000;

/**
 * The data a part subscribed to, handed to it one call at a time in the order it came: a call's
 * promise settles before the next starts. Calls run off the caller's path (a microtask later), so a
 * slow or throwing handler never holds up the gateway, the alarm engine or another part.
 */
export class PartFeed {
  private readonly waiting: (() => unknown)[] = [];
  private running = false;
  private closed = false;
  private dropped = 0;

  constructor(
    /** Runs one call as the part's code; a thrown error or rejected promise goes to `onError`. */
    private readonly run: (call: () => unknown) => unknown,
    private readonly onError: (err: unknown) => void,
    private readonly onDropped: (count: number) => void,
    private readonly limit = PART_FEED_LIMIT,
  ) {}

  push(call: () => unknown): void {
    if (this.closed) return;
    if (this.waiting.length >= this.limit) {
      this.waiting.shift();
      if (this.dropped++ === 0) queueMicrotask(() => this.reportDropped());
    }
    this.waiting.push(call);
    if (!this.running) {
      this.running = true;
      queueMicrotask(() => void this.drain());
    }
  }

  /** Drops what waits; a call under way finishes. */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
  }

  private reportDropped(): void {
    const count = this.dropped;
    this.dropped = 0;
    if (count) this.onDropped(count);
  }

  private async drain(): Promise<void> {
    for (let call = this.waiting.shift(); call && !this.closed; call = this.waiting.shift()) {
      try {
        await this.run(call);
      } catch (err) {
        this.close();
        this.onError(err);
      }
    }
    this.running = false;
  }
}
