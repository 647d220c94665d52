/** One encoded position waiting to reach the platform. */
export interface OutboxEntry {
  /** GPS time of the fix, epoch ms (keeps backfill in order). */
  timeMs: number;
  /** The 0x0200 body. */
  body: Uint8Array;
}

/** A 0x0200 or 0x0704 sent and not yet acknowledged. */
export interface InFlightMessage {
  serial: number;
  msgId: number;
  entries: OutboxEntry[];
  /** The frame as sent; retransmitted unchanged (same serial), as JT/T 808 §4.4.3 asks. */
  frame: Uint8Array;
  attempts: number;
  dueAt: number;
}

/** Tuning of {@link LocationOutbox}. */
export interface LocationOutboxOptions {
  /** First acknowledgement timeout; the n-th retry waits n times as long (capped at 60 s). */
  ackTimeoutMs: number;
  /** Retransmissions before the connection is considered dead. */
  maxAttempts: number;
  /** Blind-area buffer capacity; the oldest positions go first when it overflows. */
  maxBuffered: number;
}

/** Largest 0x0704 body: 1023 bytes, 3 of them the count and type. */
const BATCH_ROOM = 1023 - 3;

/**
 * Every position a terminal produced until the platform acknowledges it: the blind-area
 * buffer (positions not sent yet) and the in-flight table (sent, awaiting 0x8001). Positions
 * leave only through an acknowledgement — or, when the buffer overflows, as counted drops.
 */
export class LocationOutbox {
  private blind: OutboxEntry[] = [];
  private readonly flying = new Map<number, InFlightMessage>();
  /** Positions thrown away because the blind buffer was full. */
  dropped = 0;

  constructor(private readonly opts: LocationOutboxOptions) {}

  /** Positions waiting in the blind-area buffer. */
  get buffered(): number {
    return this.blind.length;
  }

  /** Messages awaiting acknowledgement. */
  get inFlight(): number {
    return this.flying.size;
  }

  /** Keeps a position for a later 0x0704 backfill. */
  buffer(entry: OutboxEntry): void {
    this.blind.push(entry);
    if (this.blind.length > this.opts.maxBuffered) {
      const over = this.blind.length - this.opts.maxBuffered;
      this.blind.splice(0, over);
      this.dropped += over;
    }
  }

  /** Removes and returns the oldest buffered positions that fit one 0x0704 body. */
  takeBatch(): OutboxEntry[] {
    let room = BATCH_ROOM;
    let n = 0;
    while (n < this.blind.length && room >= this.blind[n]!.body.length + 2) room -= this.blind[n++]!.body.length + 2;
    return this.blind.splice(0, Math.max(n, this.blind.length > 0 ? 1 : 0));
  }

  /** Records a sent message. */
  track(serial: number, msgId: number, entries: OutboxEntry[], frame: Uint8Array, now: number): void {
    this.flying.set(serial, { serial, msgId, entries, frame, attempts: 1, dueAt: now + this.opts.ackTimeoutMs });
  }

  /** Settles the message the platform acknowledged; undefined when it was not ours (or already settled). */
  ack(serial: number, msgId: number): InFlightMessage | undefined {
    const m = this.flying.get(serial);
    if (!m || m.msgId !== msgId) return undefined;
    this.flying.delete(serial);
    return m;
  }

  /**
   * Messages whose acknowledgement is overdue, already re-armed for the next timeout. `dead`
   * is set when one has used all its attempts: the caller should drop the connection.
   */
  overdue(now: number): { resend: InFlightMessage[]; dead: boolean } {
    const resend: InFlightMessage[] = [];
    let dead = false;
    for (const m of this.flying.values()) {
      if (m.dueAt > now) continue;
      if (m.attempts >= this.opts.maxAttempts) {
        dead = true;
        continue;
      }
      m.attempts++;
      m.dueAt = now + Math.min(60_000, this.opts.ackTimeoutMs * m.attempts);
      resend.push(m);
    }
    return { resend, dead };
  }

  /** On disconnect: everything in flight goes back into the blind buffer, oldest first. */
  requeueInFlight(): void {
    if (this.flying.size === 0) return;
    const back = [...this.flying.values()].flatMap((m) => m.entries);
    this.flying.clear();
    this.blind = [...back, ...this.blind].sort((a, b) => a.timeMs - b.timeMs);
  }
}
