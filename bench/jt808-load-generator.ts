/**
 * A lean JT/T 808 load generator for benchmarks: N real TCP terminals that register and
 * authenticate through the real codec, then send 0x0200 reports patched from a per-terminal
 * template (serial, fix time, check code) at a target fleet-wide rate from one pacing timer, and
 * time each report from socket write to its 0x8001. No route model, no per-terminal timers: it
 * shares the benchmark machine with the gateway, so it has to stay cheap.
 */
import { connect, type Socket } from 'node:net';
import {
  JT808_FLAG, Jt808FrameSplitter, Jt808MsgId, decodeFrame, decodeRegisterResponse, encodeAuth, encodeBcdTime, encodeFrame, encodeLocation,
  encodeRegister, escapeJt808, jt808CheckCode, unescapeJt808,
} from '../server/gateway/jt808/index';
import { phoneAt } from '../server/sim/index';
import { Gt06LeanTerminal } from './gt06-lean-terminal';

/** How to build a {@link LoadGenerator}. */
export interface LoadGeneratorOptions {
  /** jt808 (default) or gt06: GT06 terminals log in with an IMEI counted up from `startPhone`. */
  protocol?: 'jt808' | 'gt06';
  port: number;
  /** Loopback only. Default 127.0.0.1. */
  host?: string;
  terminals: number;
  /** Phone of terminal 0; the others count upward ('013800000001', '013800000002', …). */
  startPhone: string;
  /** Epoch ms of the fix time of terminal `index`'s `k`-th report (the store keys rows by it). */
  fixTime(index: number, k: number, nowMs: number): number;
  /** Where terminal `index` reports from. Default spread around Shenzhen. */
  position?(index: number): { lat: number; lon: number };
  /** Unacknowledged reports a terminal may have before the pacer skips it. Default 32 (power of two). */
  window?: number;
  /** Logins in flight at once. Default 200. */
  connectConcurrency?: number;
  /** Called after each report was written (live-latency bench matches pushes with it). */
  onSent?(index: number, fixTimeMs: number, sentAt: number): void;
  /** What terminal `index`'s `k`-th report carries beyond the template: its alarm word and where it is. Default: the template's. */
  vary?(index: number, k: number): ReportVariation;
}

/** The parts of a report {@link LoadGeneratorOptions.vary} may change. */
export interface ReportVariation {
  /** The 0x0200 alarm word (JT/T 808 table 24 bits). */
  alarmFlags: number;
  at?: { lat: number; lon: number };
}

/** What happened inside a measuring window (see {@link LoadGenerator.mark}). */
export interface LoadWindow {
  seconds: number;
  /** Reports the pacer asked for: rate × time. */
  offered: number;
  sent: number;
  /** Offered reports not sent because the terminal had `window` reports unacknowledged. */
  skipped: number;
  acked: number;
  /** 0x8001 with a result other than success. */
  refused: number;
  /** Ack latency of reports acknowledged in the window, ms (exact, from every sample). */
  ackMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  /** CPU this process used in the window, as a share of one core. */
  cpuCore: number;
}

const HEADER_2013 = 12;
const SERIAL_OFFSET = 10;
const ALARM_OFFSET = HEADER_2013;
const LAT_OFFSET = HEADER_2013 + 8;
const LON_OFFSET = HEADER_2013 + 12;
const TIME_OFFSET = HEADER_2013 + 22; // alarm, status, lat, lon (4 each), altitude, speed, course (2 each)

function writeUint32(c: Uint8Array, at: number, value: number): void {
  new DataView(c.buffer, c.byteOffset, c.byteLength).setUint32(at, value >>> 0);
}

class LeanTerminal {
  readonly socket: Socket;
  private readonly splitter = new Jt808FrameSplitter();
  private readonly content: Uint8Array;
  private readonly sentAt: Float64Array;
  private readonly sentSerial: Int32Array;
  private serial = 0;
  reports = 0;
  outstanding = 0;
  private waiter: { msgId: number; resolve: (body: Uint8Array) => void } | undefined;

  constructor(socket: Socket, readonly index: number, readonly phone: string, location: Uint8Array, window: number, private readonly gen: LoadGenerator) {
    this.socket = socket;
    socket.setNoDelay(true);
    this.sentAt = new Float64Array(window);
    this.sentSerial = new Int32Array(window).fill(-1);
    // the unescaped frame: header, body, check code; patched in place for every report
    const frame = encodeFrame({ msgId: Jt808MsgId.Location, phone, serial: 0, edition: '2013', body: location });
    const content = unescapeJt808(frame.subarray(1, frame.length - 1));
    if (!content.ok) throw new Error('template frame did not round-trip');
    this.content = content.value;
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => {});
  }

  async login(): Promise<void> {
    const reg = encodeRegister({ province: 44, city: 300, maker: 'BENCH', model: 'LEAN-808', deviceId: `B${this.index}`, plateColor: 1, plate: `粤B${String(this.index).padStart(5, '0')}` }, '2013');
    const answer = await this.request(Jt808MsgId.Register, reg, Jt808MsgId.RegisterResponse);
    const registered = decodeRegisterResponse(answer);
    if (!registered.ok || registered.value.authCode === undefined) throw new Error(`${this.phone}: registration refused (${registered.ok ? `result ${registered.value.result}` : registered.reason})`);
    const authCode = registered.value.authCode;
    const ack = await this.request(Jt808MsgId.Authenticate, encodeAuth({ authCode, imei: '860000000000001', softwareVersion: '1.0' }, '2013'), Jt808MsgId.PlatformGeneralResponse);
    if (ack[4] !== 0) throw new Error(`${this.phone}: authentication result ${ack[4]}`);
  }

  /** Writes the next report; false when the window is full. */
  report(nowMs: number, sentAt: number): boolean {
    const w = this.sentAt.length;
    if (this.outstanding >= w) return false;
    const serial = this.nextSerial();
    const k = this.reports++;
    const fixTime = this.gen.options.fixTime(this.index, k, nowMs);
    const c = this.content;
    c[SERIAL_OFFSET] = serial >> 8;
    c[SERIAL_OFFSET + 1] = serial & 0xff;
    c.set(encodeBcdTime(fixTime), TIME_OFFSET);
    const variation = this.gen.options.vary?.(this.index, k);
    if (variation) {
      writeUint32(c, ALARM_OFFSET, variation.alarmFlags);
      if (variation.at) {
        writeUint32(c, LAT_OFFSET, Math.round(variation.at.lat * 1e6));
        writeUint32(c, LON_OFFSET, Math.round(variation.at.lon * 1e6));
      }
    }
    c[c.length - 1] = jt808CheckCode(c, 0, c.length - 1);
    const escaped = escapeJt808(c);
    const out = Buffer.allocUnsafe(escaped.length + 2);
    out[0] = JT808_FLAG;
    out.set(escaped, 1);
    out[out.length - 1] = JT808_FLAG;
    const slot = serial & (w - 1);
    this.sentAt[slot] = sentAt;
    this.sentSerial[slot] = serial;
    this.outstanding++;
    this.socket.write(out);
    this.gen.options.onSent?.(this.index, fixTime, sentAt);
    return true;
  }

  close(): void {
    this.socket.destroy();
  }

  private nextSerial(): number {
    const s = this.serial;
    this.serial = (s + 1) & 0xffff;
    return s;
  }

  private request(msgId: number, body: Uint8Array, answerId: number): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.phone}: no 0x${answerId.toString(16)} within 30 s`)), 30_000);
      this.waiter = { msgId: answerId, resolve: (b) => (clearTimeout(timer), resolve(b)) };
      this.socket.write(encodeFrame({ msgId, phone: this.phone, serial: this.nextSerial(), edition: '2013', body }));
    });
  }

  private onData(chunk: Buffer): void {
    const now = performance.now();
    for (const raw of this.splitter.push(chunk).frames) {
      const frame = decodeFrame(raw);
      if (!frame.ok) continue;
      const { header, body } = frame.value;
      const replyMsgId = (body[2]! << 8) | body[3]!;
      if (header.msgId === Jt808MsgId.PlatformGeneralResponse && replyMsgId === Jt808MsgId.Location) {
        const serial = (body[0]! << 8) | body[1]!;
        const slot = serial & (this.sentAt.length - 1);
        this.outstanding--;
        this.gen.acked(body[4] === 0, this.sentSerial[slot] === serial ? now - this.sentAt[slot]! : undefined);
        continue;
      }
      if (this.waiter?.msgId === header.msgId) {
        const w = this.waiter;
        this.waiter = undefined;
        w.resolve(body);
      }
    }
  }
}

/** Terminal `index`'s spot when none is given: a grid around Shenzhen. */
export function defaultPosition(index: number): { lat: number; lon: number } {
  return { lat: 22.45 + (index % 100) * 0.003, lon: 113.9 + Math.floor(index / 100) * 0.003 };
}

/** The 0x0200 body every lean report carries (basic block plus items 0x01, 0x02, 0x30, 0x31, like the simulator's). */
export function reportBody(at: { lat: number; lon: number }, fixTimeMs: number): Uint8Array {
  return encodeLocation({
    latitude: at.lat, longitude: at.lon, altitude: 20, speedKmh: 48.5, direction: 135, statusFlags: 0x3, gpsTime: fixTimeMs,
    extras: { mileageKm: 12345.6, fuelLitres: 80.5, signalStrength: 25, satellites: 12 },
  });
}

/** The q-quantile of ascending samples (nearest rank). */
export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** N lean terminals and one pacer; see the file comment. */
export class LoadGenerator {
  private terminals: (LeanTerminal | Gt06LeanTerminal)[] = [];
  private pacer: NodeJS.Timeout | undefined;
  private rate = 0;
  private startedAt = 0;
  private due = 0;
  private cursor = 0;
  private windowOpen = false;
  private samples: number[] = [];
  private win = { at: 0, offered: 0, sent: 0, skipped: 0, acked: 0, refused: 0, cpu: process.cpuUsage() };
  /** Since the first report. */
  readonly totals = { offered: 0, sent: 0, skipped: 0, acked: 0, refused: 0 };

  constructor(readonly options: LoadGeneratorOptions) {
    const w = options.window ?? 32;
    if (w <= 0 || (w & (w - 1)) !== 0) throw new RangeError(`window must be a power of two: ${w}`);
  }

  /** Connects and logs every terminal in; resolves with how many made it and how long it took. */
  async connect(): Promise<{ online: number; failed: number; ms: number; firstError?: string }> {
    const { options } = this;
    const started = performance.now();
    const concurrency = options.connectConcurrency ?? 200;
    let next = 0;
    let failed = 0;
    let firstError: string | undefined;
    const worker = async () => {
      while (next < options.terminals) {
        const index = next++;
        try {
          this.terminals.push(await this.open(index));
        } catch (err) {
          failed++;
          firstError ??= err instanceof Error ? err.message : String(err);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, options.terminals) }, worker));
    this.terminals.sort((a, b) => a.index - b.index);
    return { online: this.terminals.length, failed, ms: performance.now() - started, ...(firstError && { firstError }) };
  }

  /** Starts (or re-targets) reporting at `rate` reports per second across the fleet, round robin. */
  start(rate: number): void {
    this.rate = rate;
    this.startedAt = performance.now();
    this.due = 0;
    this.pacer ??= setInterval(() => this.pace(), 5);
  }

  /** Stops sending; reports already written still get their acks counted. */
  stopSending(): void {
    if (this.pacer) clearInterval(this.pacer);
    this.pacer = undefined;
  }

  /** Resolves when every report sent was acknowledged, or after `timeoutMs`; answers how many are still open. */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    const open = () => this.terminals.reduce((n, t) => n + t.outstanding, 0);
    while (open() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return open();
  }

  /** Opens a measuring window now (closing any open one). */
  mark(): void {
    this.windowOpen = true;
    this.samples = [];
    this.win = { at: performance.now(), offered: 0, sent: 0, skipped: 0, acked: 0, refused: 0, cpu: process.cpuUsage() };
  }

  /** The ack latencies of the window opened by {@link mark}, ascending. */
  windowSamples(): number[] {
    return Array.from(Float64Array.from(this.samples).sort());
  }

  /** Figures of the window opened by {@link mark}, up to now. */
  window(): LoadWindow {
    const seconds = (performance.now() - this.win.at) / 1000;
    const cpu = process.cpuUsage(this.win.cpu);
    const sorted = Float64Array.from(this.samples).sort();
    const sum = this.samples.reduce((a, b) => a + b, 0);
    const { offered, sent, skipped, acked, refused } = this.win;
    return {
      seconds, offered, sent, skipped, acked, refused,
      ackMs: {
        p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99),
        max: sorted.length ? sorted[sorted.length - 1]! : 0, mean: sorted.length ? sum / sorted.length : 0,
      },
      cpuCore: (cpu.user + cpu.system) / 1000 / 1000 / seconds,
    };
  }

  /** Closes every socket. */
  close(): void {
    this.stopSending();
    for (const t of this.terminals) t.close();
  }

  /** Called by a terminal for each 0x8001 to a report. */
  acked(ok: boolean, latencyMs: number | undefined): void {
    if (!ok) {
      this.totals.refused++;
      if (this.windowOpen) this.win.refused++;
      return;
    }
    this.totals.acked++;
    if (!this.windowOpen) return;
    this.win.acked++;
    if (latencyMs !== undefined) this.samples.push(latencyMs);
  }

  /** Fix time of a report (GT06 terminals ask through this). */
  fixTime(index: number, k: number, nowMs: number): number {
    return this.options.fixTime(index, k, nowMs);
  }

  private open(index: number): Promise<LeanTerminal | Gt06LeanTerminal> {
    const { options } = this;
    const phone = phoneAt(options.startPhone, index);
    if (options.protocol === 'gt06') {
      return new Promise((resolve, reject) => {
        const socket = connect(options.port, options.host ?? '127.0.0.1');
        socket.once('error', reject);
        socket.once('connect', () => {
          socket.off('error', reject);
          const t = new Gt06LeanTerminal(socket, index, phone, options.position?.(index) ?? defaultPosition(index), options.window ?? 32, this);
          t.login().then(() => resolve(t), (err: unknown) => (t.close(), reject(err)));
        });
      });
    }
    const body = reportBody(options.position?.(index) ?? defaultPosition(index), Date.now());
    return new Promise((resolve, reject) => {
      const socket = connect(options.port, options.host ?? '127.0.0.1');
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        const t = new LeanTerminal(socket, index, phone, body, options.window ?? 32, this);
        t.login().then(() => resolve(t), (err: unknown) => (t.close(), reject(err)));
      });
    });
  }

  private pace(): void {
    const n = this.terminals.length;
    if (n === 0) return;
    const now = performance.now();
    const nowMs = Date.now();
    // catch up after a stall, but never by more than a second's worth in one go
    const target = Math.floor((this.rate * (now - this.startedAt)) / 1000);
    let owed = Math.min(target - this.due, Math.ceil(this.rate));
    this.due = target;
    while (owed-- > 0) {
      const t = this.terminals[this.cursor]!;
      this.cursor = (this.cursor + 1) % n;
      const sent = t.report(nowMs, now);
      this.totals.offered++;
      if (sent) this.totals.sent++;
      else this.totals.skipped++;
      if (this.windowOpen) {
        this.win.offered++;
        if (sent) this.win.sent++;
        else this.win.skipped++;
      }
    }
  }
}
