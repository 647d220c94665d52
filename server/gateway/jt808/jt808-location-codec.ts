import { decodeBcdTime, encodeBcdTime, toHex } from './jt808-bcd';
import { Jt808ByteReader, Jt808TruncatedError } from './jt808-byte-reader';
import { Jt808ByteWriter } from './jt808-byte-writer';
import {
  type Jt808ItemIssue, type Jt808LocationExtras, type Jt808LocationItem, decodeLocationItems, encodeLocationItems,
} from './jt808-location-items-codec';
import { type Jt808Decoded, accept, refuse } from './jt808-types';

/** Status bits the codec interprets. */
export const Jt808StatusBit = { Acc: 1 << 0, Fixed: 1 << 1, South: 1 << 2, West: 1 << 3 } as const;

/** Size of the basic location block. */
export const JT808_LOCATION_BASIC_BYTES = 28;

/** A decoded 0x0200 body (also the payload of 0x0201 and each 0x0704 item). */
export interface Jt808Location {
  alarmFlags: number;
  statusFlags: number;
  /** Signed degrees; the sign comes from status bit 2 (south). */
  latitude: number;
  /** Signed degrees; the sign comes from status bit 3 (west). */
  longitude: number;
  /** Unsigned latitude as sent, 1e-6 degrees. */
  latitudeRaw: number;
  /** Unsigned longitude as sent, 1e-6 degrees. */
  longitudeRaw: number;
  /** Metres. */
  altitude: number;
  speedKmh: number;
  /** Degrees from north, 0–359. */
  direction: number;
  /** ISO 8601 with the terminal's +08:00 offset. */
  gpsTime: string;
  /** The same instant, epoch ms. */
  gpsTimeMs: number;
  fixed: boolean;
  accOn: boolean;
  extras: Jt808LocationExtras;
  items: Jt808LocationItem[];
  itemIssues: Jt808ItemIssue[];
}

/** Options of {@link decodeLocation}. */
export interface Jt808LocationDecodeOptions {
  /** Skip the latitude ≤ 90 / longitude ≤ 180 check (diagnostics only). */
  allowInvalidCoordinates?: boolean;
}

/**
 * Decodes a 0x0200 body. Refuses (never throws) a body shorter than 28 bytes, a latitude above
 * 90° or longitude above 180° (fixtures that swap the two, or signed values sent as DWORDs),
 * and a time that is not a real BCD date. Faulty additional items only produce itemIssues.
 */
export function decodeLocation(body: Uint8Array, options: Jt808LocationDecodeOptions = {}): Jt808Decoded<Jt808Location> {
  try {
    const r = new Jt808ByteReader(body);
    const alarmFlags = r.u32();
    const statusFlags = r.u32();
    const latitudeRaw = r.u32();
    const longitudeRaw = r.u32();
    const altitude = r.u16();
    const speedRaw = r.u16();
    const direction = r.u16();
    const timeBytes = r.take(6);
    if (!options.allowInvalidCoordinates && (latitudeRaw > 90_000_000 || longitudeRaw > 180_000_000)) {
      return refuse('invalid-coordinates', `latitude ${latitudeRaw / 1e6}, longitude ${longitudeRaw / 1e6}`);
    }
    const time = decodeBcdTime(timeBytes);
    if (!time) return refuse('invalid-time', `time bytes ${toHex(timeBytes)}`);
    const { extras, items, issues } = decodeLocationItems(r.rest());
    return accept({
      alarmFlags,
      statusFlags,
      latitude: (statusFlags & Jt808StatusBit.South ? -1 : 1) * (latitudeRaw / 1e6),
      longitude: (statusFlags & Jt808StatusBit.West ? -1 : 1) * (longitudeRaw / 1e6),
      latitudeRaw,
      longitudeRaw,
      altitude,
      speedKmh: speedRaw / 10,
      direction,
      gpsTime: time.iso,
      gpsTimeMs: time.ms,
      fixed: (statusFlags & Jt808StatusBit.Fixed) !== 0,
      accOn: (statusFlags & Jt808StatusBit.Acc) !== 0,
      extras,
      items,
      itemIssues: issues,
    });
  } catch (e) {
    if (e instanceof Jt808TruncatedError) return refuse('truncated', `location body is ${body.length} bytes, needs 28`);
    throw e;
  }
}

/** What {@link encodeLocation} needs. */
export interface Jt808LocationInput {
  alarmFlags?: number;
  /** Bits 2 and 3 are overwritten from the signs of latitude and longitude. */
  statusFlags?: number;
  /** Signed degrees. */
  latitude: number;
  /** Signed degrees. */
  longitude: number;
  altitude?: number;
  speedKmh?: number;
  direction?: number;
  /** Instant of the fix; written as UTC+8 BCD, whole seconds. */
  gpsTime: Date | number;
  extras?: Jt808LocationExtras;
  /** Raw items appended after the typed extras. */
  items?: readonly Jt808LocationItem[];
}

/** Encodes a 0x0200 body. RangeError on values the fields cannot carry. */
export function encodeLocation(input: Jt808LocationInput): Uint8Array {
  const latRaw = Math.round(Math.abs(input.latitude) * 1e6);
  const lonRaw = Math.round(Math.abs(input.longitude) * 1e6);
  if (!(latRaw <= 90_000_000) || !(lonRaw <= 180_000_000)) {
    throw new RangeError(`coordinates out of range: ${input.latitude}, ${input.longitude}`);
  }
  let status = (input.statusFlags ?? 0) & ~(Jt808StatusBit.South | Jt808StatusBit.West);
  if (input.latitude < 0 && latRaw !== 0) status |= Jt808StatusBit.South;
  if (input.longitude < 0 && lonRaw !== 0) status |= Jt808StatusBit.West;
  return new Jt808ByteWriter()
    .u32(input.alarmFlags ?? 0)
    .u32(status >>> 0)
    .u32(latRaw)
    .u32(lonRaw)
    .u16(input.altitude ?? 0)
    .u16(Math.round((input.speedKmh ?? 0) * 10))
    .u16(input.direction ?? 0)
    .bytes(encodeBcdTime(input.gpsTime))
    .bytes(encodeLocationItems(input.extras, input.items))
    .finish();
}
