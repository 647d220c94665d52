import { BufferedSplitter, searchAhead, type CutResult } from '../buffered-splitter';

/** Longest frame accepted (a voice or photo chunk fits), bytes. */
export const WATCH_MAX_FRAME = 16 * 1024;
const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]

const HEADER = /^\[[A-Za-z0-9]{2}\*[0-9A-Za-z]{1,20}\*([0-9A-Fa-f]{4})\*(?:([0-9A-Fa-f]{4})\*)?/;
const latin1 = new TextDecoder('latin1');

/** Where the frame starting at `at` ends by its declared length: 'wait' for more bytes, undefined when the length leads nowhere. */
function endByLength(buf: Uint8Array, at: number): number | 'wait' | undefined {
  // the `*` after the two-letter vendor, checked before any decoding: most `[` in noise have none
  if (buf[at + 3] !== 0x2a) return undefined;
  const head = HEADER.exec(latin1.decode(buf.subarray(at, Math.min(buf.length, at + 48))));
  if (!head) return undefined;
  const end = at + head[0].length + Number.parseInt(head[2] ?? head[1]!, 16);
  if (end >= buf.length) return end - at > WATCH_MAX_FRAME ? undefined : 'wait';
  return buf[end] === CLOSE ? end : undefined;
}

/** The first control byte at or after `from` (the buffer's length when none): a text frame has none before its `]`. */
function controlByte(buf: Uint8Array, from: number): number {
  for (let i = from; i < buf.length; i++) if (buf[i]! < 0x20 && buf[i] !== 0x09) return i;
  return buf.length;
}

function indexOr(buf: Uint8Array, byte: number, from: number): number {
  const i = buf.indexOf(byte, from);
  return i < 0 ? buf.length : i;
}

/**
 * Cuts a watch-protocol stream into `[vendor*id*LEN*content]` frames: where LEN leads exactly to a `]`,
 * the frame ends there (binary content — voice, photos — may hold any byte); otherwise a text frame
 * ends at its first `]` (devices count LEN in their own ways, often a few bytes off).
 */
export class WatchFrameSplitter extends BufferedSplitter {
  constructor() {
    super('watch-protocol', WATCH_MAX_FRAME * 2);
  }

  protected cut(buf: Uint8Array): CutResult {
    const frames: Uint8Array[] = [];
    let skipped = 0;
    let at = 0;
    // each search is reused until `at` passes its match: a run of `[` must not cost a scan to the
    // next `]` (and over the text before it) per bracket
    const openAfter = searchAhead((from) => indexOr(buf, OPEN, from));
    const closeAfter = searchAhead((from) => indexOr(buf, CLOSE, from));
    const controlAfter = searchAhead((from) => controlByte(buf, from));
    for (;;) {
      const start = openAfter(at);
      if (start === buf.length) {
        skipped += buf.length - at;
        at = buf.length;
        break;
      }
      skipped += start - at;
      at = start;
      // the declared length, where it leads exactly to a `]`, is the strongest sign of a frame's end
      const byLength = endByLength(buf, at);
      if (typeof byLength === 'number') {
        frames.push(buf.slice(at, byLength + 1));
        at = byLength + 1;
        continue;
      }
      const close = closeAfter(at + 1);
      if (close < buf.length && controlAfter(at) >= close) {
        const nextOpen = openAfter(at + 1);
        if (nextOpen < close) {
          // a frame cut short by the start of the next: drop its head
          skipped += nextOpen - at;
          at = nextOpen;
          continue;
        }
        frames.push(buf.slice(at, close + 1));
        at = close + 1;
        continue;
      }
      if (byLength === 'wait' || close === buf.length) {
        if (buf.length - at > WATCH_MAX_FRAME) {
          skipped += buf.length - at;
          at = buf.length;
        }
        break;
      }
      const end = close;
      if (end + 1 - at > WATCH_MAX_FRAME) {
        skipped += end + 1 - at;
        at = end + 1;
        continue;
      }
      frames.push(buf.slice(at, end + 1));
      at = end + 1;
    }
    return { frames, skipped, consumed: at };
  }
}

const ESCAPES: Record<number, number> = { 0x01: 0x7d, 0x02: 0x5b, 0x03: 0x5d, 0x04: 0x2c, 0x05: 0x2a };

/** Undoes the 0x7D escapes of binary content. */
export function unescapeWatch(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(0x7d)) return bytes;
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const e = b === 0x7d ? ESCAPES[bytes[i + 1] ?? -1] : undefined;
    if (e !== undefined) {
      out.push(e);
      i++;
    } else {
      out.push(b);
    }
  }
  return Uint8Array.from(out);
}
