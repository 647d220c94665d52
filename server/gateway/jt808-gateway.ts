import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { JT808_MAX_BODY, encodeFrame, normalizePhone } from './jt808';
import { GatewayCore } from './gateway-core';
import type { GatewayEventHub } from './gateway-event-hub';
import { GatewayCounters, gatewayMetricsSnapshot, type GatewayMetricsSnapshot } from './gateway-metrics';
import {
  silentGatewayLog, type GatewayEvents, type GatewayLog, type PositionSink, type TerminalDirectory,
} from './gateway-ports';
import { Jt808Connection, type Jt808CloseReason, type Jt808Session } from './jt808-connection';
import type { Jt808HandlerContext } from './jt808-handler-context';
import { handleJt808Message } from './jt808-message-handler';
import type { PositionBatcher, PositionBatcherOptions } from './position-batcher';
import { TerminalRegistry } from './terminal-registry';

/** What a {@link Jt808Gateway} is built from. */
export interface Jt808GatewayOptions {
  directory: TerminalDirectory;
  /** Where positions go; ignored when `core` is given. */
  sink?: PositionSink;
  /** The writer path and event hub shared with the gateways of other protocols; a gateway of its own by default. */
  core?: GatewayCore;
  /** Provision unknown terminals on 0x0100 (JT808_AUTO_REGISTER=1) instead of answering result 4. */
  autoRegister?: boolean;
  /** Close a connection silent this long (JT808_IDLE_SECONDS × 1000). Default 180 000; 0 disables. */
  idleTimeoutMs?: number;
  /** Batching and back-pressure tuning (own core only). */
  batcher?: Omit<PositionBatcherOptions, 'onCommitted' | 'onPressure' | 'onError'>;
  /** A first listener, attached before any connection arrives (own core only). */
  events?: Partial<GatewayEvents>;
  log?: GatewayLog;
}

/** Thrown by {@link Jt808Gateway.sendCommand} when the terminal has no live connection here. */
export class TerminalOfflineError extends Error {
  constructor(readonly terminalNo: string) {
    super(`terminal ${terminalNo} is offline`);
    this.name = 'TerminalOfflineError';
  }
}

/**
 * The JT/T 808 TCP gateway: accepts terminal connections, registers and authenticates them
 * against the directory, stores their positions through the batcher and acknowledges each
 * position only after its commit, reports online/offline and command responses to subscribers,
 * and sends platform commands to online terminals.
 */
export class Jt808Gateway {
  private readonly server: Server;
  private readonly connections = new Set<Jt808Connection>();
  private readonly registry = new TerminalRegistry<Jt808Connection>();
  private readonly counters = new GatewayCounters();
  private readonly core: GatewayCore;
  private readonly hub: GatewayEventHub;
  private readonly batcher: PositionBatcher;
  private readonly detachPressure: () => void;
  private readonly context: Jt808HandlerContext;
  private readonly log: GatewayLog;
  private readonly idleTimeoutMs: number;
  private closing = false;

  constructor(options: Jt808GatewayOptions) {
    this.log = options.log ?? silentGatewayLog;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 180_000;
    if (!options.core && !options.sink) throw new Error('a gateway needs a sink or a shared core');
    this.core = options.core ?? new GatewayCore({ sink: options.sink!, batcher: options.batcher, events: options.events, log: this.log });
    this.hub = this.core.events;
    this.batcher = this.core.batcher;
    this.detachPressure = this.core.onPressure((paused) => this.setReadingPaused(paused));
    this.context = {
      directory: options.directory,
      batcher: this.batcher,
      events: this.hub,
      counters: this.counters,
      log: this.log,
      autoRegister: options.autoRegister ?? false,
      goOnline: (conn, session) => this.goOnline(conn, session),
      goOffline: (conn) => this.endSession(conn, 'logout'),
    };
    this.server = createServer((socket) => this.accept(socket));
    this.server.on('error', (err) => this.log.error({ err }, 'jt808 server error'));
  }

  /** Starts listening; port 0 picks a free port. Resolves with the bound port. */
  listen(port: number, host = '0.0.0.0'): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        this.log.info({ port: this.port, host }, 'jt808 gateway listening');
        resolve(this.port);
      });
    });
  }

  /** The bound port (0 before listen). */
  get port(): number {
    const address = this.server.address() as AddressInfo | null;
    return address?.port ?? 0;
  }

  /** Attaches an event listener (the bus); returns the function that detaches it. */
  subscribe(listener: Partial<GatewayEvents>): () => void {
    return this.hub.subscribe(listener);
  }

  /** Whether the terminal (any zero padding) has an authenticated connection here. */
  isOnline(terminalNo: string): boolean {
    return this.registry.get(normalizePhone(terminalNo)) !== undefined;
  }

  /** The edition the terminal speaks on its connection here; undefined when it is not online here. */
  editionOf(terminalNo: string): '2013' | '2019' | undefined {
    return this.registry.get(normalizePhone(terminalNo))?.session?.edition;
  }

  /** Normalised numbers of the terminals online here. */
  onlineTerminals(): string[] {
    return this.registry.terminals();
  }

  /**
   * Sends a platform message to an online terminal in its edition and phone form, with the next
   * serial of its connection; a body over 1023 bytes goes as sub-packages with consecutive
   * serials. Resolves with the (first) serial, which 0x0001/0x0201 responses refer to; rejects
   * with TerminalOfflineError when the terminal has no live connection.
   */
  async sendCommand(terminalNo: string, msgId: number, body: Uint8Array = new Uint8Array(0)): Promise<{ serial: number }> {
    const normalised = normalizePhone(terminalNo);
    const conn = this.registry.get(normalised);
    const session = conn?.session;
    if (!conn || !session || conn.isClosed) throw new TerminalOfflineError(normalised);
    const chunks: Uint8Array[] = [];
    for (let p = 0; p === 0 || p < body.length; p += JT808_MAX_BODY) chunks.push(body.subarray(p, p + JT808_MAX_BODY));
    const serials = chunks.map(() => conn.nextSerial());
    const frames = chunks.map((chunk, i) => encodeFrame({
      msgId, phone: session.phoneBcd, serial: serials[i]!, edition: session.edition,
      protocolVersion: session.protocolVersion ?? 1, body: chunk,
      ...(chunks.length > 1 && { subpackage: { total: chunks.length, index: i + 1 } }),
    }));
    for (const frame of frames) if (!conn.write(frame)) throw new TerminalOfflineError(normalised);
    return { serial: serials[0]! };
  }

  /** Counters and live figures for the metrics endpoint. */
  metrics(): GatewayMetricsSnapshot {
    return gatewayMetricsSnapshot(this.counters, {
      connections: this.connections.size,
      terminalsOnline: this.registry.size,
      batcher: this.batcher.snapshot(),
    });
  }

  /**
   * Stops accepting, commits what is queued (its acks still reach the terminals), then closes
   * every connection and reports those terminals offline.
   */
  async close(): Promise<void> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.detachPressure();
    for (const conn of this.connections) conn.setPressurePaused(true);
    await this.core.close();
    for (const conn of [...this.connections]) conn.close('shutdown');
    await closed;
  }

  private accept(socket: Socket): void {
    const conn = new Jt808Connection(socket, {
      counters: this.counters,
      log: this.log,
      idleTimeoutMs: this.idleTimeoutMs,
      onMessage: (c, message) => handleJt808Message(this.context, c, message),
      onClose: (c, reason) => this.onClose(c, reason),
    });
    this.connections.add(conn);
    if (this.closing || this.core.readingPaused) conn.setPressurePaused(true);
  }

  private goOnline(conn: Jt808Connection, session: Jt808Session): void {
    const { terminalNo } = session;
    // one connection speaks for one terminal: authenticating as another ends the first session
    if (conn.session && conn.session.terminalNo !== terminalNo) this.endSession(conn, 'logout');
    conn.session = session;
    const previous = this.registry.bind(terminalNo, conn);
    if (previous) {
      this.log.info({ terminalNo, old: previous.remoteAddress, new: conn.remoteAddress }, 'jt808 connection replaced');
      previous.close('replaced');
    }
    this.hub.emit('terminalOnline', {
      terminalNo, terminalId: session.identity.terminalId, tenantId: session.identity.tenantId,
      edition: session.edition, remoteAddress: conn.remoteAddress,
    });
  }

  private onClose(conn: Jt808Connection, reason: Jt808CloseReason): void {
    this.connections.delete(conn);
    if (reason !== 'replaced') this.endSession(conn, reason);
  }

  private endSession(conn: Jt808Connection, reason: Exclude<Jt808CloseReason, 'replaced'>): void {
    const session = conn.session;
    if (!session) return;
    conn.session = undefined;
    if (!this.registry.release(session.terminalNo, conn)) return;
    this.hub.emit('terminalOffline', {
      terminalNo: session.terminalNo, terminalId: session.identity.terminalId, tenantId: session.identity.tenantId, reason,
    });
  }

  private setReadingPaused(paused: boolean): void {
    if (this.closing) return; // shutting down: stay paused while the last batches commit
    this.log.info({ paused, queued: this.batcher.snapshot().queuedRows }, 'jt808 back-pressure');
    for (const conn of this.connections) conn.setPressurePaused(paused);
  }
}
