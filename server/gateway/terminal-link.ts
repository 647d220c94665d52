import type { Socket } from 'node:net';
import { hostOf } from './gateway-guard';
import type { GatewayCounters } from './gateway-metrics';
import type { GatewayLog, TerminalOfflineEvent } from './gateway-ports';

/**
 * Why a connection ended: besides the offline reasons, replaced by a newer connection of its
 * terminal, not identified in time, or refused (address over its cap, login refused).
 */
export type LinkCloseReason = TerminalOfflineEvent['reason'] | 'replaced' | 'unidentified' | 'refused';

/** What a link needs from its gateway. */
export interface TerminalLinkDeps<L, M> {
  counters: GatewayCounters;
  log: GatewayLog;
  idleTimeoutMs: number;
  /** Close the connection if it has not identified within this long; 0 or absent never. */
  identifyTimeoutMs?: number;
  /**
   * Handles one message; messages of a link are handled one after another, in order. A handler
   * that finishes synchronously (the position path) costs no promise.
   */
  onMessage(link: L, message: M): Promise<void> | void;
  onClose(link: L, reason: LinkCloseReason): void;
}

// a terminal that stops reading its acks must not make us buffer without bound
const MAX_UNSENT_BYTES = 1 << 20;
// messages waiting for the one in progress (e.g. a slow directory lookup) before reading stops
const MAX_BACKLOG = 256;

let nextLinkId = 1;

/**
 * What every terminal connection shares whatever its protocol: writes gathered per event-loop
 * turn, in-order message handling with a bounded backlog, reading paused by back-pressure,
 * an idle time-out, and a close that lets written replies reach the terminal. A protocol's
 * connection cuts the byte stream into messages in {@link onBytes} and hands each to {@link enqueue}.
 */
export abstract class TerminalLink<L, M> {
  readonly id = nextLinkId++;
  readonly remoteAddress: string;
  /** The source address alone. */
  readonly remoteHost: string;
  /** performance.now() when bytes last arrived (or the connection opened). */
  private heardAt = performance.now();
  private identifyTimer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private backlog = 0;
  private pressurePaused = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private corked = false;

  protected constructor(
    private readonly socket: Socket,
    protected readonly deps: TerminalLinkDeps<L, M>,
    /** Protocol name for log lines. */
    protected readonly protocolName: string,
  ) {
    this.remoteHost = hostOf(socket.remoteAddress);
    this.remoteAddress = `${this.remoteHost}:${socket.remotePort ?? '?'}`;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      if (this.closed) return;
      this.idleTimer?.refresh();
      this.heardAt = performance.now();
      this.onBytes(chunk, this.heardAt, new Date());
    });
    socket.on('error', (err) => deps.log.info({ err, conn: this.id }, `${protocolName} socket error`));
    socket.on('close', () => this.close('closed'));
    this.armIdle();
    // bytes that never name a terminal keep a connection open no longer than this
    const identifyMs = deps.identifyTimeoutMs ?? 0;
    if (identifyMs > 0) {
      this.identifyTimer = setTimeout(() => {
        deps.counters.identifyTimeouts++;
        deps.log.info({ conn: this.id, remote: this.remoteAddress }, `${protocolName} connection did not identify in time; closing`);
        this.close('unidentified');
      }, identifyMs);
    }
  }

  /** The terminal identified on this connection: the identify deadline no longer applies. */
  identified(): void {
    if (this.identifyTimer) clearTimeout(this.identifyTimer);
    this.identifyTimer = undefined;
  }

  /** Milliseconds since bytes last arrived. */
  get silentMs(): number {
    return performance.now() - this.heardAt;
  }

  /** Cuts received bytes into messages and passes them to {@link enqueue}. */
  protected abstract onBytes(chunk: Buffer, receivedAt: number, receivedTime: Date): void;

  /** The terminal a log line is about, when known. */
  protected abstract describe(): object;

  /** Whether the connection has ended. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Whether reading is currently paused (back-pressure or backlog). */
  get isReadingPaused(): boolean {
    return this.socket.isPaused();
  }

  /** Back-pressure from the batcher: stop or restart reading this socket. */
  setPressurePaused(paused: boolean): void {
    this.pressurePaused = paused;
    this.updateReading();
  }

  /** Writes a ready frame; false when the connection is gone. */
  write(frame: Uint8Array): boolean {
    if (this.closed || !this.socket.writable) return false;
    if (this.socket.writableLength > MAX_UNSENT_BYTES) {
      this.deps.log.warn({ conn: this.id, ...this.describe() }, `${this.protocolName} terminal is not reading; closing`);
      this.close('stream-fault');
      return false;
    }
    if (!this.corked) {
      // replies of one commit are resolved together: gather them into one send instead of one syscall each
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(frame);
    return true;
  }

  /** Ends the connection (idempotent); the first reason wins. */
  close(reason: LinkCloseReason): void {
    if (this.closed) return;
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.identifyTimer) clearTimeout(this.identifyTimer);
    if (this.corked) this.socket.uncork();
    // end() lets replies already written reach the terminal; destroy() covers one that stopped reading
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1000).unref();
    this.deps.onClose(this.self(), reason);
  }

  /** Ends a stream that can no longer be framed. */
  private droppedFrames = 0;

  /**
   * Logs a frame dropped as malformed: the first few of a connection, then one line per thousand
   * with the count, so a hostile or broken stream cannot flood the log (the metrics count all).
   */
  protected frameDropped(reason: string, detail: unknown): void {
    this.droppedFrames++;
    if (this.droppedFrames <= 5 || this.droppedFrames % 1000 === 0) {
      this.deps.log.info({ conn: this.id, reason, detail, dropped: this.droppedFrames }, `${this.protocolName} frame dropped`);
    }
  }

  protected streamFault(fault: string): void {
    this.deps.counters.streamFaults++;
    this.deps.log.warn({ conn: this.id, remote: this.remoteAddress, fault }, `${this.protocolName} stream fault; closing`);
    this.close('stream-fault');
  }

  /** Hands a whole message to the gateway, after the ones before it. */
  protected enqueue(message: M): void {
    if (this.backlog === 0) {
      // nothing in progress: handle it now, and chain only if the handler went asynchronous
      const pending = this.handle(message);
      if (pending) this.follow(pending);
      return;
    }
    this.follow(this.chain.then(() => this.handle(message)));
  }

  private self(): L {
    return this as unknown as L;
  }

  private follow(pending: Promise<void>): void {
    this.backlog++;
    this.updateReading();
    this.chain = pending
      .catch((err: unknown) => this.handlingFailed(err))
      .finally(() => {
        this.backlog--;
        this.updateReading();
      });
  }

  private handle(message: M): Promise<void> | undefined {
    if (this.closed) return undefined;
    try {
      const result = this.deps.onMessage(this.self(), message);
      return result ? result.catch((err: unknown) => this.handlingFailed(err)) : undefined;
    } catch (err) {
      this.handlingFailed(err);
      return undefined;
    }
  }

  private handlingFailed(err: unknown): void {
    this.deps.log.error({ err, conn: this.id, ...this.describe() }, `${this.protocolName} message handling failed`);
  }

  private updateReading(): void {
    if (this.closed) return;
    const pause = this.pressurePaused || this.backlog > MAX_BACKLOG;
    if (pause && !this.socket.isPaused()) {
      this.socket.pause();
      // a paused link is silent because of us, not the terminal: do not count it as idle
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
    } else if (!pause && this.socket.isPaused()) {
      this.socket.resume();
      this.armIdle();
    }
  }

  private armIdle(): void {
    if (this.idleTimer || this.deps.idleTimeoutMs <= 0) return;
    this.idleTimer = setTimeout(() => this.close('idle'), this.deps.idleTimeoutMs);
  }
}
