/**
 * Ports for a server the test starts as another process (which listens on them seconds later):
 * distinct, free when chosen, and outside the range the system hands out for outgoing connections
 * (on Linux /proc/sys/net/ipv4/ip_local_port_range, 32768–60999 by default). A port chosen there
 * could be taken, before the server listens, as the local port of one of the machine's many outgoing
 * connections (browsers, terminals, database clients), and the server would fail to start. Each
 * vitest worker draws from a slice of its own, so two scenarios starting at once never choose the
 * same port.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/** The lowest port chosen. */
const FIRST_PORT = 10_000;
/** Slices of the range: one per vitest worker (VITEST_POOL_ID 1…), and one for anything else. */
const SLICES = 8;

/** The lowest port the system hands out for outgoing connections. */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > FIRST_PORT + SLICES * 100) return low;
  } catch {
    // not Linux: the range IANA gives dynamic ports
  }
  return 49_152;
}

/** The ports this process chooses from: its worker's slice below the outgoing connections' range. */
export function portSlice(poolId = Number(process.env.VITEST_POOL_ID ?? 0)): { first: number; last: number } {
  const size = Math.floor((ephemeralStart() - FIRST_PORT) / SLICES);
  const slice = Number.isInteger(poolId) && poolId > 0 ? poolId % SLICES : 0;
  return { first: FIRST_PORT + slice * size, last: FIRST_PORT + (slice + 1) * size - 1 };
}

/** Ports this process has handed out already: never handed out twice (a server may not be listening on one yet). */
const handedOut = new Set<number>();

/** Listens on `port` (every interface, as the servers do); undefined when it is taken. */
function hold(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(undefined));
    s.listen(port, () => resolve(s));
  });
}

/** `count` distinct ports of this process's slice, each free when chosen (held open together, then let go). */
export async function freePorts(count: number): Promise<number[]> {
  const { first, last } = portSlice();
  const held: Server[] = [];
  const ports: number[] = [];
  try {
    for (let tries = 0; ports.length < count; tries++) {
      if (tries > 200) throw new Error(`no ${count} free ports between ${first} and ${last}`);
      const port = first + Math.floor(Math.random() * (last - first + 1));
      if (ports.includes(port) || handedOut.has(port)) continue;
      const s = await hold(port);
      if (!s) continue;
      held.push(s);
      ports.push(port);
    }
  } finally {
    await Promise.all(held.map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
  for (const port of ports) handedOut.add(port);
  return ports;
}

/** One such port. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}
