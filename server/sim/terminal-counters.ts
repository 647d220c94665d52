/** What one terminal has done since it started; fleets add these up. */
export interface TerminalCounters {
  /** TCP connections established. */
  connects: number;
  /** Connection attempts that failed or dropped before going online. */
  connectFailures: number;
  /** Connections lost (for any reason) after being established. */
  disconnects: number;
  /** Successful 0x0100 registrations. */
  registrations: number;
  /** 0x8100 answers with a result other than 0. */
  registerRefusals: number;
  /** Successful 0x0102 authentications. */
  authentications: number;
  /** 0x8001 answers refusing 0x0102. */
  authFailures: number;
  /** Positions sent for the first time as 0x0200. */
  positionsSent: number;
  /** Positions sent for the first time inside 0x0704 backfills. */
  backfilledPositions: number;
  /** 0x0704 messages sent (first transmissions). */
  batchesSent: number;
  /** Positions the platform acknowledged (0x0200 and 0x0704 contents). */
  positionsAcked: number;
  /** Retransmissions of unacknowledged 0x0200 / 0x0704. */
  resends: number;
  /** 0x0002 heartbeats sent. */
  heartbeats: number;
  /** Platform commands answered. */
  commands: number;
  /** Positions lost to a full blind-area buffer. */
  dropped: number;
}

/** Counters all at zero. */
export function emptyCounters(): TerminalCounters {
  return {
    connects: 0, connectFailures: 0, disconnects: 0, registrations: 0, registerRefusals: 0, authentications: 0,
    authFailures: 0, positionsSent: 0, backfilledPositions: 0, batchesSent: 0, positionsAcked: 0, resends: 0,
    heartbeats: 0, commands: 0, dropped: 0,
  };
}

const COUNTER_KEYS = Object.keys(emptyCounters()) as (keyof TerminalCounters)[];

/** Adds `b` into `a` (in place) and returns `a`. */
export function addCounters(a: TerminalCounters, b: TerminalCounters): TerminalCounters {
  for (const k of COUNTER_KEYS) a[k] += b[k];
  return a;
}
