// Test helper: loads the JT/T 808 capture vectors of ../jt808/testdata/ (sources in its README.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A basic location block as the vectors write it (raw and converted units). */
export interface VectorLocation {
  alarm?: number;
  status?: number;
  latRaw?: number;
  lngRaw?: number;
  altitude?: number;
  speedRaw?: number;
  direction?: number;
  /** Local UTC+8 text, 'YYYY-MM-DD hh:mm:ss'. */
  time?: string;
  lat?: number;
  lng?: number;
  speedKmh?: number;
  south?: boolean;
  west?: boolean;
  fixed?: boolean;
  acc?: boolean;
  signedLat?: number;
  signedLng?: number;
}

/** Additional items keyed '0x01' …: a number, {hex}, or a structure the codec keeps raw. */
export type VectorExtras = Record<string, number | { hex?: string }>;

/** Fields a source asserts (`expect`) or the independent decode found (`verification.decoded`). */
export interface VectorBody {
  msgId?: string;
  serial?: number;
  phone?: string;
  versionFlag?: boolean;
  protocolVersion?: number;
  bodyLength?: number;
  encryption?: number;
  subpackage?: false | { total: number; index: number };
  error?: string;
  layout?: string;
  province?: number;
  city?: number;
  maker?: string;
  model?: string;
  terminalId?: string;
  plateColor?: number;
  plate?: string;
  makerTrimmed?: string;
  modelTrimmed?: string;
  terminalIdTrimmed?: string;
  plateTrimmed?: string;
  authCode?: string | null;
  authCodeLength?: number;
  imei?: string;
  softwareVersion?: string;
  replySerial?: number;
  replyMsgId?: string;
  result?: number;
  location?: VectorLocation;
  extras?: VectorExtras;
  extraItemCount?: number;
  duplicateExtraIds?: string[];
  malformedTrailingItem?: string | null;
  extraLengthViolations?: string[];
  count?: number;
  batchType?: number;
  positions?: { location: VectorLocation; extras?: VectorExtras }[] | string;
  paramCount?: number;
  params?: { id: string; length: number; value: number | string }[];
  textFlag?: number;
  textType?: number;
  text?: string;
  interval?: number;
  validity?: number;
  commandWord?: number;
  commandParamBytes?: number;
}

/** The header the independent decode found. */
export interface VectorHeader {
  msgId: string;
  attributes: string;
  bodyLength: number;
  actualBodyLength: number;
  encryption: number;
  versionFlag: boolean;
  protocolVersion?: number;
  phone: string;
  serial: number;
  subpackage: false | { total: number; index: number };
}

/** One capture from a public implementation, as stored in vectors.json. */
export interface Jt808Vector {
  id: string;
  source: string;
  edition: string;
  msgId: string;
  hex: string;
  assertion: string;
  expect: VectorBody;
  verification: {
    checksumOk: boolean | null;
    bodyLengthOk: boolean | null;
    header?: VectorHeader | null;
    decoded?: VectorBody | null;
    frameError?: string;
  };
  notes?: string;
}

/** The capture vectors the repository carries, with their sources (../jt808/testdata/README.md). */
export function vectorsPath(): string {
  return fileURLToPath(new URL('../jt808/testdata/vectors.json', import.meta.url));
}

/** All vectors, in file order. */
export function loadVectors(): Jt808Vector[] {
  return JSON.parse(readFileSync(vectorsPath(), 'utf8')) as Jt808Vector[];
}
