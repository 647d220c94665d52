/**
 * Well-behaved terminals for the gateway fault tests, one per protocol: each logs in as a
 * provisioned terminal, reports a position at a steady pace (fix times one second apart, so every
 * report is a new stored row) and times each report from its write to the reply the gateway sends
 * only after the position committed.
 */
import { connect, type Socket } from 'node:net';
import {
  Jt808FrameSplitter, Jt808MsgId, decodeFrame, decodeGeneralResponse, decodeRegisterResponse, encodeAuth, encodeFrame,
  encodeLocation, encodeRegister,
} from '../server/gateway/jt808/index';
import { Gt06FrameSplitter, parseGt06Frame } from '../server/gateway/gt06/index';
import { WatchFrameSplitter } from '../server/gateway/watch/index';
import { gt06SimCodec } from '../server/sim/devices/gt06-sim-codec';
import { watchSimCodec } from '../server/sim/devices/watch-sim-codec';
import type { DeviceReport } from '../server/sim/devices/device-motion';
import type { FuzzProtocol } from './fuzz-frames';

/** Where report `k` is: a slow walk, so a stored row can be checked against what was sent. */
export function placeOf(k: number): { lon: number; lat: number } {
  return { lon: 114.05 + k * 0.0001, lat: 22.54 + k * 0.00005 };
}

interface Pending {
  sentAt: number;
  fixTime: number;
}

/** The socket, the pacing and the bookkeeping every protocol's terminal shares. */
export abstract class ReportingTerminal {
  /** Write-to-reply times of acknowledged reports, ms. */
  readonly latencies: number[] = [];
  /** Fix times (epoch ms) of acknowledged reports. */
  readonly acked: number[] = [];
  /** Fix time → report number, for every report sent. */
  readonly sent = new Map<number, number>();
  /** Replies that said something other than success. */
  readonly problems: string[] = [];
  /** Times the connection ended while we still wanted it. */
  lostConnections = 0;
  protected readonly pending = new Map<number, Pending>();
  private socket: Socket | undefined;
  private readonly inbox: Uint8Array[] = [];
  private readonly waiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private k = 0;
  private stopping = false;

  protected constructor(
    readonly protocol: FuzzProtocol,
    readonly terminalNo: string,
    private readonly port: number,
    /** Fix time of report 0, whole seconds in the past. */
    private readonly fixBaseMs: number,
  ) {}

  /** Cuts the gateway's bytes into frames. */
  protected abstract push(chunk: Uint8Array): Uint8Array[];
  /** Logs in on the open connection. */
  protected abstract login(): Promise<void>;
  /** The bytes of report `k` and the key its reply will carry. */
  protected abstract report(k: number, fixTime: number): { bytes: Uint8Array; key: number };
  /** The report key a frame acknowledges, if it is such a reply. */
  protected abstract ackOf(frame: Uint8Array): number | undefined;

  /** Connects and logs in; resolves with how long that took, ms. */
  async connect(): Promise<number> {
    const started = performance.now();
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ port: this.port, host: '127.0.0.1' }, () => resolve(s));
      s.once('error', reject);
    });
    socket.setNoDelay(true);
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!this.stopping) this.lostConnections++;
      this.waiters.splice(0).forEach((w) => w());
    });
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket = socket;
    await this.login();
    return performance.now() - started;
  }

  /** Reports every `intervalMs`. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => this.sendReport(), intervalMs);
  }

  /** Stops reporting, waits up to `drainMs` for the outstanding replies, then closes. */
  async stop(drainMs = 5000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const end = Date.now() + drainMs;
    while (this.pending.size > 0 && Date.now() < end && !this.socket?.destroyed) await new Promise((r) => setTimeout(r, 20));
    this.stopping = true;
    this.socket?.destroy();
  }

  /** Reports still waiting for their reply. */
  get outstanding(): number {
    return this.pending.size;
  }

  protected write(bytes: Uint8Array): void {
    this.socket?.write(bytes);
  }

  /** The next received frame that `match` accepts (taken out of the inbox). */
  protected async expect(match: (frame: Uint8Array) => boolean, what: string, timeoutMs = 10_000): Promise<Uint8Array> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const i = this.inbox.findIndex(match);
      if (i >= 0) return this.inbox.splice(i, 1)[0]!;
      if (Date.now() > end || !this.socket || this.socket.destroyed) throw new Error(`${this.protocol} ${this.terminalNo}: no ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  private sendReport(): void {
    if (!this.socket || this.socket.destroyed) return;
    const k = this.k++;
    const fixTime = this.fixBaseMs + k * 1000;
    const { bytes, key } = this.report(k, fixTime);
    this.sent.set(fixTime, k);
    this.pending.set(key, { sentAt: performance.now(), fixTime });
    this.write(bytes);
  }

  private receive(chunk: Uint8Array): void {
    const now = performance.now();
    for (const frame of this.push(chunk)) {
      const key = this.ackOf(frame);
      const p = key === undefined ? undefined : this.pending.get(key);
      if (p) {
        this.pending.delete(key!);
        this.latencies.push(now - p.sentAt);
        this.acked.push(p.fixTime);
      } else {
        this.inbox.push(frame);
      }
    }
    this.waiters.splice(0).forEach((w) => w());
  }
}

/** JT/T 808 (2013): register, authenticate, 0x0200 reports acknowledged by 0x8001 with their serial. */
export class Jt808ReportingTerminal extends ReportingTerminal {
  private readonly splitter = new Jt808FrameSplitter();
  private serial = 0;

  constructor(phone: string, port: number, fixBaseMs: number) {
    super('jt808', phone, port, fixBaseMs);
  }

  protected push(chunk: Uint8Array): Uint8Array[] {
    return this.splitter.push(chunk).frames;
  }

  protected async login(): Promise<void> {
    this.write(this.frame(Jt808MsgId.Register, encodeRegister(
      { province: 44, city: 300, maker: 'TLU01', model: 'T808', deviceId: 'G000001', plateColor: 1, plate: '粤B12345' }, '2013',
    )));
    const reg = decodeRegisterResponse(this.body(await this.expect((f) => this.msgId(f) === Jt808MsgId.RegisterResponse, '0x8100')));
    if (!reg.ok || reg.value.authCode === undefined) throw new Error(`jt808 ${this.terminalNo}: registration refused`);
    const serial = this.serial;
    this.write(this.frame(Jt808MsgId.Authenticate, encodeAuth({ authCode: reg.value.authCode }, '2013')));
    const auth = decodeGeneralResponse(this.body(await this.expect((f) => this.msgId(f) === Jt808MsgId.PlatformGeneralResponse, '0x8001 to 0x0102')));
    if (!auth.ok || auth.value.replySerial !== serial || auth.value.result !== 0) throw new Error(`jt808 ${this.terminalNo}: authentication refused`);
  }

  protected report(k: number, fixTime: number): { bytes: Uint8Array; key: number } {
    const { lon, lat } = placeOf(k);
    const key = this.serial;
    const body = encodeLocation({ latitude: lat, longitude: lon, speedKmh: 36, direction: 45, altitude: 10, gpsTime: fixTime, statusFlags: 0x02 });
    return { bytes: this.frame(Jt808MsgId.Location, body), key };
  }

  protected ackOf(frame: Uint8Array): number | undefined {
    const d = decodeFrame(frame);
    if (!d.ok || d.value.header.msgId !== Jt808MsgId.PlatformGeneralResponse) return undefined;
    const res = decodeGeneralResponse(d.value.body);
    if (!res.ok || res.value.replyMsgId !== Jt808MsgId.Location) return undefined;
    if (res.value.result !== 0) this.problems.push(`0x8001 result ${res.value.result} for serial ${res.value.replySerial}`);
    return res.value.replySerial;
  }

  private frame(msgId: number, body: Uint8Array): Uint8Array {
    const serial = this.serial;
    this.serial = (serial + 1) & 0xffff;
    return encodeFrame({ msgId, phone: this.terminalNo, serial, edition: '2013', body });
  }

  private msgId(frame: Uint8Array): number | undefined {
    const d = decodeFrame(frame);
    return d.ok ? d.value.header.msgId : undefined;
  }

  private body(frame: Uint8Array): Uint8Array {
    const d = decodeFrame(frame);
    if (!d.ok) throw new Error('bad frame');
    return d.value.body;
  }
}

function deviceReport(k: number, fixTime: number): DeviceReport {
  const { lon, lat } = placeOf(k);
  return {
    timeMs: fixTime, fix: { kind: 'gps', lon, lat, speed: 12, course: 90, satellites: 9 }, battery: 80, charging: false,
    acc: true, armed: false, powerCutOff: false, steps: k, alarms: [],
  };
}

/** GT06: login 0x01, GPS+LBS 0x22 reports answered with 0x22 and their serial after the commit. */
export class Gt06ReportingTerminal extends ReportingTerminal {
  private readonly splitter = new Gt06FrameSplitter();
  private serial = 1;

  constructor(imei: string, port: number, fixBaseMs: number) {
    super('gt06', imei, port, fixBaseMs);
  }

  protected push(chunk: Uint8Array): Uint8Array[] {
    return this.splitter.push(chunk).frames;
  }

  protected async login(): Promise<void> {
    for (const f of gt06SimCodec.hello(this.terminalNo, deviceReport(0, Date.now()), this.nextSerial())) this.write(f);
    await this.expect((f) => this.parse(f)?.protocol === 0x01, 'login reply');
  }

  protected report(k: number, fixTime: number): { bytes: Uint8Array; key: number } {
    const key = this.serial;
    const [frame] = gt06SimCodec.report(this.terminalNo, deviceReport(k, fixTime), () => this.nextSerial());
    return { bytes: frame!, key };
  }

  protected ackOf(frame: Uint8Array): number | undefined {
    const f = this.parse(frame);
    return f?.protocol === 0x22 ? f.serial : undefined;
  }

  private nextSerial(): number {
    const s = this.serial;
    this.serial = (s % 0xffff) + 1;
    return s;
  }

  private parse(frame: Uint8Array): { protocol: number; serial: number } | undefined {
    const f = parseGt06Frame(frame);
    return 'protocol' in f ? f : undefined;
  }
}

const text = new TextDecoder('latin1');
const bytesOf = new TextEncoder();

/**
 * Watch protocol: LK link, then AL reports (a location the device wants answered) — the gateway
 * answers AL only after the commit. AL replies carry no serial; on one connection they come in
 * commit order, which is send order, so they are matched first in, first out.
 */
export class WatchReportingTerminal extends ReportingTerminal {
  private readonly splitter = new WatchFrameSplitter();
  private nextKey = 0;

  constructor(imei: string, port: number, fixBaseMs: number) {
    super('watch', imei, port, fixBaseMs);
  }

  protected push(chunk: Uint8Array): Uint8Array[] {
    return this.splitter.push(chunk).frames;
  }

  protected async login(): Promise<void> {
    for (const f of watchSimCodec.hello(this.terminalNo, deviceReport(0, Date.now()), 0)) this.write(f);
    await this.expect((f) => text.decode(f).endsWith('*LK]'), 'LK reply');
  }

  protected report(k: number, fixTime: number): { bytes: Uint8Array; key: number } {
    const [ud] = watchSimCodec.report(this.terminalNo, deviceReport(k, fixTime), () => 0);
    // the same content under the word AL: a location that asks for a reply
    return { bytes: bytesOf.encode(text.decode(ud!).replace('*UD,', '*AL,')), key: this.nextKey++ };
  }

  protected ackOf(frame: Uint8Array): number | undefined {
    if (!text.decode(frame).endsWith('*AL]')) return undefined;
    return this.pending.keys().next().value;
  }
}

/** p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
