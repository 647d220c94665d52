import type { Socket } from 'node:net';
import type { CellLocator } from './cell-locator';
import { DeviceConnection, type DeviceSession } from './device-connection';
import { handleDeviceMessage, type DeviceHandlerContext } from './device-message-handler';
import type { DeviceCommand, DeviceProtocol, ProtocolName } from './device-protocol';
import type { GatewayCore } from './gateway-core';
import { silentGatewayLog, type GatewayLog, type TerminalDirectory } from './gateway-ports';
import { TerminalOfflineError } from './jt808/jt808-gateway';
import { TerminalServer } from './terminal-server';

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
 * frames and decodes; identification against the directory, positions through the shared batcher
 * with replies after the commit, and everything a {@link TerminalServer} does are shared with
 * JT/T 808. Sends commands to online devices.
 */
export class DeviceGateway extends TerminalServer<DeviceSession, DeviceConnection> {
  readonly protocol: DeviceGatewayOptions['protocol'];
  private readonly context: DeviceHandlerContext;
  private readonly idleTimeoutMs: number;

  constructor(options: DeviceGatewayOptions) {
    const log = options.log ?? silentGatewayLog;
    super(options.protocol.name, options.core, log);
    this.protocol = options.protocol;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 180_000;
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
  }

  /** Whether the device (IMEI) has an identified connection here. */
  isOnline(terminalNo: string): boolean {
    return this.registry.get(terminalNo) !== undefined;
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

  protected onlineEdition(): Exclude<ProtocolName, 'jt808'> {
    return this.protocol.name;
  }

  protected takeOver(conn: DeviceConnection, previous: DeviceConnection): void {
    // what the device said on the old link still describes it
    conn.status = { ...previous.status, ...conn.status };
    conn.lastRow ??= previous.lastRow;
  }

  protected createConnection(socket: Socket): DeviceConnection {
    return new DeviceConnection(socket, {
      counters: this.counters,
      log: this.log,
      idleTimeoutMs: this.idleTimeoutMs,
      identifyTimeoutMs: this.core.guard.identifyTimeoutMs,
      onMessage: (c, inbound) => handleDeviceMessage(this.context, c, inbound),
      onClose: (c, reason) => this.onClose(c, reason),
    }, this.protocol);
  }
}
