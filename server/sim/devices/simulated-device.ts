import { connect, type Socket } from 'node:net';
import type { DeviceCommand, FrameSplitter } from '../../gateway/device-protocol';
import type { DeviceProtocolName } from '../../gateway/device-protocols';
import type { ConnectGate } from '../connect-gate';
import type { SimTicker } from '../sim-ticker';
import type { DeviceMotion, DeviceReport } from './device-motion';

/** A command the platform sent, as the device understood it. */
export interface PlatformCommand {
  /** The command in the common model, when the device knows it. */
  command: DeviceCommand | undefined;
  /** Builds the device's answer frame with this text. */
  answer(text: string): Uint8Array;
}

/** How a simulated device speaks its protocol (the device side of the gateway's protocol module). */
export interface DeviceSimCodec {
  protocol: DeviceProtocolName;
  /** Cuts what the platform sends into frames. */
  createSplitter(): FrameSplitter;
  /** What the device sends once connected (GT06 login, watch link). */
  hello(imei: string, report: DeviceReport, serial: number): Uint8Array[];
  /** The frames of one report: a location, or an alarm while an alarm is raised; body readings when taken. */
  report(imei: string, report: DeviceReport, serial: () => number): Uint8Array[];
  /** A keep-alive with the device's status. */
  heartbeat(imei: string, report: DeviceReport, serial: number): Uint8Array;
  /** A platform frame: a command to act on, or undefined for a reply the device just takes. */
  platformFrame(frame: Uint8Array, imei: string, serial: () => number): PlatformCommand | undefined;
}

/** How to run one {@link SimulatedDevice}. */
export interface SimulatedDeviceOptions {
  imei: string;
  codec: DeviceSimCodec;
  motion: DeviceMotion;
  host: string;
  port: number;
  /** Seconds between reports. */
  intervalSec: number;
  /** Seconds between keep-alives. Default 4 × the report interval, at most 180. */
  heartbeatSec?: number;
  ticker: SimTicker;
  gate?: ConnectGate;
  /** Wait after a lost connection before trying again, ms. Default 5000. */
  reconnectMs?: number;
}

/** Counters a demo or a test reads. */
export interface SimulatedDeviceCounters {
  connects: number;
  reports: number;
  alarms: number;
  commands: number;
  /** Frames the platform sent (replies and commands). */
  received: number;
}

/**
 * A simulated badge, collar or e-bike guard: connects to its protocol's port, says hello, reports
 * where its {@link DeviceMotion} is at every interval (alarms as alarm frames), keeps the link alive,
 * and acts on commands — locate now, interval, relay cut/restore, arm/disarm, 震动灵敏度 — answering each.
 */
export class SimulatedDevice {
  readonly counters: SimulatedDeviceCounters = { connects: 0, reports: 0, alarms: 0, commands: 0, received: 0 };
  private socket: Socket | undefined;
  private splitter: FrameSplitter;
  private serial = 0;
  private nextReportAt = Infinity;
  private nextHeartbeatAt = Infinity;
  private reconnectAt = 0;
  private connecting = false;
  private stopped = true;
  private intervalSec: number;
  private readonly tickable = { tick: (now: number) => this.tick(now) };

  constructor(private readonly options: SimulatedDeviceOptions) {
    this.splitter = options.codec.createSplitter();
    this.intervalSec = options.intervalSec;
  }

  get connected(): boolean {
    return this.socket !== undefined && !this.connecting;
  }

  get imei(): string {
    return this.options.imei;
  }

  /** Starts after `delayMs` (de-phases a fleet's reports). */
  start(delayMs = 0): void {
    this.stopped = false;
    this.reconnectAt = Date.now() + delayMs;
    this.options.ticker.add(this.tickable);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.ticker.delete(this.tickable);
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.destroy();
    });
  }

  private nextSerial = (): number => {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  };

  private tick(now: number): void {
    if (this.stopped) return;
    if (!this.socket) {
      if (!this.connecting && now >= this.reconnectAt) void this.open();
      return;
    }
    if (this.connecting) return;
    // the status (battery, 设防, relay) on its own schedule, as a real device keeps it beside its
    // positions; first, so that a position due at the same moment carries it
    if (now >= this.nextHeartbeatAt) this.sendHeartbeat(now);
    if (now >= this.nextReportAt) this.sendReport(now);
  }

  private async open(): Promise<void> {
    this.connecting = true;
    const acquired = this.options.gate ? await this.options.gate.acquire() : () => {};
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      acquired();
    };
    const socket = connect({ host: this.options.host, port: this.options.port });
    this.socket = socket;
    this.splitter = this.options.codec.createSplitter();
    socket.setNoDelay(true);
    socket.on('connect', () => {
      release();
      this.connecting = false;
      this.counters.connects++;
      const now = Date.now();
      this.send(this.options.codec.hello(this.imei, this.options.motion.report(now), this.nextSerial()));
      // the status, then the first position shortly after the hello, once the platform knows the device
      this.nextHeartbeatAt = now + 200;
      this.nextReportAt = now + 300;
    });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      release();
      if (this.socket === socket) this.socket = undefined;
      this.connecting = false;
      this.nextReportAt = Infinity;
      this.nextHeartbeatAt = Infinity;
      this.reconnectAt = Date.now() + (this.options.reconnectMs ?? 5000);
    });
  }

  private send(frames: readonly Uint8Array[]): void {
    const socket = this.socket;
    if (!socket || frames.length === 0) return;
    for (const f of frames) socket.write(f);
  }

  private sendHeartbeat(now: number): void {
    this.send([this.options.codec.heartbeat(this.imei, this.options.motion.report(now), this.nextSerial())]);
    const heartbeatSec = this.options.heartbeatSec ?? Math.min(180, this.intervalSec * 4);
    this.nextHeartbeatAt = now + heartbeatSec * 1000;
  }

  private sendReport(now: number): void {
    const report = this.options.motion.report(now);
    this.counters.reports++;
    if (report.alarms.length > 0) this.counters.alarms++;
    this.send(this.options.codec.report(this.imei, report, this.nextSerial));
    this.nextReportAt = now + this.intervalSec * 1000;
  }

  private onData(chunk: Buffer): void {
    const { frames } = this.splitter.push(chunk);
    for (const frame of frames) {
      this.counters.received++;
      const platform = this.options.codec.platformFrame(frame, this.imei, this.nextSerial);
      if (platform) this.act(platform);
    }
  }

  private act(platform: PlatformCommand): void {
    this.counters.commands++;
    const now = Date.now();
    const { command } = platform;
    const { motion } = this.options;
    let text = 'OK';
    switch (command?.type) {
      case 'locate':
        this.send([platform.answer('OK')]);
        this.sendReport(now);
        return;
      case 'interval':
        this.intervalSec = Math.max(1, command.seconds);
        this.nextReportAt = Math.min(this.nextReportAt, now + this.intervalSec * 1000);
        text = `Interval set to ${command.seconds}s OK`;
        break;
      case 'powerCut':
        motion.setPowerCut(true);
        text = 'Cut off the fuel supply: Success!';
        break;
      case 'powerRestore':
        motion.setPowerCut(false);
        text = 'Restore fuel supply: Success!';
        break;
      case 'arm':
        motion.setArmed(true);
        text = 'Defence activated: Success!';
        break;
      case 'disarm':
        motion.setArmed(false);
        text = 'Defence deactivated: Success!';
        break;
      case 'vibrationSensitivity':
        motion.setVibrationSensitivity(command.level);
        text = `Sensitivity set to ${command.level}: Success!`;
        break;
      case undefined:
        text = 'Unknown command, invalid';
        break;
      default:
        break;
    }
    this.send([platform.answer(text)]);
    // the new state at once: the status frame (relay, 设防) first, so the report after it carries it
    if (command?.type === 'powerCut' || command?.type === 'powerRestore' || command?.type === 'arm' || command?.type === 'disarm') {
      this.sendHeartbeat(now);
      this.sendReport(now);
    }
  }
}
