import { JT808_ESCAPE, JT808_FLAG, jt808CheckCode } from './jt808-escape';
import { encodeFrame } from './jt808-frame-codec';
import { Jt808MsgId } from './jt808-msg-id';

/** What a platform general response (0x8001) is addressed by: the terminal's header fields. */
export interface Jt808ResponseAddress {
  phoneBcd: string;
  edition: '2013' | '2019';
  protocolVersion: number | undefined;
}

/**
 * A 0x8001 frame for one terminal, built once and patched per answer (serial, reply serial,
 * reply id, result, check code): acknowledging is the gateway's hottest write, and encoding it
 * from scratch costs several buffers and the phone's BCD each time. Same bytes as encodeFrame.
 */
export class Jt808GeneralResponseTemplate {
  private readonly content: Uint8Array;
  private readonly serialAt: number;
  private readonly bodyAt: number;

  constructor(readonly address: Jt808ResponseAddress) {
    const frame = encodeFrame({
      msgId: Jt808MsgId.PlatformGeneralResponse, phone: address.phoneBcd, serial: 0, edition: address.edition,
      protocolVersion: address.protocolVersion ?? 1, body: new Uint8Array(5),
    });
    // kept unescaped: a patched byte may need escaping, so escaping happens per answer
    const is2019 = address.edition === '2019';
    this.serialAt = is2019 ? 15 : 10;
    this.bodyAt = is2019 ? 17 : 12;
    this.content = unescapeSimple(frame.subarray(1, frame.length - 1));
  }

  /** Whether this template answers a terminal using `address`. */
  fits(address: Jt808ResponseAddress): boolean {
    const a = this.address;
    return a.phoneBcd === address.phoneBcd && a.edition === address.edition && a.protocolVersion === address.protocolVersion;
  }

  /** The escaped, delimited frame for one answer. */
  encode(serial: number, replySerial: number, replyMsgId: number, result: number): Buffer {
    const c = this.content;
    c[this.serialAt] = serial >> 8;
    c[this.serialAt + 1] = serial & 0xff;
    const b = this.bodyAt;
    c[b] = replySerial >> 8;
    c[b + 1] = replySerial & 0xff;
    c[b + 2] = replyMsgId >> 8;
    c[b + 3] = replyMsgId & 0xff;
    c[b + 4] = result;
    c[c.length - 1] = jt808CheckCode(c, 0, c.length - 1);
    let extra = 0;
    for (let i = 0; i < c.length; i++) if (c[i] === JT808_FLAG || c[i] === JT808_ESCAPE) extra++;
    const out = Buffer.allocUnsafe(c.length + extra + 2);
    out[0] = JT808_FLAG;
    let j = 1;
    for (let i = 0; i < c.length; i++) {
      const v = c[i]!;
      if (v === JT808_FLAG || v === JT808_ESCAPE) {
        out[j++] = JT808_ESCAPE;
        out[j++] = v === JT808_FLAG ? 0x02 : 0x01;
      } else {
        out[j++] = v;
      }
    }
    out[j] = JT808_FLAG;
    return out;
  }
}

function unescapeSimple(escaped: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < escaped.length; i++) {
    const v = escaped[i]!;
    if (v === JT808_ESCAPE) out.push(escaped[++i] === 0x02 ? JT808_FLAG : JT808_ESCAPE);
    else out.push(v);
  }
  return Uint8Array.from(out);
}
