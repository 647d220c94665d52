import { EventEmitter } from 'node:events';
import { type Socket, createConnection } from 'node:net';
import {
  Jt808FrameSplitter, Jt808GeneralResult, Jt808MsgId, decodeFrame, decodeGeneralResponse, decodeRegisterResponse,
  encodeAuth, encodeBatchLocation, encodeFrame, encodeRegister,
} from '../gateway/jt808/index';
import { ColdBoxModel } from './cold-box';
import type { GateRelease } from './connect-gate';
import { LocationOutbox } from './location-outbox';
import { type TerminalEffect, answerPlatformCommand } from './platform-command-answer';
import { ReportSchedule } from './report-schedule';
import { RouteModel, type SimPosition } from './route-model';
import { SeededRandom, mixSeed } from './seeded-random';
import { SIM_CITIES } from './sim-cities';
import { encodeSimPosition } from './sim-position-encoder';
import { type SimTicker, sharedSimTicker } from './sim-ticker';
import type { SimulatedTerminalEvents, SimulatedTerminalOptions, TerminalState } from './simulated-terminal-options';
import { type TerminalCounters, emptyCounters } from './terminal-counters';
import { type TerminalIdentity, terminalIdentity } from './terminal-identity';

export type { SimulatedTerminalEvents, SimulatedTerminalOptions, TerminalState };

/** 0x0704 messages kept in flight at once while backfilling. */
const MAX_BATCHES_IN_FLIGHT = 4;

/**
 * One JT/T 808 terminal over TCP: connect → 0x0100 register → 0x0102 authenticate → periodic
 * 0x0200 (with heartbeats when idle), answering platform commands as a real device does.
 * Positions not acknowledged in time are retransmitted; positions produced while offline or in
 * a blind area are backfilled with 0x0704 type 1. Drops reconnect with jittered exponential
 * backoff, re-authenticating with the saved code (or registering again when it is refused).
 */
export class SimulatedTerminal extends EventEmitter<SimulatedTerminalEvents> {
  readonly phone: string;
  readonly edition: '2013' | '2019';
  readonly identity: TerminalIdentity;
  readonly route: RouteModel;
  readonly counters: TerminalCounters = emptyCounters();
  /** Last 0x8300 text shown on the terminal's screen. */
  lastText: string | undefined;
  /** Last 0x8900 passthrough handed to the peripheral behind the terminal. */
  lastPassthrough: { type: number; data: Uint8Array } | undefined;
  /** Why the last connection ended or failed. */
  lastError: string | undefined;

  private readonly opts: SimulatedTerminalOptions;
  private readonly clock: () => number;
  private readonly ticker: SimTicker | undefined;
  private readonly jitter: SeededRandom;
  private readonly outbox: LocationOutbox;
  private current: TerminalState = 'idle';
  private socket: Socket | undefined;
  private splitter = new Jt808FrameSplitter();
  private release: GateRelease | undefined;
  private serial = 0;
  private authCodeValue: string | undefined;
  private readonly schedule: ReportSchedule;
  private readonly coldBox: ColdBoxModel | undefined;
  private doorLocked = false;
  private oilPowerCut = false;
  private failures = 0;
  private nextConnectAt = 0;
  private reconnectOverrideMs: number | undefined;
  private deadline = 0;
  private lastSentAt = 0;
  private lastFrame: Uint8Array | undefined;
  private established = false;

  constructor(options: SimulatedTerminalOptions) {
    super();
    this.opts = options;
    this.phone = options.phone;
    this.edition = options.edition ?? '2013';
    this.clock = options.clock ?? Date.now;
    this.ticker = options.ticker === 'manual' ? undefined : (options.ticker ?? sharedSimTicker());
    const seed = options.seed ?? mixSeed(Number(options.phone.slice(-9)) >>> 0, 7);
    const city = options.city ?? new SeededRandom(seed).pick(SIM_CITIES);
    this.identity = terminalIdentity(options.phone, city);
    this.route = new RouteModel(city, seed, this.clock(), options.route);
    this.jitter = new SeededRandom(mixSeed(seed, 0x8100));
    this.outbox = new LocationOutbox({
      ackTimeoutMs: options.ackTimeoutMs ?? 10_000,
      maxAttempts: options.maxAttempts ?? 3,
      maxBuffered: options.maxBuffered ?? 10_000,
    });
    this.coldBox = options.coldBox && new ColdBoxModel(options.coldBox, mixSeed(seed, 0xc01d), this.clock());
    this.schedule = new ReportSchedule({
      reportSec: options.intervalSec ?? 30,
      sleepSec: options.sleepIntervalSec,
      heartbeatSec: options.heartbeatSec ?? 60,
    });
  }

  /** Current life-cycle state. */
  get state(): TerminalState {
    return this.current;
  }

  /** True while a TCP connection is open. */
  get connected(): boolean {
    return this.socket !== undefined && this.current !== 'connecting' && this.current !== 'waiting';
  }

  /** The auth code kept from the last successful registration. */
  get authCode(): string | undefined {
    return this.authCodeValue;
  }

  /** Current report interval in seconds (ACC on, no temporary tracking). */
  get intervalSec(): number {
    return this.schedule.current.reportSec;
  }

  /** Positions buffered for backfill and messages awaiting acknowledgement. */
  get backlog(): { buffered: number; inFlight: number } {
    return { buffered: this.outbox.buffered, inFlight: this.outbox.inFlight };
  }

  /** Whether the platform cut the oil and power circuit (0x8500); later reports carry status bits 10 and 11. */
  get oilAndPowerCut(): boolean {
    return this.oilPowerCut;
  }

  /** The refrigerated box's temperature in the last position (℃; null: "no sensor"), undefined without a box. */
  get coldBoxCelsius(): number | null | undefined {
    return this.coldBox?.celsius;
  }

  /**
   * Positions from now on carry `celsius` as the box temperature (null: the "no sensor" value);
   * undefined hands them back to the modelled reefer. RangeError without a box or for a
   * temperature its encoding cannot carry.
   */
  setColdBoxTemperature(celsius: number | null | undefined): void {
    if (!this.coldBox) throw new RangeError(`terminal ${this.phone} has no refrigerated box`);
    this.coldBox.force(celsius);
  }

  /** Begins connecting (first attempt right away, or after `delayMs`). */
  start(delayMs = 0): void {
    if (this.current !== 'idle') return;
    this.nextConnectAt = this.clock() + delayMs;
    this.setState('waiting');
    this.ticker?.add(this);
  }

  /** Disconnects for good. Resolves once the socket is closed. */
  stop(): Promise<void> {
    this.setState('stopped');
    this.ticker?.delete(this);
    this.releaseGate();
    const s = this.socket;
    if (!s || s.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      s.once('close', () => resolve());
      s.destroy();
    });
  }

  /** Starts a blind area now for `seconds`: positions are buffered, then backfilled with 0x0704. */
  loseSignal(seconds: number): void {
    this.route.advanceTo(this.clock());
    this.route.loseSignal(seconds);
  }

  /** The current position (advancing the drive to now). */
  position(): SimPosition {
    this.route.advanceTo(this.clock());
    return this.route.peek();
  }

  /** Does whatever is due at `now`: connect, time out, report, retransmit, heartbeat. */
  tick(now = this.clock()): void {
    switch (this.current) {
      case 'idle':
      case 'stopped':
        return;
      case 'waiting':
        if (now >= this.nextConnectAt) this.connect(now);
        break;
      case 'connecting':
      case 'registering':
      case 'authenticating':
        if (now >= this.deadline) this.drop(`no answer while ${this.current}`);
        break;
      case 'online':
        this.tickOnline(now);
        return;
    }
    if (now >= this.schedule.nextAt) this.report(now);
  }

  private tickOnline(now: number): void {
    if (this.outbox.inFlight > 0 && !this.retransmit(now)) return;
    if (now >= this.schedule.nextAt) this.report(now);
    else if (this.outbox.buffered > 0) {
      this.route.advanceTo(now);
      if (!this.route.signalLost) this.flushBlind(now);
    } else if (now - this.lastSentAt >= this.schedule.current.heartbeatSec * 1000) {
      this.route.advanceTo(now);
      if (!this.route.signalLost) {
        this.send(Jt808MsgId.Heartbeat, new Uint8Array(0), now);
        this.counters.heartbeats++;
      }
    }
  }

  /** Resends what timed out; false when the link is given up as dead. */
  private retransmit(now: number): boolean {
    // in a blind area nothing gets through, so timeouts are not counted against the link
    this.route.advanceTo(now);
    if (this.route.signalLost) return true;
    const { resend, dead } = this.outbox.overdue(now);
    if (dead) {
      this.drop('acknowledgements stopped coming');
      return false;
    }
    for (const m of resend) {
      this.write(m.frame, now);
      this.counters.resends++;
    }
    return true;
  }

  private report(now: number): void {
    this.route.advanceTo(now);
    const pos = this.route.report();
    const items = this.coldBox ? [this.coldBox.report(pos.timeMs, !pos.accOn)] : [];
    const entry = { timeMs: pos.timeMs, body: encodeSimPosition(pos, this.vehicleState(), items) };
    this.schedule.reported(now, pos.accOn);
    if (this.current !== 'online' || this.route.signalLost) {
      this.outbox.buffer(entry);
      this.counters.dropped = this.outbox.dropped;
      return;
    }
    this.flushBlind(now);
    const serial = this.send(Jt808MsgId.Location, entry.body, now);
    this.outbox.track(serial, Jt808MsgId.Location, [entry], this.lastFrame!, now);
    this.counters.positionsSent++;
  }

  private flushBlind(now: number): void {
    while (this.outbox.buffered > 0 && this.outbox.inFlight < MAX_BATCHES_IN_FLIGHT) {
      const entries = this.outbox.takeBatch();
      const serial = this.send(Jt808MsgId.BatchLocation, encodeBatchLocation(1, entries.map((e) => e.body)), now);
      this.outbox.track(serial, Jt808MsgId.BatchLocation, entries, this.lastFrame!, now);
      this.counters.batchesSent++;
      this.counters.backfilledPositions += entries.length;
    }
  }

  private connect(now: number): void {
    this.setState('connecting');
    this.deadline = now + (this.opts.replyTimeoutMs ?? 10_000);
    const open = () => {
      if (this.current !== 'connecting') return;
      this.deadline = this.clock() + (this.opts.replyTimeoutMs ?? 10_000);
      const socket = createConnection({ host: this.opts.host, port: this.opts.port });
      this.socket = socket;
      this.splitter = new Jt808FrameSplitter();
      this.established = false;
      socket.setNoDelay(true);
      socket.on('connect', () => this.onConnected());
      socket.on('data', (chunk) => this.onData(chunk));
      socket.on('error', (e) => (this.lastError = e.message));
      socket.on('close', () => this.onClosed(socket));
    };
    if (!this.opts.gate) return open();
    void this.opts.gate.acquire().then((release) => {
      this.release = release;
      if (this.current === 'connecting') open();
      else this.releaseGate();
    });
  }

  private onConnected(): void {
    this.counters.connects++;
    this.established = true;
    if (this.authCodeValue !== undefined) this.sendAuth();
    else this.sendRegister();
  }

  private sendRegister(): void {
    const now = this.clock();
    this.setState('registering');
    this.deadline = now + (this.opts.replyTimeoutMs ?? 10_000);
    const id = this.identity;
    const body = encodeRegister(
      { province: id.province, city: id.city, maker: id.maker, model: id.model, deviceId: id.deviceId, plateColor: id.plateColor, plate: id.plate },
      this.edition,
    );
    this.send(Jt808MsgId.Register, body, now);
  }

  private sendAuth(): void {
    const now = this.clock();
    this.setState('authenticating');
    this.deadline = now + (this.opts.replyTimeoutMs ?? 10_000);
    const body = encodeAuth({ authCode: this.authCodeValue ?? '', imei: this.identity.imei, softwareVersion: this.identity.softwareVersion }, this.edition);
    this.send(Jt808MsgId.Authenticate, body, now);
  }

  private onData(chunk: Buffer): void {
    const { frames, fault } = this.splitter.push(chunk);
    for (const raw of frames) {
      const f = decodeFrame(raw);
      if (f.ok && !f.value.header.subpackage) this.onMessage(f.value.header.msgId, f.value.header.serial, f.value.body);
      if (this.current === 'stopped') return;
    }
    if (fault) this.drop(`stream fault: ${fault}`);
  }

  private onMessage(msgId: number, serial: number, body: Uint8Array): void {
    const now = this.clock();
    if (msgId === Jt808MsgId.RegisterResponse) return this.onRegisterResponse(body);
    if (msgId === Jt808MsgId.PlatformGeneralResponse) return this.onPlatformResponse(body, now);
    if (msgId < 0x8000) return; // a terminal-bound stream carries only platform messages
    const answer = answerPlatformCommand(msgId, serial, body, {
      edition: this.edition,
      locationBody: () => encodeSimPosition(this.position(), this.vehicleState(), this.coldBox ? [this.coldBox.item()] : []),
      settings: () => this.schedule.current,
      vehicleControlReply0500: this.opts.vehicleControlReply0500,
    });
    for (const r of answer.replies) this.send(r.msgId, r.body, now);
    this.counters.commands++;
    this.emit('command', { msgId, serial });
    for (const e of answer.effects) this.apply(e, now);
  }

  private onRegisterResponse(body: Uint8Array): void {
    const d = decodeRegisterResponse(body);
    if (!d.ok || this.current !== 'registering') return;
    if (d.value.result === 0 && d.value.authCode) {
      this.counters.registrations++;
      this.authCodeValue = d.value.authCode;
      this.sendAuth();
      return;
    }
    this.counters.registerRefusals++;
    // a refused terminal does not hammer the platform: wait the longest backoff
    this.drop(`registration refused (result ${d.value.result})`, this.backoffBounds()[1]);
  }

  private onPlatformResponse(body: Uint8Array, now: number): void {
    const d = decodeGeneralResponse(body);
    if (!d.ok) return;
    const { replyMsgId, replySerial, result } = d.value;
    if (replyMsgId === Jt808MsgId.Authenticate && this.current === 'authenticating') {
      if (result === Jt808GeneralResult.Success) return this.goOnline(now);
      this.counters.authFailures++;
      this.authCodeValue = undefined;
      this.sendRegister();
      return;
    }
    const settled = result === Jt808GeneralResult.Success || result === Jt808GeneralResult.AlarmConfirmed;
    if (settled && (replyMsgId === Jt808MsgId.Location || replyMsgId === Jt808MsgId.BatchLocation)) {
      const m = this.outbox.ack(replySerial, replyMsgId);
      if (m) {
        this.counters.positionsAcked += m.entries.length;
        // as the frame carried it: BCD time has whole seconds
        if (this.listenerCount('acked') > 0) this.emit('acked', m.entries.map((e) => Math.floor(e.timeMs / 1000) * 1000));
      }
    }
    // a failure answer leaves the message in flight: it is retransmitted when its timeout expires
  }

  private goOnline(now: number): void {
    this.counters.authentications++;
    this.failures = 0;
    this.releaseGate();
    this.setState('online');
    this.lastSentAt = now;
    // report right away, then on the interval; backlog goes out ahead of it
    this.schedule.dueBy(now);
    this.tickOnline(now);
  }

  private apply(e: TerminalEffect, now: number): void {
    const accOn = () => this.position().accOn;
    switch (e.kind) {
      case 'report-interval':
        return this.schedule.set({ reportSec: e.seconds }, now, accOn());
      case 'sleep-interval':
        return this.schedule.set({ sleepSec: e.seconds }, now, accOn());
      case 'heartbeat-interval':
        return this.schedule.set({ heartbeatSec: e.seconds }, now, accOn());
      case 'tracking':
        return this.schedule.track(e.intervalSec, e.validitySec, now, accOn());
      case 'passthrough':
        this.lastPassthrough = { type: e.type, data: e.data };
        return;
      case 'text':
        this.lastText = e.text;
        this.emit('text', e.text);
        return;
      case 'door':
        this.doorLocked = e.locked;
        return;
      case 'oil-power':
        this.oilPowerCut = e.cut;
        return;
      case 'restart': {
        if (e.factoryReset) {
          this.authCodeValue = undefined;
          this.schedule.reset();
        }
        // end() lets the 0x0001 answer leave before the link goes down
        this.reconnectOverrideMs = e.offlineSec * 1000;
        const s = this.socket;
        s?.end(() => s.destroy());
      }
    }
  }

  private vehicleState() {
    return { doorLocked: this.doorLocked, oilPowerCut: this.oilPowerCut };
  }

  private send(msgId: number, body: Uint8Array, now: number): number {
    const serial = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    this.lastFrame = encodeFrame({ msgId, phone: this.phone, serial, edition: this.edition, body });
    this.write(this.lastFrame, now);
    return serial;
  }

  private write(frame: Uint8Array, now: number): void {
    const s = this.socket;
    if (!s || s.destroyed || !s.writable) return;
    s.write(frame);
    this.lastSentAt = now;
  }

  private drop(reason: string, retryInMs?: number): void {
    this.lastError = reason;
    if (retryInMs !== undefined) this.reconnectOverrideMs = retryInMs;
    if (this.socket) this.socket.destroy();
    else if (this.current !== 'stopped') this.scheduleReconnect(false);
  }

  private onClosed(socket: Socket): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.outbox.requeueInFlight();
    if (this.current === 'stopped') return;
    const wasOnline = this.current === 'online';
    if (this.established) this.counters.disconnects++;
    this.scheduleReconnect(wasOnline);
  }

  private scheduleReconnect(wasOnline: boolean): void {
    this.releaseGate();
    if (!wasOnline) this.counters.connectFailures++;
    this.failures++;
    const [min, max] = this.backoffBounds();
    const delay = this.reconnectOverrideMs ?? Math.min(max, min * 2 ** (this.failures - 1)) * this.jitter.range(0.5, 1);
    this.reconnectOverrideMs = undefined;
    this.nextConnectAt = this.clock() + delay;
    this.setState('waiting');
  }

  private backoffBounds(): readonly [number, number] {
    return this.opts.backoffMs ?? [1_000, 60_000];
  }

  private releaseGate(): void {
    const r = this.release;
    this.release = undefined;
    r?.();
  }

  private setState(s: TerminalState): void {
    if (this.current === s) return;
    this.current = s;
    this.emit('state', s);
  }
}
