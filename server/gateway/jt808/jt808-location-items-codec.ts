import { fromHex, toHex } from './jt808-bcd';
import { Jt808ByteWriter } from './jt808-byte-writer';

/** The additional items of 0x0200 the platform uses, in display units. */
export interface Jt808LocationExtras {
  /** 0x01 odometer, km (wire: DWORD 0.1 km). */
  mileageKm?: number;
  /** 0x02 fuel, L (wire: WORD 0.1 L). */
  fuelLitres?: number;
  /** 0x03 speed from the driving recorder, km/h (wire: WORD 0.1 km/h). */
  recorderSpeedKmh?: number;
  /** 0x25 extended vehicle signal status DWORD. */
  extendedStatus?: number;
  /** 0x2A IO status WORD. */
  ioStatus?: number;
  /** 0x30 wireless signal strength BYTE. */
  signalStrength?: number;
  /** 0x31 GNSS satellites in use BYTE. */
  satellites?: number;
}

/** One additional item exactly as sent. */
export interface Jt808LocationItem {
  id: number;
  hex: string;
}

/** Something wrong in the item list that did not stop the position from being used. */
export interface Jt808ItemIssue {
  id: number;
  /** duplicate: id seen before (first one wins); bad-length: not the standard length (kept raw only);
   *  truncated: declares more bytes than remain (dropped, parsing stops). */
  kind: 'duplicate' | 'bad-length' | 'truncated';
  detail: string;
}

/** Decoded additional-item list. */
export interface Jt808LocationItems {
  extras: Jt808LocationExtras;
  /** Every complete item in wire order, known or not. */
  items: Jt808LocationItem[];
  issues: Jt808ItemIssue[];
}

type Field = { key: keyof Jt808LocationExtras; size: 1 | 2 | 4; scale: number };

const FIELDS: ReadonlyMap<number, Field> = new Map([
  [0x01, { key: 'mileageKm', size: 4, scale: 10 }],
  [0x02, { key: 'fuelLitres', size: 2, scale: 10 }],
  [0x03, { key: 'recorderSpeedKmh', size: 2, scale: 10 }],
  [0x25, { key: 'extendedStatus', size: 4, scale: 1 }],
  [0x2a, { key: 'ioStatus', size: 2, scale: 1 }],
  [0x30, { key: 'signalStrength', size: 1, scale: 1 }],
  [0x31, { key: 'satellites', size: 1, scale: 1 }],
]);

// standard lengths of items we only validate; vendor ids (and 0x05–0x07, reused by vendors) are not checked
const STANDARD_LENGTHS: ReadonlyMap<number, readonly number[]> = new Map([
  [0x04, [2]],
  [0x11, [1, 5]],
  [0x12, [6]],
  [0x13, [7]],
  [0x2b, [4]],
]);

/** Decodes the item list after the 28-byte basic block. Never throws; problems become issues. */
export function decodeLocationItems(bytes: Uint8Array): Jt808LocationItems {
  const out: Jt808LocationItems = { extras: {}, items: [], issues: [] };
  const seen = new Set<number>();
  let p = 0;
  while (p < bytes.length) {
    const id = bytes[p]!;
    const len = bytes[p + 1];
    if (len === undefined || p + 2 + len > bytes.length) {
      const left = bytes.length - p - 2;
      out.issues.push({ id, kind: 'truncated', detail: `declares ${len ?? '?'} bytes, ${Math.max(left, 0)} remain` });
      break;
    }
    const value = bytes.subarray(p + 2, p + 2 + len);
    p += 2 + len;
    out.items.push({ id, hex: toHex(value) });
    if (seen.has(id)) {
      out.issues.push({ id, kind: 'duplicate', detail: 'repeated id; the first occurrence is used' });
      continue;
    }
    seen.add(id);
    const field = FIELDS.get(id);
    const allowed = field ? [field.size] : STANDARD_LENGTHS.get(id);
    if (allowed && !allowed.includes(len)) {
      out.issues.push({ id, kind: 'bad-length', detail: `length ${len}, standard ${allowed.join(' or ')}` });
      continue;
    }
    if (field) out.extras[field.key] = readUint(value) / field.scale;
  }
  return out;
}

/** Encodes typed extras (standard order) followed by raw items. RangeError on out-of-range values. */
export function encodeLocationItems(extras: Jt808LocationExtras = {}, items: readonly Jt808LocationItem[] = []): Uint8Array {
  const w = new Jt808ByteWriter();
  for (const [id, field] of FIELDS) {
    const v = extras[field.key];
    if (v === undefined) continue;
    w.u8(id).u8(field.size);
    const raw = Math.round(v * field.scale);
    if (field.size === 1) w.u8(raw);
    else if (field.size === 2) w.u16(raw);
    else w.u32(raw);
  }
  for (const item of items) {
    const value = fromHex(item.hex);
    if (value.length > 0xff) throw new RangeError(`item 0x${item.id.toString(16)} is longer than 255 bytes`);
    w.u8(item.id).u8(value.length).bytes(value);
  }
  return w.finish();
}

function readUint(b: Uint8Array): number {
  let v = 0;
  for (const x of b) v = v * 256 + x;
  return v;
}
