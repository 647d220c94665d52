import type { FrameSplitter } from './device-protocol';

const EMPTY = new Uint8Array(0);
// garbage tolerated between frames before the stream counts as not the port's protocol
const MAX_GARBAGE = 64 * 1024;

/** What one pass over the buffered bytes found. */
export interface CutResult {
  frames: Uint8Array[];
  /** Bytes passed over that could not start a frame. */
  skipped: number;
  /** Bytes used up (frames and skipped); the rest waits for more. */
  consumed: number;
}

/**
 * What every protocol's splitter shares: the bytes of an unfinished frame kept for the next chunk,
 * and the count of garbage since the last frame — past 64 KiB without one, or with more than
 * `maxPending` bytes of an unfinished frame, the stream is not the protocol's and the connection closes.
 */
export abstract class BufferedSplitter implements FrameSplitter {
  private buf: Uint8Array = EMPTY;
  private garbage = 0;

  protected constructor(private readonly label: string, private readonly maxPending: number) {}

  /** Cuts the frames out of `buf` (the kept bytes and the new chunk). */
  protected abstract cut(buf: Uint8Array): CutResult;

  push(chunk: Uint8Array): { frames: Uint8Array[]; skipped: number; fault?: string } {
    const buf = this.buf.length === 0 ? chunk : concat(this.buf, chunk);
    const { frames, skipped, consumed } = this.cut(buf);
    this.buf = consumed >= buf.length ? EMPTY : buf.slice(consumed);
    this.garbage = frames.length > 0 ? skipped : this.garbage + skipped;
    if (this.garbage > MAX_GARBAGE) return { frames, skipped, fault: `${this.garbage} bytes without a ${this.label} frame` };
    if (this.buf.length > this.maxPending) return { frames, skipped, fault: 'unterminated frame' };
    return { frames, skipped };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Wraps a forward search (`find(from)`: the first match at or after `from`, or the buffer's length
 * when there is none) so that searches from a position not past the last match reuse it. A cut
 * that asks "where is the next delimiter?" at every candidate start then stays linear: a run of
 * thousands of start bytes costs one scan, not one scan per byte.
 */
export function searchAhead(find: (from: number) => number): (from: number) => number {
  let from = -1;
  let hit = -1;
  return (at) => {
    if (from < 0 || at < from || at > hit) {
      from = at;
      hit = find(at);
    }
    return hit;
  };
}
