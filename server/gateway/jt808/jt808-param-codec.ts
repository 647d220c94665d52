import { toHex } from './jt808-bcd';
import { Jt808ByteReader, Jt808TruncatedError } from './jt808-byte-reader';
import { Jt808ByteWriter } from './jt808-byte-writer';
import { decodeGbk, encodeGbk } from './jt808-gbk';
import { type Jt808Decoded, accept, refuse } from './jt808-types';

/** Terminal parameter ids the platform sets. */
export const Jt808ParamId = {
  HeartbeatInterval: 0x0001,
  /** Report interval while sleeping (ACC off), seconds, DWORD. */
  SleepReportInterval: 0x0027,
  /** Emergency-alarm report interval, seconds, DWORD. */
  EmergencyReportInterval: 0x0028,
  /** Default time-based report interval, seconds, DWORD. */
  DefaultReportInterval: 0x0029,
} as const;

/** One parameter to write with 0x8103. */
export type Jt808ParamValue =
  | { id: number; type: 'byte' | 'word' | 'dword'; value: number }
  | { id: number; type: 'string'; value: string }
  | { id: number; type: 'bytes'; value: Uint8Array };

/** One parameter as read back from a 0x8103 body. */
export interface Jt808DecodedParam {
  id: number;
  hex: string;
  /** Text for the standard string parameters, a number for 1/2/4-byte values, otherwise the hex. */
  value: number | string;
}

// standard STRING parameters (server addresses, APN, phone numbers …)
const STRING_IDS = new Set([
  0x0010, 0x0011, 0x0012, 0x0013, 0x0014, 0x0015, 0x0016, 0x0017, 0x001a, 0x001d,
  0x0023, 0x0024, 0x0025, 0x0026, 0x0040, 0x0041, 0x0042, 0x0043, 0x0044, 0x0048, 0x0049, 0x0083,
]);

/** Encodes 0x8103 set-parameters: count BYTE, then id DWORD, length BYTE, value per item. */
export function encodeSetParams(params: readonly Jt808ParamValue[]): Uint8Array {
  if (params.length > 0xff) throw new RangeError('at most 255 parameters per message');
  const w = new Jt808ByteWriter().u8(params.length);
  for (const p of params) {
    w.u32(p.id);
    switch (p.type) {
      case 'byte': w.u8(1).u8(p.value); break;
      case 'word': w.u8(2).u16(p.value); break;
      case 'dword': w.u8(4).u32(p.value); break;
      case 'string':
      case 'bytes': {
        const b = p.type === 'string' ? encodeGbk(p.value) : p.value;
        if (b.length > 0xff) throw new RangeError(`parameter 0x${p.id.toString(16)} is longer than 255 bytes`);
        w.u8(b.length).bytes(b);
      }
    }
  }
  return w.finish();
}

/** Decodes 0x8103 (the simulator's side). */
export function decodeSetParams(body: Uint8Array): Jt808Decoded<Jt808DecodedParam[]> {
  try {
    const r = new Jt808ByteReader(body);
    const count = r.u8();
    const out: Jt808DecodedParam[] = [];
    for (let i = 0; i < count; i++) {
      const id = r.u32();
      const value = r.take(r.u8());
      out.push({ id, hex: toHex(value), value: paramValue(id, value) });
    }
    return accept(out);
  } catch (e) {
    if (e instanceof Jt808TruncatedError) return refuse('truncated', `0x8103 parameter list runs past the body`);
    throw e;
  }
}

function paramValue(id: number, b: Uint8Array): number | string {
  if (STRING_IDS.has(id)) return decodeGbk(b).replace(/\0+$/, '');
  if (b.length === 1 || b.length === 2 || b.length === 4) return b.reduce((v, x) => v * 256 + x, 0);
  return toHex(b);
}
