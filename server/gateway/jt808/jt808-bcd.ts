/** Lower-case hex of `bytes` (also how BCD reads: each nibble one digit). */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += (b < 16 ? '0' : '') + b.toString(16);
  return s;
}

/** Bytes of an even-length hex string; RangeError on anything else. */
export function fromHex(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) throw new RangeError(`not a hex string: ${hex}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Packs decimal digits into `width` BCD bytes, left-padding with zeros. */
export function encodeBcd(digits: string, width: number): Uint8Array {
  if (!/^\d*$/.test(digits)) throw new RangeError(`BCD takes decimal digits only: ${digits}`);
  if (digits.length > width * 2) throw new RangeError(`${digits} does not fit ${width} BCD bytes`);
  return fromHex(digits.padStart(width * 2, '0'));
}

/**
 * The terminal number without its leading zero padding, so the 2013 12-digit and the 2019
 * 20-digit BCD of one terminal compare equal ('013800000001' → '13800000001').
 */
export function normalizePhone(bcdDigits: string): string {
  const stripped = bcdDigits.replace(/^0+/, '');
  return stripped === '' ? '0' : stripped;
}

const TZ_OFFSET_MS = 8 * 3600_000;

/** Result of reading a BCD YYMMDDhhmmss timestamp (terminals send China time, UTC+8). */
export interface Jt808BcdTime {
  /** ISO 8601 with the terminal's offset, e.g. `2018-07-15T10:10:10+08:00`. */
  iso: string;
  /** Epoch milliseconds. */
  ms: number;
}

/** Decodes 6 BCD bytes YYMMDDhhmmss (UTC+8, years 2000–2099); undefined when not a real time. */
export function decodeBcdTime(b: Uint8Array): Jt808BcdTime | undefined {
  if (b.length !== 6) return undefined;
  const digits = toHex(b);
  if (!/^\d{12}$/.test(digits)) return undefined;
  const [yy, mo, dd, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => Number(digits.slice(i, i + 2))) as [
    number, number, number, number, number, number,
  ];
  const year = 2000 + yy;
  const ms = Date.UTC(year, mo - 1, dd, hh, mi, ss) - TZ_OFFSET_MS;
  // Date.UTC rolls 31 Feb into March; a round trip catches every out-of-range field
  const back = new Date(ms + TZ_OFFSET_MS);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== dd ||
    back.getUTCHours() !== hh || back.getUTCMinutes() !== mi || back.getUTCSeconds() !== ss) return undefined;
  const iso = `${year}-${digits.slice(2, 4)}-${digits.slice(4, 6)}T${digits.slice(6, 8)}:${digits.slice(8, 10)}:${digits.slice(10, 12)}+08:00`;
  return { iso, ms };
}

/** Encodes an instant as BCD YYMMDDhhmmss in UTC+8 (seconds truncated); RangeError outside 2000–2099. */
export function encodeBcdTime(time: Date | number): Uint8Array {
  const ms = typeof time === 'number' ? time : time.getTime();
  const d = new Date(ms + TZ_OFFSET_MS);
  const year = d.getUTCFullYear();
  if (!Number.isFinite(ms) || year < 2000 || year > 2099) throw new RangeError(`time ${String(time)} is outside 2000–2099`);
  const two = (n: number) => String(n).padStart(2, '0');
  return fromHex(
    two(year - 2000) + two(d.getUTCMonth() + 1) + two(d.getUTCDate()) +
      two(d.getUTCHours()) + two(d.getUTCMinutes()) + two(d.getUTCSeconds()),
  );
}
