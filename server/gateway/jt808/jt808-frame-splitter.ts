import { JT808_FLAG } from './jt808-escape';
import { JT808_MAX_ESCAPED_FRAME } from './jt808-frame-codec';

/**
 * Why a stream must be dropped: a frame grew past the protocol maximum without its closing
 * 0x7e ('oversized'), or that many bytes arrived before any 0x7e at all ('garbage').
 */
export type Jt808StreamFault = 'oversized' | 'garbage';

/** What one call of {@link splitJt808Frames} found. */
export interface Jt808SplitResult {
  /** Complete frames, each including both 0x7e delimiters, in arrival order. */
  frames: Uint8Array[];
  /** Bytes to keep for the next read: an unfinished frame starting with 0x7e, or nothing. */
  rest: Uint8Array;
  /** Bytes thrown away because they came before any 0x7e. */
  discarded: number;
  /** Set when the stream cannot be a JT/T 808 stream any more; close the connection. */
  fault?: Jt808StreamFault;
}

/**
 * Cuts complete frames out of `buffer`. Pure: feed it the previous `rest` followed by the new
 * read. A 0x7e both closes a frame and may open the next, so `7e A 7e 7e B 7e` and
 * `7e A 7e B 7e` both give A and B; empty frames (`7e 7e`) are skipped. Junk between frames
 * comes out as a frame that decodeFrame refuses, which leaves the frames around it intact.
 */
export function splitJt808Frames(buffer: Uint8Array, maxFrameBytes = JT808_MAX_ESCAPED_FRAME): Jt808SplitResult {
  const frames: Uint8Array[] = [];
  let open = buffer.indexOf(JT808_FLAG);
  if (open < 0) {
    const fault = buffer.length > maxFrameBytes ? 'garbage' : undefined;
    return { frames, rest: new Uint8Array(0), discarded: buffer.length, ...(fault && { fault }) };
  }
  const discarded = open;
  for (;;) {
    const close = buffer.indexOf(JT808_FLAG, open + 1);
    if (close < 0) break;
    if (close - open + 1 > maxFrameBytes) return { frames, rest: new Uint8Array(0), discarded, fault: 'oversized' };
    if (close > open + 1) frames.push(buffer.slice(open, close + 1));
    open = close;
  }
  const rest = buffer.slice(open);
  if (rest.length > maxFrameBytes) return { frames, rest: new Uint8Array(0), discarded, fault: 'oversized' };
  return { frames, rest, discarded };
}

/**
 * Stateful wrapper over {@link splitJt808Frames} for one TCP connection: push each read, get
 * the complete frames. Once it reports a fault it stays faulted and yields nothing more.
 */
export class Jt808FrameSplitter {
  private pending: Uint8Array = new Uint8Array(0);
  private garbage = 0;
  private faulted: Jt808StreamFault | undefined;

  constructor(private readonly maxFrameBytes = JT808_MAX_ESCAPED_FRAME) {}

  /** The fault that ended this stream, if any. */
  get fault(): Jt808StreamFault | undefined {
    return this.faulted;
  }

  /** Bytes held back waiting for the rest of a frame. */
  get buffered(): number {
    return this.pending.length;
  }

  /** Feeds one read; returns the frames it completed and, when the stream must close, the fault. */
  push(chunk: Uint8Array): { frames: Uint8Array[]; fault?: Jt808StreamFault } {
    if (this.faulted) return { frames: [], fault: this.faulted };
    const input = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
    const result = splitJt808Frames(input, this.maxFrameBytes);
    // garbage counts across reads until the first delimiter shows up
    this.garbage = result.rest.length === 0 && result.frames.length === 0 ? this.garbage + result.discarded : 0;
    const fault = result.fault ?? (this.garbage > this.maxFrameBytes ? 'garbage' : undefined);
    if (fault) {
      this.faulted = fault;
      this.pending = new Uint8Array(0);
      return { frames: result.frames, fault };
    }
    this.pending = result.rest;
    return { frames: result.frames };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
