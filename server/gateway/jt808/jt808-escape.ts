import { type Jt808Decoded, accept, refuse } from './jt808-types';

/** Frame delimiter. */
export const JT808_FLAG = 0x7e;
/** Escape byte. */
export const JT808_ESCAPE = 0x7d;

/** Escapes frame content: 0x7e → 7d 02, 0x7d → 7d 01. */
export function escapeJt808(content: Uint8Array): Uint8Array {
  let extra = 0;
  for (const b of content) if (b === JT808_FLAG || b === JT808_ESCAPE) extra++;
  const out = new Uint8Array(content.length + extra);
  let j = 0;
  for (const b of content) {
    if (b === JT808_FLAG || b === JT808_ESCAPE) {
      out[j++] = JT808_ESCAPE;
      out[j++] = b === JT808_FLAG ? 0x02 : 0x01;
    } else {
      out[j++] = b;
    }
  }
  return out;
}

/**
 * Reverses {@link escapeJt808} on the bytes between the delimiters.
 * A lone 0x7d as the very last byte is kept as data: some terminals send a 0x7d check code
 * unescaped, and there it cannot be mistaken for anything else. Any other 0x7d not followed
 * by 01/02, or a raw 0x7e, is a bad escape.
 */
export function unescapeJt808(escaped: Uint8Array): Jt808Decoded<Uint8Array, 'bad-escape'> {
  const out = new Uint8Array(escaped.length);
  let j = 0;
  for (let i = 0; i < escaped.length; i++) {
    const b = escaped[i]!;
    if (b === JT808_FLAG) return refuse('bad-escape', `raw 0x7e at offset ${i}`);
    if (b !== JT808_ESCAPE) {
      out[j++] = b;
      continue;
    }
    if (i === escaped.length - 1) {
      out[j++] = b;
      continue;
    }
    const next = escaped[++i];
    if (next === 0x01) out[j++] = JT808_ESCAPE;
    else if (next === 0x02) out[j++] = JT808_FLAG;
    else return refuse('bad-escape', `0x7d followed by 0x${next!.toString(16).padStart(2, '0')} at offset ${i - 1}`);
  }
  return accept(out.subarray(0, j));
}

/** XOR of bytes [start, end): the JT/T 808 check code. */
export function jt808CheckCode(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= bytes[i]!;
  return x;
}
