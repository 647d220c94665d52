import type { Socket } from 'node:net';
import {
  Jt808FrameSplitter, Jt808GeneralResponseTemplate, Jt808GeneralResult, Jt808Reassembler, decodeFrame, encodeFrame,
  formatMsgId, type Jt808Frame, type Jt808Header,
} from './index';
import type { TerminalIdentity } from '../gateway-ports';
import { TerminalLink, type LinkCloseReason, type TerminalLinkDeps } from '../terminal-link';

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
export type Jt808CloseReason = LinkCloseReason;

/** The terminal a connection authenticated as. */
export interface Jt808Session {
  terminalNo: string;
  identity: TerminalIdentity;
  edition: '2013' | '2019';
  phoneBcd: string;
  protocolVersion: number | undefined;
}

/** What a connection needs from the gateway. */
export type Jt808ConnectionDeps = TerminalLinkDeps<Jt808Connection, Jt808InboundMessage>;

/**
 * One JT/T 808 TCP connection: cuts the byte stream into frames, drops frames that fail decoding
 * (and counts them), reassembles sub-packages, hands whole messages to the gateway in order, and
 * owns the platform's serial counter for this link. Writing, ordering, back-pressure and idleness
 * are the {@link TerminalLink}'s.
 */
export class Jt808Connection extends TerminalLink<Jt808Connection, Jt808InboundMessage> {
  /** Set once the terminal authenticated on this connection. */
  session: Jt808Session | undefined;
  private readonly splitter = new Jt808FrameSplitter();
  // per-connection limits keep one misbehaving terminal from holding megabytes of fragments
  private readonly reassembler = new Jt808Reassembler({ maxMessages: 8, maxBytes: 256 * 1024 });
  private readonly packageSerials = new Map<string, number[]>();
  private serial = 0;
  private ackTemplate: Jt808GeneralResponseTemplate | undefined;

  constructor(socket: Socket, deps: Jt808ConnectionDeps) {
    super(socket, deps, 'jt808');
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

  protected describe(): object {
    return { terminalNo: this.session?.terminalNo };
  }

  protected onBytes(chunk: Buffer, receivedAt: number, receivedTime: Date): void {
    const { frames, fault } = this.splitter.push(chunk);
    if (fault) {
      this.streamFault(fault);
      return;
    }
    for (const raw of frames) {
      this.deps.counters.framesReceived++;
      const decoded = decodeFrame(raw);
      if (!decoded.ok) {
        // one corrupt frame must not cost the terminal its link: drop it, keep reading
        this.deps.counters.badFrames++;
        this.frameDropped(decoded.reason, decoded.detail);
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
}
