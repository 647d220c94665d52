import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { CellLocator } from './cell-locator';
import { DeviceConnection, type DeviceSession } from './device-connection';
import { handleDeviceMessage, type DeviceHandlerContext } from './device-message-handler';
import type { DeviceCommand, DeviceProtocol, ProtocolName } from './device-protocol';
import type { GatewayCore } from './gateway-core';
import { GatewayCounters, gatewayMetricsSnapshot, type GatewayMetricsSnapshot } from './gateway-metrics';
import { silentGatewayLog, type GatewayEvents, type GatewayLog, type TerminalDirectory } from './gateway-ports';
import { TerminalOfflineError } from './jt808-gateway';
import type { LinkCloseReason } from './terminal-link';
import { TerminalRegistry } from './terminal-registry';

/** What a {@link DeviceGateway} is built from. */
export interface DeviceGatewayOptions {
  protocol: DeviceProtocol & { name: Exclude<ProtocolName, 'jt808'> };
  directory: TerminalDirectory;
  /** The writer path and event hub shared with the other protocols' gateways. */
  core: GatewayCore;
  /** Provision unknown devices on their first frame instead of refusing them. */
  autoRegister?: boolean;
  /** Close a connection silent this long. Default 180 000; 0 disables. */
  idleTimeoutMs?: number;
  /** The offline cell / WiFi table that places LBS and WiFi reports; without it they are kept at the last position. */
  locator?: CellLocator;
  log?: GatewayLog;
}

/** Thrown by {@link DeviceGateway.sendCommand} when the protocol has no such command. */
export class UnsupportedCommandError extends Error {
  constructor(readonly protocol: string, readonly command: DeviceCommand['type']) {
    super(`${protocol} has no ${command} command`);
    this.name = 'UnsupportedCommandError';
  }
}

/**
 * A TCP gateway for one device protocol (GT06, watch …) on its own port: the protocol module
 * frames and decodes, this class does what every protocol shares with JT/T 808 — identification
 * against the directory, positions through the shared batcher with replies after the commit,
 * back-pressure, idle time-outs, "a second connection replaces the first", online/offline and
 * command-answer events, metrics — and sends commands to online devices.
 */
export class DeviceGateway {
  readonly protocol: DeviceGatewayOptions['protocol'];
  private readonly server: Server;
  private readonly connections = new Set<DeviceConnection>();
  private readonly registry = new TerminalRegistry<DeviceConnection>();
  private readonly counters = new GatewayCounters();
  private readonly context: DeviceHandlerContext;
  private readonly log: GatewayLog;
  private readonly idleTimeoutMs: number;
  private readonly detachPressure: () => void;
  private closing = false;

  constructor(private readonly options: DeviceGatewayOptions) {
    this.protocol = options.protocol;
    this.log = options.log ?? silentGatewayLog;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 180_000;
    this.detachPressure = options.core.onPressure((paused) => this.setReadingPaused(paused));
    this.context = {
      protocol: this.protocol.name,
      directory: options.directory,
      batcher: options.core.batcher,
      events: options.core.events,
      counters: this.counters,
      log: this.log,
      autoRegister: options.autoRegister ?? false,
      locator: options.locator,
      goOnline: (conn, session) => this.goOnline(conn, session),
    };
    this.server = createServer((socket) => this.accept(socket));
    this.server.on('error', (err) => this.log.error({ err }, `${this.protocol.name} server error`));
  }

  /** Starts listening; port 0 picks a free port. Resolves with the bound port. */
  listen(port: number, host = '0.0.0.0'): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        this.log.info({ port: this.port, host }, `${this.protocol.name} gateway listening`);
        resolve(this.port);
      });
    });
  }

  /** The bound port (0 before listen). */
  get port(): number {
    const address = this.server.address() as AddressInfo | null;
    return address?.port ?? 0;
  }

  /** Attaches an event listener; returns the function that detaches it. */
  subscribe(listener: Partial<GatewayEvents>): () => void {
    return this.options.core.events.subscribe(listener);
  }

  /** Whether the device (IMEI) has an identified connection here. */
  isOnline(terminalNo: string): boolean {
    return this.registry.get(terminalNo) !== undefined;
  }

  /** IMEIs of the devices online here. */
  onlineTerminals(): string[] {
    return this.registry.terminals();
  }

  /**
   * Sends a command to an online device. Resolves with the key its answer will carry; rejects
   * with TerminalOfflineError when the device has no live connection here and with
   * UnsupportedCommandError when the protocol has no such command.
   */
  async sendCommand(terminalNo: string, command: DeviceCommand): Promise<{ matchKey: string }> {
    const conn = this.registry.get(terminalNo);
    const session = conn?.session;
    if (!conn || !session || conn.isClosed) throw new TerminalOfflineError(terminalNo);
    const encoded = this.protocol.encodeCommand(command, { imei: terminalNo, serial: conn.nextSerial(), ...(session.vendor && { vendor: session.vendor }) });
    if (!encoded) throw new UnsupportedCommandError(this.protocol.name, command.type);
    if (!conn.write(encoded.frame)) throw new TerminalOfflineError(terminalNo);
    return { matchKey: encoded.matchKey };
  }

  /** Counters and live figures for the metrics endpoint. */
  metrics(): GatewayMetricsSnapshot {
    return gatewayMetricsSnapshot(this.counters, {
      connections: this.connections.size,
      terminalsOnline: this.registry.size,
      batcher: this.options.core.batcher.snapshot(),
    });
  }

  /**
   * Stops accepting, commits what is queued (its replies still reach the devices), then closes
   * every connection and reports those devices offline.
   */
  async close(): Promise<void> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.detachPressure();
    for (const conn of this.connections) conn.setPressurePaused(true);
    await this.options.core.close();
    for (const conn of [...this.connections]) conn.close('shutdown');
    await closed;
  }

  private accept(socket: Socket): void {
    const conn = new DeviceConnection(socket, {
      counters: this.counters,
      log: this.log,
      idleTimeoutMs: this.idleTimeoutMs,
      onMessage: (c, inbound) => handleDeviceMessage(this.context, c, inbound),
      onClose: (c, reason) => this.onClose(c, reason),
    }, this.protocol);
    this.connections.add(conn);
    if (this.closing || this.options.core.readingPaused) conn.setPressurePaused(true);
  }

  private goOnline(conn: DeviceConnection, session: DeviceSession): void {
    const { terminalNo } = session;
    // one connection speaks for one device: naming another ends the first session
    if (conn.session && conn.session.terminalNo !== terminalNo) this.endSession(conn, 'logout');
    conn.session = session;
    const previous = this.registry.bind(terminalNo, conn);
    if (previous) {
      this.log.info({ terminalNo, old: previous.remoteAddress, new: conn.remoteAddress }, `${this.protocol.name} connection replaced`);
      // what the device said on the old link still describes it
      conn.status = { ...previous.status, ...conn.status };
      conn.lastRow ??= previous.lastRow;
      previous.close('replaced');
    }
    this.options.core.events.emit('terminalOnline', {
      terminalNo, terminalId: session.identity.terminalId, tenantId: session.identity.tenantId,
      edition: this.protocol.name, remoteAddress: conn.remoteAddress,
    });
  }

  private onClose(conn: DeviceConnection, reason: LinkCloseReason): void {
    this.connections.delete(conn);
    if (reason !== 'replaced') this.endSession(conn, reason);
  }

  private endSession(conn: DeviceConnection, reason: Exclude<LinkCloseReason, 'replaced'>): void {
    const session = conn.session;
    if (!session) return;
    conn.session = undefined;
    if (!this.registry.release(session.terminalNo, conn)) return;
    this.options.core.events.emit('terminalOffline', {
      terminalNo: session.terminalNo, terminalId: session.identity.terminalId, tenantId: session.identity.tenantId, reason,
    });
  }

  private setReadingPaused(paused: boolean): void {
    if (this.closing) return;
    for (const conn of this.connections) conn.setPressurePaused(paused);
  }
}
