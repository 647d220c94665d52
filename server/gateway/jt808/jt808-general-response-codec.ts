import { Jt808ByteWriter } from './jt808-byte-writer';
import { type Jt808Decoded, accept, refuse } from './jt808-types';

/** Body of 0x0001 (terminal general response) and 0x8001 (platform general response). */
export interface Jt808GeneralResponse {
  replySerial: number;
  replyMsgId: number;
  /** See Jt808GeneralResult. */
  result: number;
}

/** Encodes 0x0001 / 0x8001: reply serial WORD, reply id WORD, result BYTE. */
export function encodeGeneralResponse(res: Jt808GeneralResponse): Uint8Array {
  return new Jt808ByteWriter().u16(res.replySerial).u16(res.replyMsgId).u8(res.result).finish();
}

/** Decodes 0x0001 / 0x8001. */
export function decodeGeneralResponse(body: Uint8Array): Jt808Decoded<Jt808GeneralResponse> {
  if (body.length < 5) return refuse('truncated', `general response body is ${body.length} bytes, needs 5`);
  return accept({
    replySerial: (body[0]! << 8) | body[1]!,
    replyMsgId: (body[2]! << 8) | body[3]!,
    result: body[4]!,
  });
}
