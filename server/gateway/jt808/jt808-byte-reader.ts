/** Thrown by {@link Jt808ByteReader} when a read runs past the end; decoders turn it into a result. */
export class Jt808TruncatedError extends Error {
  constructor(readonly needed: number, readonly remaining: number) {
    super(`needed ${needed} bytes, ${remaining} remain`);
  }
}

/** Big-endian cursor over a message body. Reads past the end throw {@link Jt808TruncatedError}. */
export class Jt808ByteReader {
  private pos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** Bytes not yet read. */
  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  get offset(): number {
    return this.pos;
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++]!;
  }

  u16(): number {
    this.need(2);
    const v = (this.bytes[this.pos]! << 8) | this.bytes[this.pos + 1]!;
    this.pos += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const b = this.bytes;
    const p = this.pos;
    this.pos += 4;
    // multiply instead of << 24 so the top bit never makes the DWORD negative
    return b[p]! * 0x1000000 + ((b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!);
  }

  /** A view (not a copy) of the next `n` bytes. */
  take(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** Everything that is left. */
  rest(): Uint8Array {
    return this.take(this.remaining);
  }

  private need(n: number): void {
    if (n > this.remaining) throw new Jt808TruncatedError(n, this.remaining);
  }
}
