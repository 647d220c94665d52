/**
 * A lean GT06 terminal for the ingest benchmark: logs in with its IMEI, then sends 0x22 GPS reports
 * patched from a template (time, serial, CRC) and times each from socket write to the gateway's
 * 0x22 reply, which the gateway sends once the report is committed.
 */
import type { Socket } from 'node:net';
import { Gt06FrameSplitter, crcItu } from '../server/gateway/gt06/index';
import type { DeviceReport } from '../server/sim/devices/device-motion';
import { gt06SimCodec } from '../server/sim/devices/gt06-sim-codec';

/** What the terminal reports to (the load generator). */
export interface LeanAckSink {
  acked(ok: boolean, latencyMs: number | undefined): void;
  fixTime(index: number, k: number, nowMs: number): number;
  onSent?(index: number, fixTimeMs: number, sentAt: number): void;
}

const LOCATION = 0x22;
// 78 78 len 22 | time(6) … : the time starts after start bits, length and protocol number
const TIME_AT = 4;

/** The report the template is made of (as the simulator's guards encode it): moving at 48 km/h, heading 135°, ACC on. */
function templateReport(at: { lat: number; lon: number }): DeviceReport {
  return {
    timeMs: 0, fix: { kind: 'gps', ...at, speed: 48, course: 135, satellites: 9 }, battery: 100, charging: false, acc: true, armed: false, powerCutOff: false, steps: 0, alarms: [],
  };
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
    this.template = gt06SimCodec.report(imei, templateReport(at), () => 0)[0]!;
    this.sentAt = new Float64Array(window);
    this.sentSerial = new Int32Array(window).fill(-1);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => {});
  }

  login(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.imei}: no login reply within 30 s`)), 30_000);
      this.loginWaiter = () => (clearTimeout(timer), resolve());
      for (const f of gt06SimCodec.hello(this.imei, templateReport({ lat: 0, lon: 0 }), this.nextSerial())) this.socket.write(f);
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
