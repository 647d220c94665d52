import type { ColdBoxOptions } from './cold-box';
import { ConnectGate } from './connect-gate';
import { SeededRandom, mixSeed } from './seeded-random';
import { SIM_CITIES, type SimCity } from './sim-cities';
import { SimTicker } from './sim-ticker';
import { SimulatedTerminal, type SimulatedTerminalOptions } from './simulated-terminal';
import { type TerminalCounters, addCounters, emptyCounters } from './terminal-counters';

/** Which terminals of a fleet carry a refrigerated box, and how the boxes report. */
export interface FleetColdBoxOptions extends Omit<ColdBoxOptions, 'celsius' | 'firstExcursionSec'> {
  /** The first N terminals, or these terminal indexes (0-based). */
  terminals: number | readonly number[];
  /** The first box's first excursion starts this many seconds after the fleet starts (the others keep to the rate). */
  firstExcursionSec?: number;
}

/** How to start a {@link startFleet} fleet. */
export interface FleetOptions {
  devices: number;
  /** Report interval, seconds. Default 30. */
  intervalSec?: number;
  /** Gateway host. Default 127.0.0.1. */
  host?: string;
  /** Gateway port. Default JT808_PORT or 6808. */
  port?: number;
  /** Protocol edition; 'mixed' alternates 2013 and 2019. Default '2013'. */
  edition?: '2013' | '2019' | 'mixed';
  /** First terminal's phone; the rest count upward. Default '013800000001'. */
  startPhone?: string;
  /** Seed of every drive in the fleet. Default 808. */
  seed?: number;
  /** Handshakes in flight at once. Default 200. */
  connectConcurrency?: number;
  /** New connections per second at most. Default 500. */
  connectsPerSecond?: number;
  /** Spread of the terminals' first connect, seconds (de-phases their reports). Default min(interval, 30). */
  rampSec?: number;
  /** Cities to spread the fleet over, round robin. Default all of SIM_CITIES. */
  cities?: readonly SimCity[];
  /** Further per-terminal options (timeouts, route tuning …). */
  terminal?: Partial<Omit<SimulatedTerminalOptions, 'phone' | 'host' | 'port' | 'edition' | 'seed' | 'city' | 'ticker' | 'gate' | 'coldBox'>>;
  /** Refrigerated boxes on some of the terminals. Default none. */
  coldBox?: FleetColdBoxOptions;
}

/** A fleet-wide snapshot: summed counters plus how many terminals are in each state. */
export interface FleetStats extends TerminalCounters {
  devices: number;
  /** TCP connection open. */
  connected: number;
  /** Holding an auth code. */
  registered: number;
  /** Authenticated and reporting. */
  authenticated: number;
  /** Positions waiting for backfill, summed. */
  buffered: number;
  /** Messages awaiting acknowledgement, summed. */
  inFlight: number;
}

/** A running fleet. */
export interface FleetHandle {
  readonly terminals: readonly SimulatedTerminal[];
  stats(): FleetStats;
  /** Disconnects every terminal; resolves when all sockets are closed. */
  stop(): Promise<void>;
}

/** The phone `index` places after `start`, keeping its zero padding ('013800000001' + 1 → '013800000002'). */
export function phoneAt(start: string, index: number): string {
  if (!/^\d{1,20}$/.test(start)) throw new RangeError(`start phone must be digits: ${start}`);
  return (BigInt(start) + BigInt(index)).toString().padStart(start.length, '0');
}

/**
 * Starts `devices` simulated terminals against a gateway. They share one ticker and one
 * connect gate, so 5,000 terminals cost one timer and arrive as a ramp, not a herd.
 */
export function startFleet(options: FleetOptions): FleetHandle {
  if (!Number.isInteger(options.devices) || options.devices < 0) throw new RangeError(`devices must be a whole number: ${options.devices}`);
  const intervalSec = options.intervalSec ?? 30;
  const seed = options.seed ?? 808;
  const cities = options.cities ?? SIM_CITIES;
  const rng = new SeededRandom(mixSeed(seed, 0xf1ee7));
  const ticker = new SimTicker(options.devices > 2000 ? 250 : 100);
  const gate = new ConnectGate(options.connectConcurrency ?? 200, options.connectsPerSecond ?? 500);
  const rampMs = (options.rampSec ?? Math.min(intervalSec, 30)) * 1000;
  const terminals: SimulatedTerminal[] = [];
  const { terminals: boxed = [], firstExcursionSec, ...box } = options.coldBox ?? {};
  if (typeof boxed === 'number' && !(Number.isInteger(boxed) && boxed >= 0)) throw new RangeError(`cold boxes must be a whole number: ${boxed}`);
  const boxes = new Set(typeof boxed === 'number' ? Array.from({ length: Math.min(boxed, options.devices) }, (_, i) => i) : boxed);
  const firstBox = [...boxes].reduce((a, b) => Math.min(a, b), Infinity);
  for (let i = 0; i < options.devices; i++) {
    const edition = options.edition === 'mixed' ? (i % 2 === 0 ? '2013' : '2019') : (options.edition ?? '2013');
    const t = new SimulatedTerminal({
      intervalSec,
      ...options.terminal,
      phone: phoneAt(options.startPhone ?? '013800000001', i),
      host: options.host ?? '127.0.0.1',
      port: options.port ?? Number(process.env.JT808_PORT ?? 6808),
      edition,
      seed: mixSeed(seed, i),
      city: cities[i % cities.length],
      ticker,
      gate,
      ...(boxes.has(i) && { coldBox: { ...box, ...(i === firstBox && firstExcursionSec !== undefined && { firstExcursionSec }) } }),
    });
    t.start(rng.range(0, rampMs));
    terminals.push(t);
  }
  return {
    terminals,
    stats: () => fleetStats(terminals),
    stop: async () => {
      await Promise.all(terminals.map((t) => t.stop()));
    },
  };
}

/** Sums the counters and states of `terminals`. */
export function fleetStats(terminals: readonly SimulatedTerminal[]): FleetStats {
  const s: FleetStats = { ...emptyCounters(), devices: terminals.length, connected: 0, registered: 0, authenticated: 0, buffered: 0, inFlight: 0 };
  for (const t of terminals) {
    addCounters(s, t.counters);
    if (t.connected) s.connected++;
    if (t.authCode !== undefined) s.registered++;
    if (t.state === 'online') s.authenticated++;
    const b = t.backlog;
    s.buffered += b.buffered;
    s.inFlight += b.inFlight;
  }
  return s;
}

/** One status line for logs: `devices 5000 connected 4998 registered … failures 2`. */
export function formatFleetStats(s: FleetStats): string {
  return [
    `devices ${s.devices}`, `connected ${s.connected}`, `registered ${s.registered}`, `authenticated ${s.authenticated}`,
    `positions ${s.positionsSent}`, `backfilled ${s.backfilledPositions}`, `acked ${s.positionsAcked}`, `resends ${s.resends}`,
    `buffered ${s.buffered}`, `heartbeats ${s.heartbeats}`, `commands ${s.commands}`,
    `failures ${s.connectFailures + s.registerRefusals + s.authFailures}`, `dropped ${s.dropped}`,
  ].join('  ');
}
