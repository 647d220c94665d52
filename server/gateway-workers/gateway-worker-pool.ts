import cluster, { type Worker } from 'node:cluster';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnsupportedCommandError } from '../gateway/device-gateway';
import type { DeviceCommand } from '../gateway/device-protocol';
import { AddressLimit } from '../gateway/address-limit';
import { GatewayEventHub } from '../gateway/gateway-event-hub';
import { DEFAULT_GATEWAY_GUARD, hostOf } from '../gateway/gateway-guard';
import { LoginPolicy, type LiveHolder, type LoginClaim, type LoginVerdict } from '../gateway/login-policy';
import type { GatewayMetricsSnapshot } from '../gateway/gateway-metrics';
import {
  silentGatewayLog, type GatewayEvents, type GatewayLog, type TerminalDirectory, type TerminalOnlineEvent,
} from '../gateway/gateway-ports';
import { normalizePhone } from '../gateway/jt808/index';
import { TerminalOfflineError } from '../gateway/jt808/jt808-gateway';
import type { GatewayWorkerSettings } from './gateway-worker';
import {
  protocolOfEdition, toWireError, unpackResponse, unpackRows,
  type GatewayProtocol, type PrimaryToWorker, type WireError, type WorkerToPrimary,
} from './worker-messages';

/** What a {@link GatewayWorkerPool} is built from. */
export interface GatewayWorkerPoolOptions {
  /** Worker processes to fork (at least 1). */
  workers: number;
  settings: GatewayWorkerSettings;
  /** Provisions what the workers' auto-registration asks for (the store's directory). */
  directory: TerminalDirectory;
  /** A first listener, attached before any worker starts (the bus bridge). */
  events?: Partial<GatewayEvents>;
  log?: GatewayLog;
  /** Wait before forking a replacement for a worker that died. Default 1000 ms. */
  respawnDelayMs?: number;
}

interface WorkerHandle {
  index: number;
  worker: Worker;
  calls: Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>;
  exited: Promise<void>;
  alive: boolean;
  /** Listening on the shared ports (connections reach it). */
  ready: boolean;
  /** The worker's latest report of its counters. */
  metrics?: Record<GatewayProtocol, GatewayMetricsSnapshot>;
}

/** One worker's figures on the metrics endpoint. */
export interface GatewayWorkerMetrics {
  worker: number;
  pid: number;
  protocols: Record<GatewayProtocol, GatewayMetricsSnapshot> | undefined;
}

/** Where a terminal's connection is held: the worker, its binding there, the edition it spoke and whose it is. */
interface Holder {
  handle: WorkerHandle;
  seq: number;
  edition: TerminalOnlineEvent['edition'];
  terminalId: number;
  tenantId: number;
  /** Address and port of the connection. */
  address: string;
}

function workerEntry(): { exec: string; execArgv: string[] } {
  const self = fileURLToPath(import.meta.url);
  const ext = extname(self);
  const exec = fileURLToPath(new URL(`./gateway-worker-main${ext}`, import.meta.url));
  return { exec, execArgv: ext === '.ts' ? ['--import', 'tsx'] : [] };
}

function fromWire(error: WireError): Error {
  if (error.name === 'TerminalOfflineError') return new TerminalOfflineError(error.terminalNo ?? '');
  if (error.name === 'UnsupportedCommandError') return new UnsupportedCommandError(error.protocol ?? '', (error.command ?? 'text') as DeviceCommand['type']);
  return Object.assign(new Error(error.message), { name: error.name });
}

/**
 * The primary's side of the gateway workers (GATEWAY_WORKERS with PostgreSQL): forks them through
 * node:cluster so they share the protocols' ports, hears their online/offline transitions,
 * committed batches and command answers on one event hub (the same events a local gateway emits),
 * keeps which worker holds each terminal, sends commands there and makes a second connection on
 * another worker replace the first. It fits the command service like the local gateway set.
 */
export class GatewayWorkerPool {
  readonly events: GatewayEventHub;
  private readonly handles: WorkerHandle[] = [];
  private readonly terminals = new Map<string, Holder>();
  private readonly log: GatewayLog;
  private boundPorts: Record<GatewayProtocol, number> | undefined;
  private nextCall = 1;
  private closing = false;
  /** Connections per address across the workers, keyed `worker:connection`. */
  private readonly addresses: AddressLimit;
  /** Logins per terminal and the takeover rule, across the workers. */
  private readonly logins: LoginPolicy;

  constructor(private readonly options: GatewayWorkerPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new RangeError(`workers must be >= 1, got ${options.workers}`);
    this.log = options.log ?? silentGatewayLog;
    this.events = new GatewayEventHub(this.log);
    if (options.events) this.events.subscribe(options.events);
    const guard = { ...DEFAULT_GATEWAY_GUARD, ...options.settings.guard };
    this.addresses = new AddressLimit(guard.maxConnectionsPerAddress, guard.uncappedAddresses);
    this.logins = new LoginPolicy(guard, (event) => this.events.emit('terminalTakeover', event));
  }

  /** Forks the workers; resolves with the bound ports once every worker listens. */
  async start(): Promise<Record<GatewayProtocol, number>> {
    cluster.setupPrimary({ ...workerEntry(), silent: false });
    await Promise.all(Array.from({ length: this.options.workers }, (_, i) => this.fork(i)));
    this.log.info({ workers: this.options.workers, ports: this.boundPorts }, 'gateway workers listening');
    return this.ports;
  }

  /** The ports the workers share (all 0 before start). */
  get ports(): Record<GatewayProtocol, number> {
    return this.boundPorts ?? { jt808: 0, gt06: 0, watch: 0 };
  }

  subscribe(listener: Partial<GatewayEvents>): () => void {
    return this.events.subscribe(listener);
  }

  /** Which worker (0-based) holds the terminal's connection, if any. */
  workerOf(terminalNo: string): number | undefined {
    return (this.terminals.get(terminalNo) ?? this.terminals.get(normalizePhone(terminalNo)))?.handle.index;
  }

  /** Process ids of the workers serving the ports, by worker index. */
  workerPids(): number[] {
    return this.handles.filter((h) => h.alive && h.ready).map((h) => h.worker.process.pid ?? 0);
  }

  /** Every live worker's counters as last reported (every couple of seconds). */
  metrics(): GatewayWorkerMetrics[] {
    return this.handles.filter((h) => h.alive).map((h) => ({ worker: h.index, pid: h.worker.process.pid ?? 0, protocols: h.metrics }));
  }

  isOnline(terminalNo: string): boolean {
    return this.jt808Holder(terminalNo) !== undefined || this.deviceOnline(terminalNo);
  }

  editionOf(terminalNo: string): '2013' | '2019' | undefined {
    const edition = this.jt808Holder(terminalNo)?.edition;
    return edition === '2013' || edition === '2019' ? edition : undefined;
  }

  deviceOnline(terminalNo: string): boolean {
    const holder = this.terminals.get(terminalNo);
    return holder !== undefined && protocolOfEdition(holder.edition) !== 'jt808';
  }

  onlineTerminals(): string[] {
    return [...this.terminals.keys()];
  }

  /** Sends a JT/T 808 message through the worker holding the terminal (see Jt808Gateway.sendCommand). */
  sendCommand(terminalNo: string, msgId: number, body: Uint8Array = new Uint8Array(0)): Promise<{ serial: number }> {
    const holder = this.jt808Holder(terminalNo);
    if (!holder) return Promise.reject(new TerminalOfflineError(normalizePhone(terminalNo)));
    return this.call(holder.handle, { t: 'command', id: this.nextCall++, terminalNo: normalizePhone(terminalNo), msgId, body: Buffer.from(body).toString('base64') });
  }

  /** Sends a device command through the worker holding the device (see DeviceGateway.sendCommand). */
  sendDeviceCommand(terminalNo: string, command: DeviceCommand): Promise<{ matchKey: string }> {
    if (!this.deviceOnline(terminalNo)) return Promise.reject(new TerminalOfflineError(terminalNo));
    return this.call(this.terminals.get(terminalNo)!.handle, { t: 'deviceCommand', id: this.nextCall++, terminalNo, command });
  }

  /** Every worker stops reading, commits and acknowledges what it queued, closes its connections and exits. */
  async close(): Promise<void> {
    this.closing = true;
    for (const handle of this.handles) this.send(handle, { t: 'close' });
    await Promise.all(this.handles.map((h) => h.exited));
  }

  private jt808Holder(terminalNo: string): Holder | undefined {
    const holder = this.terminals.get(normalizePhone(terminalNo));
    return holder && protocolOfEdition(holder.edition) === 'jt808' ? holder : undefined;
  }

  private call<T>(handle: WorkerHandle, message: PrimaryToWorker & { id: number }): Promise<T> {
    if (!handle.alive || !handle.worker.isConnected()) return Promise.reject(new Error('gateway worker is gone'));
    return new Promise<T>((resolve, reject) => {
      handle.calls.set(message.id, { resolve: resolve as (v: never) => void, reject });
      handle.worker.send(message);
    });
  }

  private fork(index: number): Promise<void> {
    const worker = cluster.fork({ TIANLU_GATEWAY_WORKER: JSON.stringify(this.options.settings) });
    let listening: () => void = () => {};
    let failed: (err: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      listening = resolve;
      failed = reject;
    });
    const handle: WorkerHandle = {
      index, worker, calls: new Map(), alive: true, ready: false,
      exited: new Promise((resolve) => worker.once('exit', (code: number | null, signal: string | null) => {
        this.onExit(handle, code, signal);
        failed(new Error(`gateway worker ${index} exited before listening (${signal ?? code})`));
        resolve();
      })),
    };
    this.handles[index] = handle;
    // a send racing the worker's exit fails on the channel; the exit handler does the cleaning up
    worker.on('error', (err: Error) => this.log.warn({ err, worker: index }, 'gateway worker channel error'));
    worker.on('message', (message: WorkerToPrimary) => {
      if (message.t === 'listening') {
        handle.ready = true;
        this.boundPorts ??= message.ports;
        listening();
      } else {
        this.onMessage(handle, message);
      }
    });
    return ready;
  }

  private onMessage(handle: WorkerHandle, message: WorkerToPrimary): void {
    switch (message.t) {
      case 'positions':
        this.events.emit('positionsCommitted', unpackRows(message.rows));
        return;
      case 'online':
        this.online(handle, message.event, message.seq);
        return;
      case 'offline': {
        const holder = this.terminals.get(message.event.terminalNo);
        // an older connection ending after a newer one came online elsewhere changes nothing
        if (holder?.handle !== handle || holder.seq !== message.seq) return;
        this.terminals.delete(message.event.terminalNo);
        this.events.emit('terminalOffline', message.event);
        return;
      }
      case 'response':
        this.events.emit('commandResponse', unpackResponse(message.event));
        return;
      case 'reply': {
        const call = handle.calls.get(message.id);
        handle.calls.delete(message.id);
        if (message.error) call?.reject(fromWire(message.error));
        else call?.resolve(message.value as never);
        return;
      }
      case 'register':
      case 'registerDevice': {
        const { directory } = this.options;
        const provisioned = message.t === 'register'
          ? directory.register(message.terminalNo, message.registration)
          : directory.registerDevice(message.imei, message.protocol);
        provisioned.then(
          (value) => this.send(handle, { t: 'reply', id: message.id, value }),
          (err: unknown) => this.send(handle, { t: 'reply', id: message.id, error: toWireError(err) }),
        );
        return;
      }
      case 'metrics':
        handle.metrics = message.protocols;
        return;
      case 'connOpen':
        this.send(handle, { t: 'reply', id: message.id, value: this.addresses.tryOpen(`${handle.index}:${message.key}`, message.host) });
        return;
      case 'connClosed':
        this.addresses.close(`${handle.index}:${message.key}`);
        return;
      case 'claim':
        this.judgeLogin(message.claim).then(
          (value) => this.send(handle, { t: 'reply', id: message.id, value }),
          (err: unknown) => this.send(handle, { t: 'reply', id: message.id, error: toWireError(err) }),
        );
        return;
      case 'listening':
      case 'closed':
        return;
    }
  }

  /**
   * A login on any worker: the terminal's live connection may be on another one, so ask the worker
   * holding it how long it has been silent (only when the login comes from another address).
   */
  private async judgeLogin(claim: LoginClaim): Promise<LoginVerdict> {
    const held = this.terminals.get(claim.terminalNo);
    let holder: LiveHolder | undefined;
    if (held && hostOf(held.address.slice(0, held.address.lastIndexOf(':'))) !== claim.host) {
      holder = await this.call<LiveHolder | undefined>(held.handle, { t: 'holder', id: this.nextCall++, terminalNo: claim.terminalNo, protocol: claim.protocol })
        .catch(() => undefined);
    }
    return this.logins.judge(claim, holder);
  }

  /** A second connection replaces the first, whichever workers hold them. */
  private online(handle: WorkerHandle, event: TerminalOnlineEvent, seq: number): void {
    const previous = this.terminals.get(event.terminalNo);
    this.terminals.set(event.terminalNo, { handle, seq, edition: event.edition, terminalId: event.terminalId, tenantId: event.tenantId, address: event.remoteAddress });
    if (previous && previous.handle !== handle) {
      this.send(previous.handle, { t: 'evict', terminalNo: event.terminalNo, protocol: protocolOfEdition(previous.edition), seq: previous.seq });
    }
    this.events.emit('terminalOnline', event);
  }

  private send(handle: WorkerHandle, message: PrimaryToWorker): void {
    if (handle.alive && handle.worker.isConnected()) handle.worker.send(message);
  }

  private onExit(handle: WorkerHandle, code: number | null, signal: string | null): void {
    handle.alive = false;
    this.addresses.closeAll(`${handle.index}:`);
    for (const call of handle.calls.values()) call.reject(new Error('gateway worker is gone'));
    handle.calls.clear();
    // its terminals lost their connections with it; they come back on a live worker
    for (const [terminalNo, holder] of [...this.terminals]) {
      if (holder.handle !== handle) continue;
      this.terminals.delete(terminalNo);
      if (!this.closing) this.events.emit('terminalOffline', { terminalNo, terminalId: holder.terminalId, tenantId: holder.tenantId, reason: 'closed' });
    }
    if (this.closing) return;
    this.log.error({ worker: handle.index, code, signal }, 'gateway worker died; forking a replacement');
    setTimeout(() => {
      if (!this.closing) this.fork(handle.index).catch((err: unknown) => this.log.error({ err }, 'gateway worker replacement failed'));
    }, this.options.respawnDelayMs ?? 1000).unref();
  }
}
