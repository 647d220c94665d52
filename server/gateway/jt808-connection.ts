import type { Socket } from 'node:net';
import {
  Jt808FrameSplitter, Jt808GeneralResponseTemplate, Jt808GeneralResult, Jt808Reassembler, decodeFrame, encodeFrame,
  formatMsgId, type Jt808Frame, type Jt808Header,
} from './jt808';
import type { GatewayCounters } from './gateway-metrics';
import type { GatewayLog, TerminalIdentity, TerminalOfflineEvent } from './gateway-ports';

/** A whole terminal message (a frame, or sub-packages put back together). */
export interface Jt808InboundMessage {
  header: Jt808Header;
  body: Uint8Array;
  /** performance.now() when the bytes completing it arrived (ack latency starts here). */
  receivedAt: number;
  receivedTime: Date;
  /** Serials to acknowledge: the frame's, or every package's of a sub-packaged message. */
  ackSerials: number[];
}

/** Why a connection ended. */
export type Jt808CloseReason = TerminalOfflineEvent['reason'] | 'replaced';

/** The terminal a connection authenticated as. */
export interface Jt808Session {
  terminalNo: string;
  identity: TerminalIdentity;
  edition: '2013' | '2019';
  phoneBcd: string;
  protocolVersion: number | undefined;
}

/** What a connection needs from the gateway. */
export interface Jt808ConnectionDeps {
  counters: GatewayCounters;
  log: GatewayLog;
  idleTimeoutMs: number;
  /**
   * Handles one message; messages of a connection are handled one after another, in order. A
   * handler that finishes synchronously (the position path) costs no promise.
   */
  onMessage(connection: Jt808Connection, message: Jt808InboundMessage): Promise<void> | void;
  onClose(connection: Jt808Connection, reason: Jt808CloseReason): void;
}

// a terminal that stops reading its acks must not make us buffer without bound
const MAX_UNSENT_BYTES = 1 << 20;
// messages waiting for the one in progress (e.g. a slow directory lookup) before reading stops
const MAX_BACKLOG = 256;

let nextConnectionId = 1;

/**
 * One TCP connection: cuts the byte stream into frames, drops frames that fail decoding (and
 * counts them), reassembles sub-packages, hands whole messages to the gateway in order, owns the
 * platform's serial counter for this link, and closes on a broken stream or idleness.
 */
export class Jt808Connection {
  readonly id = nextConnectionId++;
  readonly remoteAddress: string;
  /** Set once the terminal authenticated on this connection. */
  session: Jt808Session | undefined;
  private readonly splitter = new Jt808FrameSplitter();
  // per-connection limits keep one misbehaving terminal from holding megabytes of fragments
  private readonly reassembler = new Jt808Reassembler({ maxMessages: 8, maxBytes: 256 * 1024 });
  private readonly packageSerials = new Map<string, number[]>();
  private serial = 0;
  private chain: Promise<void> = Promise.resolve();
  private backlog = 0;
  private ackTemplate: Jt808GeneralResponseTemplate | undefined;
  private pressurePaused = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private corked = false;

  constructor(private readonly socket: Socket, private readonly deps: Jt808ConnectionDeps) {
    this.remoteAddress = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => deps.log.info({ err, conn: this.id }, 'jt808 socket error'));
    socket.on('close', () => this.close('closed'));
    this.armIdle();
  }

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

  /** Next platform serial for this link (wraps at 0xFFFF). */
  nextSerial(): number {
    const s = this.serial;
    this.serial = (s + 1) & 0xffff;
    return s;
  }

  /** Sends a platform message answering `header`, in the edition and phone form the terminal used. */
  reply(header: Jt808Header, msgId: number, body: Uint8Array): boolean {
    return this.write(encodeFrame({
      msgId, phone: header.phoneBcd, serial: this.nextSerial(), edition: header.edition,
      protocolVersion: header.protocolVersion ?? 1, body,
    }));
  }

  /** Sends 0x8001 for each serial. */
  ack(header: Jt808Header, serials: readonly number[], result: number): void {
    let template = this.ackTemplate;
    if (!template?.fits(header)) template = this.ackTemplate = new Jt808GeneralResponseTemplate(header);
    for (const replySerial of serials) {
      if (this.write(template.encode(this.nextSerial(), replySerial, header.msgId, result))) this.deps.counters.acksSent++;
    }
  }

  /** Writes a ready frame; false when the connection is gone. */
  write(frame: Uint8Array): boolean {
    if (this.closed || !this.socket.writable) return false;
    if (this.socket.writableLength > MAX_UNSENT_BYTES) {
      this.deps.log.warn({ conn: this.id, terminalNo: this.session?.terminalNo }, 'jt808 terminal is not reading; closing');
      this.close('stream-fault');
      return false;
    }
    if (!this.corked) {
      // acks of one commit are resolved together: gather them into one send instead of one syscall each
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
  close(reason: Jt808CloseReason): void {
    if (this.closed) return;
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.corked) this.socket.uncork();
    // end() lets acks already written reach the terminal; destroy() covers one that stopped reading
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1000).unref();
    this.deps.onClose(this, reason);
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    this.idleTimer?.refresh();
    const receivedAt = performance.now();
    const receivedTime = new Date();
    const { frames, fault } = this.splitter.push(chunk);
    if (fault) {
      this.deps.counters.streamFaults++;
      this.deps.log.warn({ conn: this.id, remote: this.remoteAddress, fault }, 'jt808 stream fault; closing');
      this.close('stream-fault');
      return;
    }
    for (const raw of frames) {
      this.deps.counters.framesReceived++;
      const decoded = decodeFrame(raw);
      if (!decoded.ok) {
        // one corrupt frame must not cost the terminal its link: drop it, keep reading
        this.deps.counters.badFrames++;
        this.deps.log.info({ conn: this.id, reason: decoded.reason, detail: decoded.detail }, 'jt808 frame dropped');
        continue;
      }
      const { header, body } = decoded.value;
      if (!header.subpackage) {
        this.enqueue({ header, body, receivedAt, receivedTime, ackSerials: [header.serial] });
        continue;
      }
      this.addPackage(decoded.value, receivedAt, receivedTime);
    }
  }

  private addPackage(frame: Jt808Frame, receivedAt: number, receivedTime: Date): void {
    const { header } = frame;
    const result = this.reassembler.add(frame, receivedAt);
    for (const d of result.dropped) this.packageSerials.delete(`${d.msgId}/${d.firstSerial}`);
    if (result.status === 'rejected') {
      this.ack(header, [header.serial], Jt808GeneralResult.MessageError);
      return;
    }
    // packages are acknowledged together once the whole message was handled (and committed)
    const firstSerial = (header.serial - header.subpackage!.index + 1 + 0x10000) & 0xffff;
    const key = result.status === 'complete' ? `${header.msgId}/${result.message.firstSerial}` : `${header.msgId}/${firstSerial}`;
    const serials = this.packageSerials.get(key) ?? [];
    serials.push(header.serial);
    if (result.status === 'pending') {
      this.packageSerials.set(key, serials);
      return;
    }
    this.packageSerials.delete(key);
    const { message } = result;
    this.deps.log.info({ conn: this.id, msgId: formatMsgId(header.msgId), packages: serials.length }, 'jt808 message reassembled');
    this.enqueue({ header: message.header, body: message.body, receivedAt, receivedTime, ackSerials: serials });
  }

  private enqueue(message: Jt808InboundMessage): void {
    if (this.backlog === 0) {
      // nothing in progress: handle it now, and chain only if the handler went asynchronous
      const pending = this.handle(message);
      if (pending) this.follow(pending);
      return;
    }
    this.follow(this.chain.then(() => this.handle(message)));
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

  private handle(message: Jt808InboundMessage): Promise<void> | undefined {
    if (this.closed) return undefined;
    try {
      const result = this.deps.onMessage(this, message);
      return result ? result.catch((err: unknown) => this.handlingFailed(err, message)) : undefined;
    } catch (err) {
      this.handlingFailed(err, message);
      return undefined;
    }
  }

  private handlingFailed(err: unknown, message?: Jt808InboundMessage): void {
    this.deps.log.error({ err, conn: this.id, ...(message && { msgId: formatMsgId(message.header.msgId) }) }, 'jt808 message handling failed');
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
