import type { Socket } from 'node:net';
import { JT808_MAX_BODY, encodeFrame, normalizePhone } from './index';
import { GatewayCore } from '../gateway-core';
import { silentGatewayLog, type GatewayEvents, type GatewayLog, type PositionSink, type TerminalDirectory } from '../gateway-ports';
import { Jt808Connection, type Jt808Session } from './jt808-connection';
import type { Jt808HandlerContext } from './jt808-handler-context';
import { handleJt808Message } from './jt808-message-handler';
import type { PositionBatcherOptions } from '../position-batcher';
import { TerminalServer } from '../terminal-server';

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

function coreOf(options: Jt808GatewayOptions, log: GatewayLog): GatewayCore {
  if (options.core) return options.core;
  if (!options.sink) throw new Error('a gateway needs a sink or a shared core');
  return new GatewayCore({ sink: options.sink, batcher: options.batcher, events: options.events, log });
}

/**
 * The JT/T 808 TCP gateway: accepts terminal connections, registers and authenticates them
 * against the directory, stores their positions through the batcher and acknowledges each
 * position only after its commit, reports online/offline and command responses to subscribers,
 * and sends platform commands to online terminals.
 */
export class Jt808Gateway extends TerminalServer<Jt808Session, Jt808Connection> {
  private readonly context: Jt808HandlerContext;
  private readonly idleTimeoutMs: number;

  constructor(options: Jt808GatewayOptions) {
    const log = options.log ?? silentGatewayLog;
    super('jt808', coreOf(options, log), log);
    this.idleTimeoutMs = options.idleTimeoutMs ?? 180_000;
    this.context = {
      directory: options.directory,
      batcher: this.core.batcher,
      events: this.core.events,
      counters: this.counters,
      log: this.log,
      autoRegister: options.autoRegister ?? false,
      goOnline: (conn, session) => this.goOnline(conn, session),
      goOffline: (conn) => this.endSession(conn, 'logout'),
    };
  }

  /** Whether the terminal (any zero padding) has an authenticated connection here. */
  isOnline(terminalNo: string): boolean {
    return this.registry.get(normalizePhone(terminalNo)) !== undefined;
  }

  /** The edition the terminal speaks on its connection here; undefined when it is not online here. */
  editionOf(terminalNo: string): '2013' | '2019' | undefined {
    return this.registry.get(normalizePhone(terminalNo))?.session?.edition;
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

  protected onlineEdition(session: Jt808Session): '2013' | '2019' {
    return session.edition;
  }

  protected createConnection(socket: Socket): Jt808Connection {
    return new Jt808Connection(socket, {
      counters: this.counters,
      log: this.log,
      idleTimeoutMs: this.idleTimeoutMs,
      identifyTimeoutMs: this.core.guard.identifyTimeoutMs,
      onMessage: (c, message) => handleJt808Message(this.context, c, message),
      onClose: (c, reason) => this.onClose(c, reason),
    });
  }
}
