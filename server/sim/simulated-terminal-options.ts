import type { ColdBoxOptions } from './cold-box';
import type { ConnectGate } from './connect-gate';
import type { RouteModelOptions } from './route-model';
import type { SimCity } from './sim-cities';
import type { SimTicker } from './sim-ticker';

/** Where a terminal is in its life cycle. */
export type TerminalState = 'idle' | 'waiting' | 'connecting' | 'registering' | 'authenticating' | 'online' | 'stopped';

/** How to build a SimulatedTerminal. */
export interface SimulatedTerminalOptions {
  /** Phone digits, e.g. '013800000001'. */
  phone: string;
  host: string;
  port: number;
  /** Default '2013'. */
  edition?: '2013' | '2019';
  /** Default report interval (ACC on), seconds. Default 30. */
  intervalSec?: number;
  /** Report interval while ACC is off, seconds. Default: follow the report interval (until 0x8103 sets 0x0027). */
  sleepIntervalSec?: number;
  /** Heartbeat after this many idle seconds. Default 60. */
  heartbeatSec?: number;
  /** City to drive in. Default: picked from the seed. */
  city?: SimCity;
  /** Seed of the drive and of backoff jitter. Default: derived from the phone. */
  seed?: number;
  /** First 0x8001 timeout for 0x0200/0x0704, ms (later retries wait longer). Default 10,000. */
  ackTimeoutMs?: number;
  /** Transmissions of one message before the link is considered dead. Default 3. */
  maxAttempts?: number;
  /** Connect, 0x8100 and 0x8001-to-0x0102 timeout, ms. Default 10,000. */
  replyTimeoutMs?: number;
  /** Reconnect backoff bounds, ms. Default 1,000 … 60,000. */
  backoffMs?: readonly [number, number];
  /** Time source (epoch ms). Default Date.now. */
  clock?: () => number;
  /** The ticker that drives this terminal; 'manual' means the caller calls tick(). Default: shared. */
  ticker?: SimTicker | 'manual';
  /** Connection staggering shared by a fleet. */
  gate?: ConnectGate;
  /** Route-model tuning (alarm and blind-area rates …). */
  route?: RouteModelOptions;
  /** Answer 0x8500 with 0x0500 as well as 0x0001. Default false. */
  vehicleControlReply0500?: boolean;
  /** Blind-area buffer capacity, positions. Default 10,000. */
  maxBuffered?: number;
  /** A refrigerated box: its temperature goes out as a vendor additional item in every position. Default none. */
  coldBox?: ColdBoxOptions;
}

/** Events a SimulatedTerminal emits. */
export interface SimulatedTerminalEvents {
  state: [TerminalState];
  text: [string];
  command: [{ msgId: number; serial: number }];
  /** Positions the platform acknowledged (device times, ms): what it promised to keep. */
  acked: [number[]];
}
