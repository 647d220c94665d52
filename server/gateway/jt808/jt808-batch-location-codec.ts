import { Jt808ByteWriter } from './jt808-byte-writer';
import { type Jt808Location, decodeLocation } from './jt808-location-codec';
import { type Jt808Decoded, accept, refuse } from './jt808-types';

/** A decoded 0x0704 body. Each position is judged on its own. */
export interface Jt808BatchLocation {
  /** 0 regular batch, 1 blind-area backfill. */
  batchType: number;
  /** Count declared in the body. */
  declaredCount: number;
  positions: Jt808Decoded<Jt808Location>[];
  /** Set when the items do not add up to the declared count or leave bytes over. */
  issue?: string;
}

/**
 * Decodes a 0x0704 batch / blind-area upload: count WORD, type BYTE, then per position a WORD
 * length and a 0x0200 body. A bad position is refused alone; a short or long list is reported
 * in `issue` and the complete positions are still returned.
 */
export function decodeBatchLocation(body: Uint8Array): Jt808Decoded<Jt808BatchLocation> {
  if (body.length < 3) return refuse('truncated', `batch body is ${body.length} bytes, needs 3`);
  const declaredCount = (body[0]! << 8) | body[1]!;
  const batchType = body[2]!;
  const positions: Jt808Decoded<Jt808Location>[] = [];
  let p = 3;
  let issue: string | undefined;
  while (positions.length < declaredCount && p < body.length) {
    const len = p + 2 <= body.length ? (body[p]! << 8) | body[p + 1]! : -1;
    if (len < 0 || p + 2 + len > body.length) {
      issue = `position ${positions.length + 1} declares ${len < 0 ? '?' : len} bytes, ${body.length - p - 2} remain`;
      break;
    }
    positions.push(decodeLocation(body.subarray(p + 2, p + 2 + len)));
    p += 2 + len;
  }
  if (!issue && positions.length < declaredCount) issue = `declares ${declaredCount} positions, holds ${positions.length}`;
  if (!issue && p < body.length) issue = `${body.length - p} bytes after the last position`;
  return accept({ batchType, declaredCount, positions, ...(issue !== undefined && { issue }) });
}

/** Encodes a 0x0704 body from ready 0x0200 bodies. */
export function encodeBatchLocation(batchType: number, locationBodies: readonly Uint8Array[]): Uint8Array {
  const w = new Jt808ByteWriter().u16(locationBodies.length).u8(batchType);
  for (const b of locationBodies) w.u16(b.length).bytes(b);
  return w.finish();
}

/** A decoded 0x0201 body: the serial of the 0x8201 it answers, then a 0x0200 body. */
export interface Jt808LocationQueryResponse {
  replySerial: number;
  location: Jt808Decoded<Jt808Location>;
}

/** Decodes 0x0201; the reply serial survives even when the position itself is refused. */
export function decodeLocationQueryResponse(body: Uint8Array): Jt808Decoded<Jt808LocationQueryResponse> {
  if (body.length < 2) return refuse('truncated', `0x0201 body is ${body.length} bytes`);
  return accept({ replySerial: (body[0]! << 8) | body[1]!, location: decodeLocation(body.subarray(2)) });
}

/** Encodes 0x0201 from the query's serial and a ready 0x0200 body. */
export function encodeLocationQueryResponse(replySerial: number, locationBody: Uint8Array): Uint8Array {
  return new Jt808ByteWriter().u16(replySerial).bytes(locationBody).finish();
}
