import { connect, type Socket } from 'node:net';
import type { DeviceCommand } from '../device-protocol';
import { Gt06FrameSplitter, parseGt06Frame } from '../gt06/index';
import { gt06SimCodec } from '../../sim/devices/gt06-sim-codec';
import type { PlatformCommand } from '../../sim/devices/simulated-device';
import { deviceReport, TestDeviceClock, type TestDeviceReport } from './device-test-report';

/** A command the platform sent to a {@link Gt06TestTerminal}, not answered yet. */
export interface Gt06TestCommand {
  /** The command as the device understood it (undefined: a text it does not know). */
  command: DeviceCommand | undefined;
  /** Sends the device's 0x21 answer with `text` (its own words). */
  answer(text: string): void;
}

/** Options of {@link Gt06TestTerminal.connect}. */
export interface Gt06TestTerminalOptions {
  /**
   * Answers the platform's commands as they come (the text of the device's answer), or leaves one
   * to {@link Gt06TestTerminal.nextCommand} by returning undefined. Runs after the device took a
   * 设防 / 撤防 / 断电 / 恢复 (its `armed` / `powerCutOff`, which its next reports carry).
   */
  answer?: (command: DeviceCommand | undefined) => string | undefined;
}

/**
 * A GT06 device (an e-bike guard, a collar) over TCP for tests, speaking with the simulator's
 * device-side codec: logs in with its IMEI, reports its status and a position (or an alarm), and
 * waits for the platform's reply, which the gateway sends once the report is committed.
 */
export class Gt06TestTerminal {
  /** What the device reports unless a report says otherwise; 设防 and 断电 follow the platform's commands. */
  armed = false;
  powerCutOff = false;
  private readonly splitter = new Gt06FrameSplitter();
  private readonly replies: { protocol: number; serial: number }[] = [];
  private readonly commands: Gt06TestCommand[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly clock = new TestDeviceClock();
  private serial = 0;
  private closedNow = false;

  private constructor(private readonly socket: Socket, readonly imei: string, private readonly options: Gt06TestTerminalOptions) {
    socket.on('data', (chunk: Buffer) => {
      for (const frame of this.splitter.push(chunk).frames) this.receive(frame);
      this.waiters.splice(0).forEach((w) => w());
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closedNow = true;
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  /** Connects to the GT06 gateway on `port` of 127.0.0.1 as the device `imei` (not logged in yet). */
  static connect(port: number, imei: string, options: Gt06TestTerminalOptions = {}): Promise<Gt06TestTerminal> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new Gt06TestTerminal(socket, imei, options)));
      socket.once('error', reject);
    });
  }

  /** Logs in (0x01) and waits for the platform's reply. */
  async login(): Promise<void> {
    const [hello] = gt06SimCodec.hello(this.imei, deviceReport({}, Date.now()), this.next());
    await this.sendAndWait([hello!], 'the login reply');
  }

  /**
   * One report: the status (设防, charging, relay, battery level and voltage), then a position, or an
   * alarm frame when `report.alarms` holds one; resolves with its device time once the server committed it.
   */
  async report(report: TestDeviceReport = {}): Promise<number> {
    const r = deviceReport({ armed: this.armed, powerCutOff: this.powerCutOff, ...report }, this.clock.next());
    // the status first: the position after it carries it
    this.socket.write(gt06SimCodec.heartbeat(this.imei, r, this.next()));
    await this.sendAndWait(gt06SimCodec.report(this.imei, r, this.next), 'the reply to its report (sent once committed)');
    return r.timeMs;
  }

  /** The next command the platform sent that no `answer` option took, waiting for it. */
  async nextCommand(timeoutMs = 10_000): Promise<Gt06TestCommand> {
    await this.until(() => this.commands.length > 0, 'a command', timeoutMs);
    return this.commands.shift()!;
  }

  close(): void {
    this.socket.destroy();
  }

  private readonly next = (): number => {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  };

  /** Writes `frames` and waits for the platform's reply to the last one (same protocol number and serial). */
  private async sendAndWait(frames: Uint8Array[], what: string): Promise<void> {
    for (const f of frames) this.socket.write(f);
    const sent = parseGt06Frame(frames[frames.length - 1]!);
    if ('reason' in sent) throw new Error(`${this.imei}: ${sent.detail}`);
    const replied = () => this.replies.findIndex((r) => r.protocol === sent.protocol && r.serial === sent.serial);
    await this.until(() => replied() >= 0, what, 10_000);
    this.replies.splice(replied(), 1);
  }

  private receive(frame: Uint8Array): void {
    const platform: PlatformCommand | undefined = gt06SimCodec.platformFrame(frame, this.imei, this.next);
    if (!platform) {
      const parsed = parseGt06Frame(frame);
      if (!('reason' in parsed)) this.replies.push({ protocol: parsed.protocol, serial: parsed.serial });
      return;
    }
    const type = platform.command?.type;
    if (type === 'arm' || type === 'disarm') this.armed = type === 'arm';
    if (type === 'powerCut' || type === 'powerRestore') this.powerCutOff = type === 'powerCut';
    const answer = (text: string) => void this.socket.write(platform.answer(text));
    const text = this.options.answer?.(platform.command);
    if (text === undefined) this.commands.push({ command: platform.command, answer });
    else answer(text);
  }

  private async until(done: () => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0 || this.closedNow) throw new Error(`${this.imei}: no ${what} within ${timeoutMs} ms (closed: ${this.closedNow})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
}
