import { encodeBcd, normalizePhone, toHex } from './jt808-bcd';
import { JT808_FLAG, escapeJt808, jt808CheckCode, unescapeJt808 } from './jt808-escape';
import { type Jt808Decoded, type Jt808Edition, accept, refuse } from './jt808-types';

/** Largest body the 10-bit length field can declare. */
export const JT808_MAX_BODY = 1023;
/** Largest unescaped frame: 2019 header with sub-package fields (21) + body + check code. */
export const JT808_MAX_FRAME = 21 + JT808_MAX_BODY + 1;
/** Largest escaped frame including both delimiters (every byte escaped). */
export const JT808_MAX_ESCAPED_FRAME = 2 * JT808_MAX_FRAME + 2;

/** Why a frame was refused. */
export type Jt808FrameError = 'bad-escape' | 'truncated-header' | 'bad-check-code' | 'body-length-mismatch' | 'oversized' | 'bad-phone';

/** Decoded frame header. */
export interface Jt808Header {
  msgId: number;
  /** The raw attributes word. */
  attributes: number;
  /** Body length declared in attributes bits 0–9. */
  bodyLength: number;
  /** Attributes bits 10–12 (0 none, 1 RSA). */
  encryption: number;
  /** Attributes bit 14: the 2019 header with a protocol version byte and a 10-byte phone. */
  versionFlag: boolean;
  /** '2019' when versionFlag is set; '2013' otherwise (2011 has the same header). */
  edition: '2013' | '2019';
  /** The 2019 protocol version byte; undefined for 2011/2013. */
  protocolVersion: number | undefined;
  /** Terminal phone exactly as the BCD digits on the wire (12 or 20 digits). */
  phoneBcd: string;
  /** Terminal phone without leading zero padding: the terminal's identity across editions. */
  phone: string;
  serial: number;
  /** Present when attributes bit 13 is set. Index counts from 1. */
  subpackage: { total: number; index: number } | undefined;
}

/** A frame that passed escaping, check code and length checks. */
export interface Jt808Frame {
  header: Jt808Header;
  /** The (unescaped) body; still encrypted when header.encryption ≠ 0. */
  body: Uint8Array;
  checkCode: number;
}

/** What {@link encodeFrame} needs. */
export interface Jt808FrameInput {
  msgId: number;
  /** Terminal phone digits, with or without zero padding. */
  phone: string;
  serial: number;
  edition: Jt808Edition;
  body?: Uint8Array;
  subpackage?: { total: number; index: number };
  encryption?: number;
  /** 2019 protocol version byte; default 1. */
  protocolVersion?: number;
}

/** Options of {@link decodeFrame}. */
export interface Jt808DecodeOptions {
  /** Accept a wrong check code. For forensic tools only; the gateway never sets it. */
  ignoreCheckCode?: boolean;
}

/**
 * Builds a complete frame: header, body, check code, escaped, between 0x7e delimiters.
 * Throws RangeError on values the header cannot carry (body over 1023 bytes, phone too long).
 */
export function encodeFrame(input: Jt808FrameInput): Uint8Array {
  const body = input.body ?? new Uint8Array(0);
  if (body.length > JT808_MAX_BODY) throw new RangeError(`body is ${body.length} bytes; split it into sub-packages`);
  const is2019 = input.edition === '2019';
  const encryption = input.encryption ?? 0;
  if (!Number.isInteger(encryption) || encryption < 0 || encryption > 7) throw new RangeError(`encryption ${encryption}`);
  const attributes = body.length | (encryption << 10) | (input.subpackage ? 1 << 13 : 0) | (is2019 ? 1 << 14 : 0);
  // normalise first so a 20-digit 2019 number still fits the 2013 field when its padding allows
  const phone = encodeBcd(normalizePhone(input.phone), is2019 ? 10 : 6);
  const headerLength = (is2019 ? 17 : 12) + (input.subpackage ? 4 : 0);
  const content = new Uint8Array(headerLength + body.length + 1);
  const view = new DataView(content.buffer);
  let p = 0;
  view.setUint16(p, word(input.msgId, 'msgId'));
  view.setUint16((p += 2), attributes);
  p += 2;
  if (is2019) content[p++] = byte(input.protocolVersion ?? 1, 'protocolVersion');
  content.set(phone, p);
  p += phone.length;
  view.setUint16(p, word(input.serial, 'serial'));
  p += 2;
  if (input.subpackage) {
    view.setUint16(p, word(input.subpackage.total, 'subpackage.total'));
    view.setUint16(p + 2, word(input.subpackage.index, 'subpackage.index'));
    p += 4;
  }
  content.set(body, p);
  content[content.length - 1] = jt808CheckCode(content, 0, content.length - 1);
  const escaped = escapeJt808(content);
  const frame = new Uint8Array(escaped.length + 2);
  frame[0] = JT808_FLAG;
  frame.set(escaped, 1);
  frame[frame.length - 1] = JT808_FLAG;
  return frame;
}

/**
 * Decodes one frame, with or without its 0x7e delimiters. Never throws: a refused frame comes
 * back with a reason so the connection can log it and carry on with the next frame.
 */
export function decodeFrame(frame: Uint8Array, options: Jt808DecodeOptions = {}): Jt808Decoded<Jt808Frame, Jt808FrameError> {
  let start = 0;
  let end = frame.length;
  if (end > 0 && frame[0] === JT808_FLAG) start++;
  if (end > start && frame[end - 1] === JT808_FLAG) end--;
  if (end - start > JT808_MAX_ESCAPED_FRAME - 2) return refuse('oversized', `${end - start} escaped bytes`);
  const unescaped = unescapeJt808(frame.subarray(start, end));
  if (!unescaped.ok) return unescaped;
  const data = unescaped.value;
  if (data.length > JT808_MAX_FRAME) return refuse('oversized', `${data.length} bytes after unescaping`);
  if (data.length < 13) return refuse('truncated-header', `only ${data.length} bytes after unescaping`);

  const checkCode = data[data.length - 1]!;
  const computed = jt808CheckCode(data, 0, data.length - 1);
  if (checkCode !== computed && !options.ignoreCheckCode) {
    return refuse('bad-check-code', `check code 0x${hex2(checkCode)}, computed 0x${hex2(computed)}`);
  }

  const attributes = (data[2]! << 8) | data[3]!;
  const versionFlag = (attributes & 0x4000) !== 0;
  const subpackaged = (attributes & 0x2000) !== 0;
  const headerLength = (versionFlag ? 17 : 12) + (subpackaged ? 4 : 0);
  if (data.length < headerLength + 1) {
    return refuse('truncated-header', `header needs ${headerLength} bytes, frame has ${data.length - 1}`);
  }
  const bodyLength = attributes & 0x03ff;
  const actual = data.length - headerLength - 1;
  if (actual !== bodyLength) return refuse('body-length-mismatch', `attributes declare ${bodyLength} body bytes, frame has ${actual}`);

  let p = 4;
  const protocolVersion = versionFlag ? data[p++] : undefined;
  const phone = data.subarray(p, (p += versionFlag ? 10 : 6));
  // a number with a nibble above 9 names no terminal, and no reply could be addressed to it
  if (!isBcd(phone)) return refuse('bad-phone', `phone ${toHex(phone)} is not BCD`);
  const phoneBcd = toHex(phone);
  const serial = (data[p]! << 8) | data[p + 1]!;
  p += 2;
  const subpackage = subpackaged
    ? { total: (data[p]! << 8) | data[p + 1]!, index: (data[p + 2]! << 8) | data[p + 3]! }
    : undefined;
  return accept({
    header: {
      msgId: (data[0]! << 8) | data[1]!,
      attributes,
      bodyLength,
      encryption: (attributes >> 10) & 0x07,
      versionFlag,
      edition: versionFlag ? '2019' : '2013',
      protocolVersion,
      phoneBcd,
      phone: normalizePhone(phoneBcd),
      serial,
      subpackage,
    },
    body: data.slice(headerLength, headerLength + bodyLength),
    checkCode,
  });
}

function isBcd(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b > 0x99 || (b & 0x0f) > 9) return false;
  return true;
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}

function word(v: number, field: string): number {
  if (!Number.isInteger(v) || v < 0 || v > 0xffff) throw new RangeError(`${field} ${v} is not a WORD`);
  return v;
}

function byte(v: number, field: string): number {
  if (!Number.isInteger(v) || v < 0 || v > 0xff) throw new RangeError(`${field} ${v} is not a BYTE`);
  return v;
}
