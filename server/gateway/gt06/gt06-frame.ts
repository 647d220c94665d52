import { BufferedSplitter, searchAhead, type CutResult } from '../buffered-splitter';

/** Start bits of a frame with a one-byte length (0x7878) or a two-byte length (0x7979). */
export const GT06_SHORT = 0x78;
export const GT06_LONG = 0x79;
/** Longest frame accepted, bytes. */
export const GT06_MAX_FRAME = 2048;

const CRC_TABLE = (() => {
  const t = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** CRC-ITU (CRC-16/X-25: reflected 0x1021, init and final xor 0xFFFF) of `bytes[start, end)`. */
export function crcItu(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffff;
  for (let i = start; i < end; i++) c = (c >>> 8) ^ CRC_TABLE[(c ^ bytes[i]!) & 0xff]!;
  return ~c & 0xffff;
}

/** One frame's parts (offsets into the frame). */
export interface Gt06Frame {
  long: boolean;
  protocol: number;
  /** Information content: after the protocol number, before the serial. */
  content: Uint8Array;
  serial: number;
}

/** Builds a frame: start bits, length, protocol number, content, serial, CRC-ITU, stop bits 0D 0A. */
export function encodeGt06Frame(protocol: number, content: ArrayLike<number>, serial: number, long = false): Uint8Array {
  const length = 1 + content.length + 2 + 2;
  const lenBytes = long || length > 0xff ? 2 : 1;
  const out = new Uint8Array(2 + lenBytes + length + 2);
  out[0] = out[1] = lenBytes === 2 ? GT06_LONG : GT06_SHORT;
  let p = 2;
  if (lenBytes === 2) out[p++] = length >> 8;
  out[p++] = length & 0xff;
  out[p++] = protocol;
  out.set(content, p);
  p += content.length;
  out[p++] = (serial >> 8) & 0xff;
  out[p++] = serial & 0xff;
  const crc = crcItu(out, 2, p);
  out[p++] = crc >> 8;
  out[p++] = crc & 0xff;
  out[p++] = 0x0d;
  out[p] = 0x0a;
  return out;
}

/** Why a frame is refused. */
export type Gt06FrameProblem = { reason: 'bad-checksum' | 'bad-length' | 'bad-frame'; detail: string };

/**
 * Takes a whole frame apart and checks its length and CRC. Frames some devices send with a length
 * byte of 0 (WiFi and LBS reports of certain models) run to their stop bits and carry no CRC.
 */
export function parseGt06Frame(frame: Uint8Array): Gt06Frame | Gt06FrameProblem {
  if (frame.length < 7 || frame[0] !== frame[1] || (frame[0] !== GT06_SHORT && frame[0] !== GT06_LONG)) {
    return { reason: 'bad-frame', detail: 'no 7878/7979 start' };
  }
  if (frame[frame.length - 2] !== 0x0d || frame[frame.length - 1] !== 0x0a) return { reason: 'bad-frame', detail: 'no 0D0A stop' };
  const long = frame[0] === GT06_LONG;
  const at = long ? 4 : 3;
  const length = long ? (frame[2]! << 8) | frame[3]! : frame[2]!;
  if (!long && length === 0) {
    // no length, no CRC: protocol number, content, stop bits
    return { long, protocol: frame[3]!, content: frame.subarray(4, frame.length - 2), serial: 0 };
  }
  if (at + length + 2 !== frame.length) return { reason: 'bad-length', detail: `length ${length}, frame ${frame.length} bytes` };
  if (length < 5) return { reason: 'bad-length', detail: `length ${length}` };
  const crcAt = frame.length - 4;
  const expected = (frame[crcAt]! << 8) | frame[crcAt + 1]!;
  const actual = crcItu(frame, 2, crcAt);
  if (expected !== actual) return { reason: 'bad-checksum', detail: `CRC ${expected.toString(16)} ≠ ${actual.toString(16)}` };
  return { long, protocol: frame[at]!, content: frame.subarray(at + 1, crcAt - 2), serial: (frame[crcAt - 2]! << 8) | frame[crcAt - 1]! };
}

/**
 * Cuts a GT06 byte stream into frames by their declared length (or, for a length of 0, at the
 * stop bits). Bytes that cannot start a frame are skipped; a frame whose stop bits are not where
 * its length says is dropped one byte at a time until the stream is in step again.
 */
export class Gt06FrameSplitter extends BufferedSplitter {
  constructor() {
    super('GT06', GT06_MAX_FRAME * 2);
  }

  protected cut(buf: Uint8Array): CutResult {
    const frames: Uint8Array[] = [];
    let skipped = 0;
    let at = 0;
    // one scan for stop bits serves every length-0 start before them (a run of 78 78 00 stays linear)
    const stopAfter = searchAhead((from) => indexOfStop(buf, from));
    for (;;) {
      // find the next start bits
      let start = at;
      while (start + 1 < buf.length && !(buf[start] === buf[start + 1] && (buf[start] === GT06_SHORT || buf[start] === GT06_LONG))) start++;
      if (start + 1 >= buf.length) {
        // keep a lone last byte: it may be the first half of the start bits
        const keep = buf.length > at && (buf[buf.length - 1] === GT06_SHORT || buf[buf.length - 1] === GT06_LONG) ? 1 : 0;
        skipped += buf.length - at - keep;
        at = buf.length - keep;
        break;
      }
      skipped += start - at;
      at = start;
      const long = buf[at] === GT06_LONG;
      if (buf.length - at < (long ? 4 : 3)) break;
      const length = long ? (buf[at + 2]! << 8) | buf[at + 3]! : buf[at + 2]!;
      let end: number;
      if (!long && length === 0) {
        const stop = stopAfter(at + 3);
        if (stop === buf.length) {
          if (buf.length - at > GT06_MAX_FRAME) {
            skipped += 2;
            at += 2;
            continue;
          }
          break;
        }
        end = stop + 2;
      } else {
        end = at + (long ? 4 : 3) + length + 2;
        if (end - at > GT06_MAX_FRAME) {
          // a declared length no GT06 frame has: not a frame start after all
          skipped += 1;
          at += 1;
          continue;
        }
        if (end > buf.length) break;
        if (buf[end - 2] !== 0x0d || buf[end - 1] !== 0x0a) {
          skipped += 1;
          at += 1;
          continue;
        }
      }
      frames.push(buf.slice(at, end));
      at = end;
    }
    return { frames, skipped, consumed: at };
  }
}

function indexOfStop(buf: Uint8Array, from: number): number {
  for (let i = from; i + 1 < buf.length; i++) if (buf[i] === 0x0d && buf[i + 1] === 0x0a) return i;
  return buf.length;
}
