import { Jt808ByteReader, Jt808TruncatedError } from './jt808-byte-reader';
import { Jt808ByteWriter } from './jt808-byte-writer';
import { decodeGbk, decodePaddedText, decodeTrimmedText, encodeGbk } from './jt808-gbk';
import { type Jt808Decoded, type Jt808Edition, accept, refuse } from './jt808-types';

/** A decoded 0x0100 terminal registration. Text fields have their padding removed. */
export interface Jt808Register {
  /** Which body layout was found: 2011 (body < 37 bytes), 2013, or 2019 (version flag). */
  layout: Jt808Edition;
  province: number;
  city: number;
  maker: string;
  model: string;
  /** 终端ID: the maker's own id of the device (text), not the store's terminal id. */
  deviceId: string;
  /** 0 when the vehicle is not plated (2019: then `plate` carries the VIN). */
  plateColor: number;
  plate: string;
}

/** Field widths per layout: maker, model, device id (终端ID). */
const WIDTHS: Record<Jt808Edition, readonly [number, number, number]> = {
  '2011': [5, 8, 7],
  '2013': [5, 20, 7],
  '2019': [11, 30, 30],
};

/** The 2013 layout's fixed part; a shorter body without the 2019 flag is the 2011 layout. */
const FIXED_2013 = 2 + 2 + 5 + 20 + 7 + 1;

/**
 * Picks the 0x0100 layout from the header edition and the body length. The 2011 body is 25 bytes
 * plus the plate, so it stays below the 2013 fixed part for any real plate (at most 9 GBK bytes).
 */
export function registerLayout(headerEdition: Jt808Edition, bodyLength: number): Jt808Edition {
  if (headerEdition === '2019') return '2019';
  return bodyLength < FIXED_2013 ? '2011' : '2013';
}

/** Decodes 0x0100. `headerEdition` is the frame header's edition ('2013' also covers 2011). */
export function decodeRegister(body: Uint8Array, headerEdition: Jt808Edition): Jt808Decoded<Jt808Register> {
  const layout = registerLayout(headerEdition, body.length);
  const [makerW, modelW, idW] = WIDTHS[layout];
  try {
    const r = new Jt808ByteReader(body);
    return accept({
      layout,
      province: r.u16(),
      city: r.u16(),
      maker: decodePaddedText(r.take(makerW)),
      model: decodePaddedText(r.take(modelW)),
      deviceId: decodePaddedText(r.take(idW)),
      plateColor: r.u8(),
      // the plate is not a fixed-width field, so only NUL/space padding applies
      plate: decodeTrimmedText(r.rest()),
    });
  } catch (e) {
    if (e instanceof Jt808TruncatedError) return refuse('truncated', `0x0100 body is ${body.length} bytes, too short for the ${layout} layout`);
    throw e;
  }
}

/** Encodes 0x0100 in the given layout; text is GBK, 0x00-padded. RangeError when a field is too long. */
export function encodeRegister(reg: Omit<Jt808Register, 'layout'>, layout: Jt808Edition): Uint8Array {
  const [makerW, modelW, idW] = WIDTHS[layout];
  return new Jt808ByteWriter()
    .u16(reg.province)
    .u16(reg.city)
    .fixed(encodeGbk(reg.maker), makerW, 'maker')
    .fixed(encodeGbk(reg.model), modelW, 'model')
    .fixed(encodeGbk(reg.deviceId), idW, 'deviceId')
    .u8(reg.plateColor)
    .bytes(encodeGbk(reg.plate))
    .finish();
}

/** A 0x8100 registration response. */
export interface Jt808RegisterResponse {
  replySerial: number;
  /** See Jt808RegisterResult: 0 success … 4 terminal not in the database. */
  result: number;
  /** Present only on success. */
  authCode?: string;
}

/** Encodes 0x8100; the auth code is written only when result is 0. */
export function encodeRegisterResponse(res: Jt808RegisterResponse): Uint8Array {
  const w = new Jt808ByteWriter().u16(res.replySerial).u8(res.result);
  if (res.result === 0) w.bytes(encodeGbk(res.authCode ?? ''));
  return w.finish();
}

/** Decodes 0x8100 (the simulator's side). */
export function decodeRegisterResponse(body: Uint8Array): Jt808Decoded<Jt808RegisterResponse> {
  if (body.length < 3) return refuse('truncated', `0x8100 body is ${body.length} bytes`);
  const result = body[2]!;
  const base = { replySerial: (body[0]! << 8) | body[1]!, result };
  return accept(result === 0 ? { ...base, authCode: decodeGbk(body.subarray(3)) } : base);
}
