import { Jt808ByteReader, Jt808TruncatedError } from './jt808-byte-reader';
import { Jt808ByteWriter } from './jt808-byte-writer';
import { decodeGbk, decodeTrimmedText, encodeGbk } from './jt808-gbk';
import { type Jt808Decoded, type Jt808Edition, accept, refuse } from './jt808-types';

/** A decoded 0x0102 authentication. */
export interface Jt808Auth {
  authCode: string;
  /** 2019 only. */
  imei?: string;
  /** 2019 only. */
  softwareVersion?: string;
}

const IMEI_BYTES = 15;
const VERSION_BYTES = 20;

/**
 * Decodes 0x0102. 2011/2013: the whole body is the auth code. 2019: a length BYTE counting the
 * code's GBK bytes, the code, a 15-byte IMEI and a 20-byte software version.
 */
export function decodeAuth(body: Uint8Array, headerEdition: Jt808Edition): Jt808Decoded<Jt808Auth> {
  if (headerEdition !== '2019') return accept({ authCode: decodeTrimmedText(body) });
  try {
    const r = new Jt808ByteReader(body);
    const authCode = decodeGbk(r.take(r.u8()));
    const imei = decodeTrimmedText(r.take(IMEI_BYTES));
    const softwareVersion = decodeTrimmedText(r.take(VERSION_BYTES));
    return accept({ authCode, imei, softwareVersion });
  } catch (e) {
    if (e instanceof Jt808TruncatedError) return refuse('truncated', `2019 0x0102 body is ${body.length} bytes`);
    throw e;
  }
}

/** Encodes 0x0102 for the given edition. RangeError when a 2019 field does not fit. */
export function encodeAuth(auth: Jt808Auth, edition: Jt808Edition): Uint8Array {
  const code = encodeGbk(auth.authCode);
  if (edition !== '2019') return code;
  if (code.length > 0xff) throw new RangeError('auth code is longer than 255 bytes');
  return new Jt808ByteWriter()
    .u8(code.length)
    .bytes(code)
    .fixed(encodeGbk(auth.imei ?? ''), IMEI_BYTES, 'imei')
    .fixed(encodeGbk(auth.softwareVersion ?? ''), VERSION_BYTES, 'softwareVersion')
    .finish();
}
