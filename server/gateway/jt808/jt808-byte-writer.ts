/** Growable big-endian byte builder for message bodies. Out-of-range values throw RangeError. */
export class Jt808ByteWriter {
  private buf = new Uint8Array(64);
  private len = 0;

  get length(): number {
    return this.len;
  }

  u8(v: number): this {
    checkRange(v, 0xff);
    this.ensure(1);
    this.buf[this.len++] = v;
    return this;
  }

  u16(v: number): this {
    checkRange(v, 0xffff);
    this.ensure(2);
    this.buf[this.len++] = v >>> 8;
    this.buf[this.len++] = v & 0xff;
    return this;
  }

  u32(v: number): this {
    checkRange(v, 0xffffffff);
    this.ensure(4);
    this.buf[this.len++] = (v >>> 24) & 0xff;
    this.buf[this.len++] = (v >>> 16) & 0xff;
    this.buf[this.len++] = (v >>> 8) & 0xff;
    this.buf[this.len++] = v & 0xff;
    return this;
  }

  bytes(b: Uint8Array): this {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
    return this;
  }

  /** Writes `b` into a field of exactly `width` bytes, right-padded with 0x00. */
  fixed(b: Uint8Array, width: number, field: string): this {
    if (b.length > width) throw new RangeError(`${field} is ${b.length} bytes, the field holds ${width}`);
    this.bytes(b);
    this.ensure(width - b.length);
    this.buf.fill(0, this.len, this.len + width - b.length);
    this.len += width - b.length;
    return this;
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
}

function checkRange(v: number, max: number): void {
  if (!Number.isInteger(v) || v < 0 || v > max) throw new RangeError(`value ${v} is outside 0..${max}`);
}
