/** Returned by {@link ConnectGate.acquire}: call once the handshake is over (or failed). */
export type GateRelease = () => void;

/**
 * Staggers connection attempts: at most `concurrency` handshakes in flight and at most
 * `perSecond` new connects a second, so thousands of terminals (or a fleet reconnecting after
 * a gateway restart) arrive as a ramp rather than a thundering herd.
 */
export class ConnectGate {
  private active = 0;
  private readonly queue: ((release: GateRelease) => void)[] = [];
  private tokens = 1;
  private refilledAt = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly concurrency = 200,
    readonly perSecond = 1000,
  ) {}

  /** Handshakes in progress. */
  get inProgress(): number {
    return this.active;
  }

  /** Terminals waiting for their turn. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves when this terminal may connect. */
  acquire(): Promise<GateRelease> {
    return new Promise((resolve) => {
      this.queue.push(resolve);
      this.pump();
    });
  }

  private pump(): void {
    if (this.timer) return;
    // token bucket: a burst of perSecond/20 at most, refilled continuously
    const now = Date.now();
    const burst = Math.max(1, this.perSecond / 20);
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) * this.perSecond) / 1000);
    this.refilledAt = now;
    while (this.queue.length > 0 && this.active < this.concurrency) {
      if (this.tokens < 1) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, Math.max(1, Math.ceil(((1 - this.tokens) * 1000) / this.perSecond)));
        return;
      }
      this.tokens--;
      this.active++;
      let released = false;
      this.queue.shift()!(() => {
        if (released) return;
        released = true;
        this.active--;
        this.pump();
      });
    }
  }
}
