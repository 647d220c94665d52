import { connect, type Socket } from 'node:net';
import { deviceReport, TestDeviceClock, type TestDeviceReport } from '../gateway/testing/device-test-report';
import { watchFrame, watchSimCodec } from '../sim/devices/watch-sim-codec';

/** Options of {@link WatchTestDevice.open}. */
export interface WatchTestDeviceOptions {
  /**
   * Resolves once the server committed the device's report of `timeMs` (a location gets no reply
   * from the gateway, so {@link WatchTestDevice.report} asks the server).
   */
  committed?: (timeMs: number) => Promise<void>;
}

/**
 * A watch-protocol device over TCP for tests (`[3G*<imei>*<length>*<content>]` frames): sends what
 * a watch, badge or collar reports (as written, or a report encoded by the simulator's device-side
 * codec) and collects the frames the gateway sends back.
 */
export class WatchTestDevice {
  readonly frames: string[] = [];
  private rest = '';
  private readonly clock = new TestDeviceClock();

  private constructor(private readonly socket: Socket, readonly imei: string, private readonly options: WatchTestDeviceOptions) {
    socket.on('data', (d) => {
      this.rest += d.toString('latin1');
      let end: number;
      while (this.rest.startsWith('[') && (end = this.rest.indexOf(']')) > 0) {
        this.frames.push(this.rest.slice(0, end + 1));
        this.rest = this.rest.slice(end + 1);
      }
    });
    socket.on('error', () => {});
  }

  /** Connects to the watch gateway on `port` as the device `imei`. */
  static open(port: number, imei: string, options: WatchTestDeviceOptions = {}): Promise<WatchTestDevice> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(new WatchTestDevice(s, imei, options)));
      s.once('error', reject);
    });
  }

  /** The frame of `content` (e.g. `LK,1200,0,80`) as this device sends it. */
  frame(content: string): Uint8Array {
    return watchFrame(this.imei, content);
  }

  send(content: string): void {
    this.socket.write(this.frame(content));
  }

  /** Says hello (LK with its battery) and waits for the platform's LK. */
  async login(battery = 100): Promise<void> {
    for (const f of watchSimCodec.hello(this.imei, deviceReport({ battery }, Date.now()), 0)) this.socket.write(f);
    await this.next('LK');
  }

  /**
   * One report (UD, or AL when `report.alarms` holds one); resolves with its device time once the
   * server committed it: the platform's AL reply, or the `committed` option for a location.
   */
  async report(report: TestDeviceReport = {}): Promise<number> {
    const r = deviceReport(report, this.clock.next());
    for (const f of watchSimCodec.report(this.imei, r, () => 0)) this.socket.write(f);
    if (r.alarms.length > 0) await this.next('AL');
    else if (this.options.committed) await this.options.committed(r.timeMs);
    else throw new Error('a location is not answered: open the device with `committed` to wait for it');
    return r.timeMs;
  }

  /** The first frame received whose content starts with `word` (taken off the list), waiting for it when none came yet. */
  async next(word: string, timeoutMs = 15_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const i = this.frames.findIndex((f) => f.split('*')[3]?.startsWith(word));
      if (i >= 0) return this.frames.splice(i, 1)[0]!;
      if (Date.now() > end) throw new Error(`no ${word}; got ${this.frames.join(' ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}
