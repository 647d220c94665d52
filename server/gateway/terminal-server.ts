import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { ProtocolName } from './device-protocol';
import type { GatewayCore } from './gateway-core';
import { GatewayCounters, gatewayMetricsSnapshot, type GatewayMetricsSnapshot } from './gateway-metrics';
import type { GatewayEvents, GatewayLog, TerminalIdentity, TerminalOfflineEvent, TerminalOnlineEvent } from './gateway-ports';
import type { LiveHolder } from './login-policy';
import type { LinkCloseReason, TerminalLink } from './terminal-link';
import { TerminalRegistry } from './terminal-registry';

/** What every protocol's session says about its terminal. */
export interface TerminalSession {
  terminalNo: string;
  identity: TerminalIdentity;
}

/** A connection a {@link TerminalServer} manages. */
export type ManagedLink<S extends TerminalSession> = TerminalLink<unknown, unknown> & { session: S | undefined };

/**
 * The TCP side every protocol's gateway shares: listening, the set of connections, which
 * connection speaks for which terminal ("a second connection replaces the first"), online and
 * offline events, back-pressure from the shared core, metrics and an orderly close in which the
 * queued positions commit (and are acknowledged) before the connections end.
 */
export abstract class TerminalServer<S extends TerminalSession, C extends ManagedLink<S>> {
  protected readonly connections = new Set<C>();
  protected readonly registry = new TerminalRegistry<C>();
  protected readonly counters = new GatewayCounters();
  private readonly server: Server;
  private readonly detachPressure: () => void;
  private closing = false;

  protected constructor(
    /** Protocol name for log lines and login claims. */
    private readonly name: ProtocolName,
    protected readonly core: GatewayCore,
    protected readonly log: GatewayLog,
  ) {
    this.detachPressure = core.onPressure((paused) => this.setReadingPaused(paused));
    this.server = createServer((socket) => this.accept(socket));
    this.server.on('error', (err) => this.log.error({ err }, `${name} server error`));
  }

  /** A connection of this protocol for a socket just accepted. */
  protected abstract createConnection(socket: Socket): C;

  /** The edition (JT/T 808) or protocol name reported with the terminal's online event. */
  protected abstract onlineEdition(session: S): TerminalOnlineEvent['edition'];

  /** Called when `conn` takes over from `previous` for the same terminal, before `previous` closes. */
  protected takeOver(_conn: C, _previous: C): void {}

  /** Starts listening; port 0 picks a free port. Resolves with the bound port. */
  listen(port: number, host = '0.0.0.0'): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        this.log.info({ port: this.port, host }, `${this.name} gateway listening`);
        resolve(this.port);
      });
    });
  }

  /** The bound port (0 before listen). */
  get port(): number {
    const address = this.server.address() as AddressInfo | null;
    return address?.port ?? 0;
  }

  /** Attaches an event listener (the bus); returns the function that detaches it. Listeners hear every protocol of the core. */
  subscribe(listener: Partial<GatewayEvents>): () => void {
    return this.core.events.subscribe(listener);
  }

  /** Numbers of the terminals online here. */
  onlineTerminals(): string[] {
    return this.registry.terminals();
  }

  /** Counters and live figures for the metrics endpoint. */
  metrics(): GatewayMetricsSnapshot {
    return gatewayMetricsSnapshot(this.counters, {
      connections: this.connections.size,
      terminalsOnline: this.registry.size,
      batcher: this.core.batcher.snapshot(),
    });
  }

  /** The terminal's live connection here: where from and how long it has been silent. */
  liveHolder(terminalNo: string): LiveHolder | undefined {
    const conn = this.registry.get(terminalNo);
    if (!conn || conn.isClosed) return undefined;
    return { address: conn.remoteAddress, host: conn.remoteHost, silentMs: conn.silentMs };
  }

  /**
   * Closes the terminal's connection here as replaced, without an offline event: a newer
   * connection of the terminal is held by another process (gateway workers share the ports).
   * Answers whether there was one.
   */
  evict(terminalNo: string): boolean {
    const conn = this.registry.get(terminalNo);
    if (!conn) return false;
    this.registry.release(terminalNo, conn);
    this.log.info({ terminalNo, old: conn.remoteAddress }, `${this.name} connection replaced by another worker's`);
    conn.close('replaced');
    return true;
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

  /**
   * Makes `conn` the terminal's live link, closing an older one, and reports the terminal online —
   * when the admission lets the login in (logins per terminal, a live connection from another
   * address still reporting). Resolves with whether it went online; the caller closes a refused
   * connection (after telling the terminal, where the protocol can).
   */
  protected async goOnline(conn: C, session: S): Promise<boolean> {
    const { terminalNo } = session;
    const live = this.registry.get(terminalNo);
    const holder = live === conn ? undefined : this.liveHolder(terminalNo);
    const verdict = await this.core.admission.claimLogin({
      protocol: this.name, terminalNo, terminalId: session.identity.terminalId, tenantId: session.identity.tenantId,
      address: conn.remoteAddress, host: conn.remoteHost,
    }, holder);
    if (conn.isClosed) return false;
    if (!verdict.ok) {
      const details = { terminalNo, remote: conn.remoteAddress, live: live?.remoteAddress, reason: verdict.reason };
      // a suspected impostor is worth a warning; a terminal hammering its logins only an info line
      if (verdict.reason === 'throttled') {
        this.counters.loginsThrottled++;
        this.log.info(details, `${this.name} login refused`);
      } else {
        this.counters.takeoversRefused++;
        this.log.warn(details, `${this.name} login refused`);
      }
      return false;
    }
    conn.identified();
    // one connection speaks for one terminal: naming another ends the first session
    if (conn.session && conn.session.terminalNo !== terminalNo) this.endSession(conn, 'logout');
    conn.session = session;
    const previous = this.registry.bind(terminalNo, conn);
    if (previous) {
      this.log.info({ terminalNo, old: previous.remoteAddress, new: conn.remoteAddress }, `${this.name} connection replaced`);
      this.takeOver(conn, previous);
      previous.close('replaced');
    }
    this.core.events.emit('terminalOnline', {
      terminalNo, terminalId: session.identity.terminalId, tenantId: session.identity.tenantId,
      edition: this.onlineEdition(session), remoteAddress: conn.remoteAddress,
    });
    return true;
  }

  /** Ends the terminal's session on `conn` and reports it offline, unless a newer connection holds it. */
  protected endSession(conn: C, reason: TerminalOfflineEvent['reason']): void {
    const session = conn.session;
    if (!session) return;
    conn.session = undefined;
    if (!this.registry.release(session.terminalNo, conn)) return;
    this.core.events.emit('terminalOffline', {
      terminalNo: session.terminalNo, terminalId: session.identity.terminalId, tenantId: session.identity.tenantId, reason,
    });
  }

  /** For a connection's onClose. */
  protected onClose(conn: C, reason: LinkCloseReason): void {
    this.connections.delete(conn);
    this.core.admission.connectionClosed(String(conn.id));
    if (reason === 'replaced') return;
    this.endSession(conn, reason === 'unidentified' || reason === 'refused' ? 'closed' : reason);
  }

  private accept(socket: Socket): void {
    const conn = this.createConnection(socket);
    this.connections.add(conn);
    if (this.closing || this.core.readingPaused) conn.setPressurePaused(true);
    const admitted = this.core.admission.connectionOpened(String(conn.id), conn.remoteHost);
    if (admitted === true) return;
    if (admitted === false) this.refuseConnection(conn);
    else admitted.then((ok) => ok || this.refuseConnection(conn), () => undefined);
  }

  /** The connection's address holds as many connections as it may. */
  private refuseConnection(conn: C): void {
    if (conn.isClosed) return;
    this.counters.connectionsRefused++;
    // one line per thousand: a flood of refusals must not flood the log too
    if (this.counters.connectionsRefused % 1000 === 1) {
      this.log.warn({ remote: conn.remoteHost, refused: this.counters.connectionsRefused }, `${this.name} connection refused: too many from this address`);
    }
    conn.close('refused');
  }

  private setReadingPaused(paused: boolean): void {
    if (this.closing) return; // shutting down: stay paused while the last batches commit
    this.log.info({ paused, queued: this.core.batcher.snapshot().queuedRows }, `${this.name} back-pressure`);
    for (const conn of this.connections) conn.setPressurePaused(paused);
  }
}
