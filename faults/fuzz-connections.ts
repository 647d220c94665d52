/**
 * The sockets of the hostile side (run inside the fuzzer's child process): connections that send
 * batches of mutated frames and check the gateway read them, and connections held open — silent,
 * stalled half way through a frame, or dribbling one byte at a time.
 */
import { connect, type Socket } from 'node:net';
import { Gt06FrameSplitter } from '../server/gateway/gt06/index';
import { Jt808FrameSplitter, Jt808MsgId, decodeFrame, decodeGeneralResponse, normalizePhone } from '../server/gateway/jt808/index';
import { WatchFrameSplitter } from '../server/gateway/watch/index';
import { SeededRandom } from '../server/sim/seeded-random';
import {
  FUZZ_PROTOCOLS, SENTINEL_PHONE, batchSentinel, halfFrame, mutatedFrame, oversizedRun, seedFrame, type FuzzProtocol, type Mutation,
} from './fuzz-frames';

export type FuzzPorts = Record<FuzzProtocol, number>;

/** What one protocol's fuzzing sent. */
export interface FuzzSent {
  /** Mutated frames the gateway read (JT/T 808: its answer to the batch's closing heartbeat came back). */
  frames: number;
  bytes: number;
  /** How many frames the protocol's own splitter cuts from those bytes: what the gateway should count. */
  expectedFrames: number;
  connections: number;
  /** JT/T 808 connections that ended with a run too long to be a frame, and were closed for it. */
  oversizedRuns: number;
  /** Batches whose reading the gateway did not confirm (sent again on a new connection). */
  unanswered: number;
  byMutation: Partial<Record<Mutation, number>>;
  seconds: number;
}

/** Which kind of held connection: silent from the start, silent after half a frame, or one byte at a time. */
export type HoldKind = 'idle' | 'stalled' | 'slowloris';

/** Held connections of one kind. */
export interface HeldStatus {
  opened: number;
  failed: number;
  open: number;
  /** Ended by the gateway (idle timeout, refusal), not by us. */
  closedByServer: number;
  /** Bytes the slow connections dribbled. */
  bytes: number;
  /** Still open, by protocol. */
  openByProtocol: Record<FuzzProtocol, number>;
  firstError?: string;
}

export interface FuzzOptions {
  ports: FuzzPorts;
  /** Mutated frames to send per protocol. */
  frames: Record<FuzzProtocol, number>;
  /** Concurrent connections per protocol. */
  connections: number;
  /** Batches per connection before it ends and a new one opens (GT06, watch: see fuzzProtocol). */
  writesPerConnection: Record<FuzzProtocol, number>;
  seed: number;
}

export interface HoldOptions {
  ports: FuzzPorts;
  kind: HoldKind;
  /** Connections across the three ports. */
  count: number;
  /** Connects in flight at once (the listen backlog is finite). */
  concurrency?: number;
  /** Slow-loris: ms between bytes. */
  intervalMs?: number;
  seed: number;
}

// small enough that the gateway reads a batch in one go (a GT06 or watch connection may close at
// the first unknown device in it) and that one read does not hold its event loop for long
const BATCH_BYTES = 32 * 1024;

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

function write(socket: Socket, bytes: Uint8Array): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed || !socket.writable) {
      resolve(false);
      return;
    }
    socket.write(bytes, (err) => resolve(!err));
  });
}

function splitterOf(protocol: FuzzProtocol): { push(chunk: Uint8Array): { frames: Uint8Array[] } } {
  if (protocol === 'jt808') return new Jt808FrameSplitter();
  return protocol === 'gt06' ? new Gt06FrameSplitter() : new WatchFrameSplitter();
}

/** The 0x8001 answers to the sentinel heartbeats, by serial, as they arrive on one connection. */
class SentinelReplies {
  private readonly splitter = new Jt808FrameSplitter();
  private readonly seen = new Set<number>();
  private waiter: (() => void) | undefined;
  private readonly phone = normalizePhone(SENTINEL_PHONE);
  closed = false;

  push(chunk: Uint8Array): void {
    for (const raw of this.splitter.push(chunk).frames) {
      const d = decodeFrame(raw);
      if (!d.ok || d.value.header.msgId !== Jt808MsgId.PlatformGeneralResponse || d.value.header.phone !== this.phone) continue;
      const res = decodeGeneralResponse(d.value.body);
      if (res.ok && res.value.replyMsgId === Jt808MsgId.Heartbeat) this.seen.add(res.value.replySerial);
    }
    this.wake();
  }

  wake(): void {
    this.waiter?.();
  }

  /** Whether the answer to `serial` arrived within `timeoutMs` (false when the connection ended first). */
  async answered(serial: number, timeoutMs: number): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (!this.seen.delete(serial)) {
      if (this.closed || Date.now() > end) return false;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 100);
        this.waiter = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
    return true;
  }
}

/**
 * One protocol's fuzzing: `connections` loops, each opening a connection, writing batches of
 * mutated frames, ending it. A JT/T 808 batch counts once the gateway answered the heartbeat that
 * closes it (so it was read, and the next batch waits for it); a connection then ends with a run
 * too long to be a frame, which the gateway must answer by closing it. GT06 and the watch protocol
 * answer nothing to unknown devices, and close the connection at the first frame naming one, so
 * there each connection carries one write that the gateway reads in one go.
 */
export async function fuzzProtocol(protocol: FuzzProtocol, options: FuzzOptions): Promise<FuzzSent> {
  const started = performance.now();
  const rng = new SeededRandom(options.seed + FUZZ_PROTOCOLS.indexOf(protocol));
  const sent: FuzzSent = {
    frames: 0, bytes: 0, connections: 0, expectedFrames: 0, oversizedRuns: 0, unanswered: 0, byMutation: {}, seconds: 0,
  };
  let planned = 0;
  let sentinelSerial = 0;
  const target = options.frames[protocol];

  const batch = (): { bytes: Uint8Array; frames: number; mutations: Mutation[] } | undefined => {
    if (planned >= target) return undefined;
    const parts: Uint8Array[] = [];
    const mutations: Mutation[] = [];
    let size = 0;
    while (size < BATCH_BYTES && planned < target) {
      const { bytes, mutation } = mutatedFrame(protocol, rng);
      parts.push(bytes);
      mutations.push(mutation);
      size += bytes.length;
      planned++;
    }
    return { bytes: Buffer.concat(parts), frames: parts.length, mutations };
  };

  const loop = async (): Promise<void> => {
    while (planned < target) {
      const socket = await open(options.ports[protocol]);
      sent.connections++;
      let endedByServer = false;
      const replies = new SentinelReplies();
      const splitter = splitterOf(protocol);
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {});
      // read everything (answers are dropped), so the gateway never sees a terminal that stopped reading
      socket.on('data', (chunk: Buffer) => {
        if (protocol === 'jt808') replies.push(chunk);
      });
      socket.once('end', () => {
        endedByServer = !socket.writableEnded;
        replies.closed = true;
        replies.wake();
      });
      for (let w = 0; w < options.writesPerConnection[protocol]; w++) {
        const next = batch();
        if (!next) break;
        const serial = sentinelSerial++ & 0xffff;
        const bytes = protocol === 'jt808' ? Buffer.concat([next.bytes, batchSentinel(serial)]) : next.bytes;
        const written = await write(socket, bytes);
        const read = written && (protocol !== 'jt808' || (await replies.answered(serial, 15_000)));
        if (!read) {
          // not read: those frames go out again on a new connection
          planned -= next.frames;
          sent.unanswered++;
          break;
        }
        sent.frames += next.frames;
        sent.bytes += next.bytes.length;
        // the gateway cuts the same bytes with the same splitter: what it should have counted
        sent.expectedFrames += splitter.push(next.bytes).frames.length;
        for (const m of next.mutations) sent.byMutation[m] = (sent.byMutation[m] ?? 0) + 1;
      }
      if (protocol === 'jt808' && !replies.closed && (await write(socket, oversizedRun()))) {
        await Promise.race([closed, new Promise((r) => setTimeout(r, 5000))]);
        if (endedByServer) sent.oversizedRuns++;
      }
      socket.end();
      await closed;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  sent.seconds = (performance.now() - started) / 1000;
  return sent;
}

/** Connections opened and left open, by kind, until released. */
export class HeldConnections {
  private readonly kinds = new Map<HoldKind, { status: HeldStatus; sockets: Set<Socket>; timers: NodeJS.Timeout[] }>();
  private releasing = false;

  /** Opens `count` connections round-robin over the three ports; resolves once every connect settled. */
  async hold(options: HoldOptions): Promise<HeldStatus> {
    const entry = this.kinds.get(options.kind) ?? {
      status: { opened: 0, failed: 0, open: 0, closedByServer: 0, bytes: 0, openByProtocol: { jt808: 0, gt06: 0, watch: 0 } },
      sockets: new Set<Socket>(),
      timers: [],
    };
    this.kinds.set(options.kind, entry);
    const { status } = entry;
    const rng = new SeededRandom(options.seed);
    let next = 0;
    const one = async (i: number): Promise<void> => {
      const protocol = FUZZ_PROTOCOLS[i % FUZZ_PROTOCOLS.length]!;
      let socket: Socket;
      try {
        socket = await open(options.ports[protocol]);
      } catch (err) {
        status.failed++;
        status.firstError ??= err instanceof Error ? err.message : String(err);
        return;
      }
      status.opened++;
      status.open++;
      status.openByProtocol[protocol]++;
      entry.sockets.add(socket);
      socket.on('error', () => {});
      socket.resume();
      socket.once('close', () => {
        entry.sockets.delete(socket);
        status.open--;
        status.openByProtocol[protocol]--;
        if (!this.releasing) status.closedByServer++;
      });
      if (options.kind === 'stalled') socket.write(halfFrame(protocol, rng));
      if (options.kind === 'slowloris') entry.timers.push(this.dribble(socket, protocol, rng, status, options.intervalMs ?? 300));
    };
    const worker = async (): Promise<void> => {
      while (next < options.count) await one(next++);
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 100 }, worker));
    return copy(status);
  }

  /** Status of every kind held so far. */
  status(): Partial<Record<HoldKind, HeldStatus>> {
    return Object.fromEntries([...this.kinds].map(([kind, e]) => [kind, copy(e.status)]));
  }

  /** Closes every held connection. */
  async release(): Promise<void> {
    this.releasing = true;
    const closing: Promise<void>[] = [];
    for (const entry of this.kinds.values()) {
      for (const t of entry.timers) clearInterval(t);
      for (const s of entry.sockets) {
        closing.push(new Promise((resolve) => {
          s.once('close', () => resolve());
          s.destroy();
        }));
      }
    }
    await Promise.all(closing);
    this.kinds.clear();
    this.releasing = false;
  }

  /** Valid frames from an unknown id, one byte every `intervalMs`, over and over. */
  private dribble(socket: Socket, protocol: FuzzProtocol, rng: SeededRandom, status: HeldStatus, intervalMs: number): NodeJS.Timeout {
    let frame = seedFrame(protocol, rng);
    let at = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) {
        clearInterval(timer);
        return;
      }
      socket.write(frame.subarray(at, at + 1));
      status.bytes++;
      if (++at === frame.length) {
        frame = seedFrame(protocol, rng);
        at = 0;
      }
    }, intervalMs);
    return timer;
  }
}

function copy(status: HeldStatus): HeldStatus {
  return { ...status, openByProtocol: { ...status.openByProtocol } };
}
