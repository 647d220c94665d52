/**
 * A lean GT06 terminal for the ingest benchmark: logs in with its IMEI, then sends 0x22 GPS reports
 * patched from a template (time, serial, CRC) and times each from socket write to the gateway's
 * 0x22 reply, which the gateway sends once the report is committed.
 */
import type { Socket } from 'node:net';
import { Gt06FrameSplitter, crcItu, encodeGt06Frame } from '../server/gateway/gt06/index';

/** What the terminal reports to (the load generator). */
export interface LeanAckSink {
  acked(ok: boolean, latencyMs: number | undefined): void;
  fixTime(index: number, k: number, nowMs: number): number;
  onSent?(index: number, fixTimeMs: number, sentAt: number): void;
}

const LOCATION = 0x22;
// 78 78 len 22 | time(6) … : the time starts after start bits, length and protocol number
const TIME_AT = 4;

function gpsContent(at: { lat: number; lon: number }): number[] {
  const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  const status = (1 << 12) | (1 << 10) | 135; // positioned, north, east, course 135°
  return [
    0, 0, 0, 0, 0, 0, 0xc9, ...u32(Math.round(at.lat * 1_800_000)), ...u32(Math.round(at.lon * 1_800_000)), 48, status >> 8, status & 0xff,
    0x01, 0xcc, 0x00, 0x28, 0x7d, 0x00, 0x1f, 0x71, 0x01, 0x00, 0x00,
  ];
}

export class Gt06LeanTerminal {
  private readonly splitter = new Gt06FrameSplitter();
  private readonly template: Uint8Array;
  private readonly sentAt: Float64Array;
  private readonly sentSerial: Int32Array;
  private serial = 0;
  reports = 0;
  outstanding = 0;
  private loginWaiter: (() => void) | undefined;

  constructor(readonly socket: Socket, readonly index: number, readonly imei: string, at: { lat: number; lon: number }, window: number, private readonly sink: LeanAckSink) {
    socket.setNoDelay(true);
    this.template = encodeGt06Frame(LOCATION, gpsContent(at), 0);
    this.sentAt = new Float64Array(window);
    this.sentSerial = new Int32Array(window).fill(-1);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => {});
  }

  login(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.imei}: no login reply within 30 s`)), 30_000);
      this.loginWaiter = () => (clearTimeout(timer), resolve());
      this.socket.write(encodeGt06Frame(0x01, [...Buffer.from(`0${this.imei}`, 'hex')], this.nextSerial()));
    });
  }

  /** Writes the next report; false when the window is full. */
  report(nowMs: number, sentAt: number): boolean {
    const w = this.sentAt.length;
    if (this.outstanding >= w) return false;
    const serial = this.nextSerial();
    const fixTime = this.sink.fixTime(this.index, this.reports++, nowMs);
    const f = Buffer.from(this.template);
    const d = new Date(fixTime);
    f.set([d.getUTCFullYear() - 2000, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()], TIME_AT);
    const crcAt = f.length - 4;
    f[crcAt - 2] = serial >> 8;
    f[crcAt - 1] = serial & 0xff;
    const crc = crcItu(f, 2, crcAt);
    f[crcAt] = crc >> 8;
    f[crcAt + 1] = crc & 0xff;
    const slot = serial & (w - 1);
    this.sentAt[slot] = sentAt;
    this.sentSerial[slot] = serial;
    this.outstanding++;
    this.socket.write(f);
    this.sink.onSent?.(this.index, fixTime, sentAt);
    return true;
  }

  close(): void {
    this.socket.destroy();
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  private onData(chunk: Buffer): void {
    const now = performance.now();
    for (const f of this.splitter.push(chunk).frames) {
      const protocol = f[3];
      if (protocol === 0x01 && this.loginWaiter) {
        const done = this.loginWaiter;
        this.loginWaiter = undefined;
        done();
        continue;
      }
      if (protocol !== LOCATION) continue;
      const serial = (f[4]! << 8) | f[5]!;
      const slot = serial & (this.sentAt.length - 1);
      this.outstanding--;
      this.sink.acked(true, this.sentSerial[slot] === serial ? now - this.sentAt[slot]! : undefined);
    }
  }
}
