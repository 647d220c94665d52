/**
 * A job run every `everyMs` on its own timer, never twice at once (a tick while a run is still
 * going is skipped); a failed run is logged and the next tick tries again. `close()` stops the
 * timer and waits for the run in progress.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.running = this.run()
        .catch(this.onError)
        .finally(() => (this.busy = false));
    }, this.everyMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
