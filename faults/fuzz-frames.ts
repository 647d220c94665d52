/**
 * Hostile input for the terminal ports: valid frames of each protocol from terminal ids the
 * directory does not know, and the ways the fuzz test breaks them. A frame that still decodes
 * after a mutation (a checksum recomputed, or the watch protocol, which has none) speaks for an
 * unknown terminal, so the gateway must refuse it rather than store it.
 */
import {
  Jt808MsgId, encodeAuth, encodeBatchLocation, encodeFrame, encodeGeneralResponse, encodeLocation, encodeRegister,
  escapeJt808, jt808CheckCode, unescapeJt808, type Jt808Edition,
} from '../server/gateway/jt808/index';
import { crcItu, encodeGt06Frame } from '../server/gateway/gt06/index';
import { gt06SimCodec } from '../server/sim/devices/gt06-sim-codec';
import { watchSimCodec } from '../server/sim/devices/watch-sim-codec';
import type { DeviceReport, SimFix } from '../server/sim/devices/device-motion';
import type { SeededRandom } from '../server/sim/seeded-random';

export type FuzzProtocol = 'jt808' | 'gt06' | 'watch';
export const FUZZ_PROTOCOLS: readonly FuzzProtocol[] = ['jt808', 'gt06', 'watch'];

/** How a valid frame is broken. */
export type Mutation = 'bitflip' | 'resealed' | 'length' | 'huge-length' | 'truncated' | 'garbage' | 'storm';

/** Share of each mutation in the stream. */
const WEIGHTS: readonly [Mutation, number][] = [
  ['bitflip', 30], ['resealed', 12], ['length', 12], ['huge-length', 8], ['truncated', 15], ['garbage', 13], ['storm', 10],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((a, [, w]) => a + w, 0);

/** Prefixes of the ids fuzz frames come from: far (many digits) from every provisioned number. */
export const FUZZ_JT808_PHONE = '019900000';
export const FUZZ_IMEI = '990000000000';

/** One protocol's seeds and the structure-aware edits its mutations need. */
interface ProtocolShape {
  seeds: Uint8Array[];
  /** Makes the frame's checksum right again after an edit (watch: nothing to do). */
  reseal(frame: Uint8Array): Uint8Array;
  /** The frame with its declared length set to `n` and resealed. */
  withLength(frame: Uint8Array, n: number): Uint8Array;
  /** The frame claiming the largest length (or package count) its header can carry. */
  huge(frame: Uint8Array, rng: SeededRandom): Uint8Array;
  /** Bytes that open (or look like the start of) a frame, for delimiter storms. */
  storm: readonly Uint8Array[];
  /** Where edits may land without breaking the framing itself: [from, to). */
  inner(frame: Uint8Array): [number, number];
}

// ---- JT/T 808 -------------------------------------------------------------------------------

/** The unescaped content (header, body, check code) of a frame, or undefined when it cannot be. */
function jt808Content(frame: Uint8Array): Uint8Array | undefined {
  const d = unescapeJt808(frame.subarray(1, frame.length - 1));
  return d.ok ? d.value : undefined;
}

function jt808Wrap(content: Uint8Array): Uint8Array {
  content[content.length - 1] = jt808CheckCode(content, 0, content.length - 1);
  const escaped = escapeJt808(content);
  const out = new Uint8Array(escaped.length + 2);
  out[0] = out[out.length - 1] = 0x7e;
  out.set(escaped, 1);
  return out;
}

function jt808Seeds(): Uint8Array[] {
  const seeds: Uint8Array[] = [];
  const location = (i: number) => encodeLocation({
    latitude: 22.5 + i / 1000, longitude: 114.05 + i / 1000, speedKmh: 40 + i, direction: 90, altitude: 12,
    gpsTime: Date.UTC(2026, 0, 1, 0, 0, i), extras: { mileageKm: 1234.5, satellites: 9, signalStrength: 20 },
  });
  for (let i = 0; i < 8; i++) {
    const edition: Jt808Edition = i % 2 === 0 ? '2013' : '2019';
    const phone = `${FUZZ_JT808_PHONE}${String(100 + i).padStart(3, '0')}`;
    const frame = (msgId: number, body: Uint8Array, serial: number, subpackage?: { total: number; index: number }) =>
      encodeFrame({ msgId, phone, serial, edition, body, ...(subpackage && { subpackage }) });
    seeds.push(
      frame(Jt808MsgId.Location, location(i), i),
      frame(Jt808MsgId.Location, location(i + 8), i + 100),
      frame(Jt808MsgId.Heartbeat, new Uint8Array(0), i + 200),
      frame(Jt808MsgId.Register, encodeRegister(
        { province: 44, city: 300, maker: 'FZ001', model: 'FUZZ-808', deviceId: `F${i}`, plateColor: 1, plate: '粤B00000' }, edition,
      ), i + 300),
      frame(Jt808MsgId.Authenticate, encodeAuth({ authCode: 'FUZZ0000AUTH', imei: '990000000000000', softwareVersion: '1.0' }, edition), i + 400),
      frame(Jt808MsgId.BatchLocation, encodeBatchLocation(i % 2, [location(i), location(i + 1), location(i + 2)]), i + 500),
      frame(Jt808MsgId.TerminalGeneralResponse, encodeGeneralResponse({ replySerial: i, replyMsgId: 0x8103, result: 0 }), i + 600),
      frame(Jt808MsgId.Location, location(i).subarray(0, 20), i + 700, { total: 2, index: 1 }),
      frame(Jt808MsgId.Location, location(i).subarray(20), i + 701, { total: 2, index: 2 }),
    );
  }
  return seeds;
}

const jt808: ProtocolShape = {
  seeds: jt808Seeds(),
  reseal(frame) {
    const content = jt808Content(frame);
    return content ? jt808Wrap(content) : frame;
  },
  withLength(frame, n) {
    const content = jt808Content(frame);
    if (!content) return frame;
    const attributes = ((content[2]! << 8) | content[3]!) & ~0x3ff;
    content[2] = ((attributes | (n & 0x3ff)) >> 8) & 0xff;
    content[3] = n & 0xff;
    return jt808Wrap(content);
  },
  huge(frame, rng) {
    const content = jt808Content(frame);
    if (!content) return frame;
    const is2019 = (content[2]! & 0x40) !== 0;
    if (rng.chance(0.5) || content.length < (is2019 ? 22 : 17)) {
      // a body of 1023 bytes declared, whatever follows
      content[2] = content[2]! | 0x03;
      content[3] = 0xff;
      return jt808Wrap(content);
    }
    // sub-packages: 65535 of them, or an index past the total
    content[2] = content[2]! | 0x20;
    const at = is2019 ? 17 : 12;
    const total = rng.chance(0.5) ? 0xffff : rng.int(1, 1024);
    const index = rng.chance(0.5) ? total + rng.int(1, 100) : 0;
    content[at] = (total >> 8) & 0xff;
    content[at + 1] = total & 0xff;
    content[at + 2] = (index >> 8) & 0xff;
    content[at + 3] = index & 0xff;
    return jt808Wrap(content);
  },
  // each unit holds a delimiter: a long run without one is an oversized frame, which ends the
  // connection (see oversizedRun) and would cut the fuzzing short
  storm: [Uint8Array.of(0x7e), Uint8Array.of(0x7e, 0x7d), Uint8Array.of(0x7e, 0x7d, 0x02), Uint8Array.of(0x7e, 0x7e, 0x00)],
  inner: (frame) => [1, frame.length - 1],
};

// ---- GT06 -----------------------------------------------------------------------------------

function simReport(i: number, fix: SimFix): DeviceReport {
  return {
    timeMs: Date.UTC(2026, 0, 1, 0, 0, i), fix, battery: 60 + i, charging: false, acc: true, armed: false, powerCutOff: false,
    steps: 100 * i, alarms: [],
  };
}

const gpsFix = (i: number): SimFix => ({ kind: 'gps', lon: 113.9 + i / 100, lat: 22.5 + i / 100, speed: 20 + i, course: 45 * i, satellites: 8 });
const cellFix: SimFix = { kind: 'lbs', cells: [{ mcc: 460, mnc: 0, lac: 0x5a1c, cid: 0x6d01, rssi: -60 }] };
const wifiFix: SimFix = { kind: 'wifi', cells: cellFix.cells, wifi: [{ mac: 'aa:bb:cc:dd:ee:01', rssi: -50 }, { mac: 'aa:bb:cc:dd:ee:02', rssi: -70 }] };

function gt06Seeds(): Uint8Array[] {
  const seeds: Uint8Array[] = [];
  let serial = 1;
  const next = () => serial++;
  for (let i = 0; i < 8; i++) {
    const imei = `${FUZZ_IMEI}${String(100 + i).padStart(3, '0')}`;
    const alarm = { ...simReport(i, gpsFix(i)), alarms: ['sos' as const] };
    seeds.push(
      ...gt06SimCodec.hello(imei, simReport(i, gpsFix(i)), next()),
      ...gt06SimCodec.report(imei, simReport(i, gpsFix(i)), next),
      ...gt06SimCodec.report(imei, simReport(i, cellFix), next),
      ...gt06SimCodec.report(imei, alarm, next),
      gt06SimCodec.heartbeat(imei, simReport(i, gpsFix(i)), next()),
      // a command answer in the two-byte-length frame, and a length-0 LBS frame without CRC
      encodeGt06Frame(0x21, [0, 0, 0, 1, 0x01, ...Buffer.from('Defence activated: Success!')], next(), true),
      Uint8Array.of(0x78, 0x78, 0x00, 0x28, ...Buffer.from('1901010000000001cc00', 'hex'), 0x0d, 0x0a),
    );
  }
  return seeds;
}

const gt06: ProtocolShape = {
  seeds: gt06Seeds(),
  reseal(frame) {
    const out = frame.slice();
    if (out.length < 7 || (out[0] === 0x78 && out[2] === 0)) return out; // length 0: no CRC
    const crc = crcItu(out, 2, out.length - 4);
    out[out.length - 4] = crc >> 8;
    out[out.length - 3] = crc & 0xff;
    return out;
  },
  withLength(frame, n) {
    const out = frame.slice();
    if (out[0] === 0x79) {
      out[2] = (n >> 8) & 0xff;
      out[3] = n & 0xff;
    } else {
      out[2] = n & 0xff;
    }
    return gt06.reseal(out);
  },
  huge(frame, rng) {
    // the two-byte length at its maximum, or the one-byte length at 255
    if (rng.chance(0.5)) {
      const out = new Uint8Array(frame.length + 1);
      out.set([0x79, 0x79, 0xff, 0xff]);
      out.set(frame.subarray(3), 4);
      return gt06.reseal(out);
    }
    return gt06.withLength(frame, 0xff);
  },
  storm: [Uint8Array.of(0x78, 0x78, 0x00), Uint8Array.of(0x79, 0x79, 0xff, 0xff), Uint8Array.of(0x78, 0x78), Uint8Array.of(0x0d, 0x0a)],
  inner: (frame) => [2, frame.length - 2],
};

// ---- watch protocol -------------------------------------------------------------------------

const ascii = new TextEncoder();
const latin1 = new TextDecoder('latin1');

function watchSeeds(): Uint8Array[] {
  const seeds: Uint8Array[] = [];
  for (let i = 0; i < 8; i++) {
    const imei = `${FUZZ_IMEI}${String(200 + i).padStart(3, '0')}`;
    const withReadings = { ...simReport(i, gpsFix(i)), readings: { heartRate: 70 + i, systolic: 120, diastolic: 80, temperature: 36.5 } };
    seeds.push(
      ...watchSimCodec.hello(imei, simReport(i, gpsFix(i)), 0),
      ...watchSimCodec.report(imei, withReadings, () => 0),
      ...watchSimCodec.report(imei, simReport(i, wifiFix), () => 0),
      ...watchSimCodec.report(imei, { ...simReport(i, gpsFix(i)), alarms: ['sos'] }, () => 0),
      ascii.encode(`[SG*${imei}*0001*0004*TKQ2]`),
      // binary content (a voice chunk) with escapes
      Uint8Array.of(...ascii.encode(`[3G*${imei}*000A*TK,`), 0x23, 0x21, 0x7d, 0x01, 0x7d, 0x02, 0x00, 0xff, 0x5d),
    );
  }
  return seeds;
}

/** Where the LEN field of a `[vendor*id*(index*)LEN*` header sits: [start, end) of its 4 hex digits. */
function watchLenField(frame: Uint8Array): [number, number] | undefined {
  const head = /^\[[A-Za-z0-9]{2}\*[0-9A-Za-z]{1,20}\*(?:[0-9A-Fa-f]{4}\*)?([0-9A-Fa-f]{4})\*/.exec(latin1.decode(frame.subarray(0, 48)));
  if (!head) return undefined;
  const end = head[0].length - 1;
  return [end - 4, end];
}

const watch: ProtocolShape = {
  seeds: watchSeeds(),
  reseal: (frame) => frame,
  withLength(frame, n) {
    const field = watchLenField(frame);
    if (!field) return frame;
    const out = frame.slice();
    out.set(ascii.encode((n & 0xffff).toString(16).toUpperCase().padStart(4, '0')), field[0]);
    return out;
  },
  huge: (frame) => watch.withLength(frame, 0xffff),
  storm: [ascii.encode('['), ascii.encode('[3G*'), ascii.encode('[3G*9*FFFF*'), ascii.encode('[SG*1*0001*')],
  inner: (frame) => [1, frame.length - 1],
};

const SHAPES: Record<FuzzProtocol, ProtocolShape> = { jt808, gt06, watch };

/** The valid frames mutations start from. */
export function fuzzSeeds(protocol: FuzzProtocol): readonly Uint8Array[] {
  return SHAPES[protocol].seeds;
}

function pickMutation(rng: SeededRandom): Mutation {
  let r = rng.next() * TOTAL_WEIGHT;
  for (const [m, w] of WEIGHTS) if ((r -= w) < 0) return m;
  return 'bitflip';
}

function flipBits(frame: Uint8Array, rng: SeededRandom, from: number, to: number): Uint8Array {
  const out = frame.slice();
  const flips = rng.int(1, 4);
  for (let k = 0; k < flips; k++) {
    const at = rng.int(from, Math.max(from, to - 1));
    out[at] = out[at]! ^ (1 << rng.int(0, 7));
  }
  return out;
}

function garbage(rng: SeededRandom): Uint8Array {
  const out = new Uint8Array(rng.int(1, 512));
  for (let i = 0; i < out.length; i++) out[i] = rng.int(0, 255);
  return out;
}

function storm(shape: ProtocolShape, rng: SeededRandom): Uint8Array {
  const unit = rng.pick(shape.storm);
  // mostly short, now and then long enough (up to 16 KiB) that a cost per byte squared would show
  const bytes = rng.chance(0.01) ? rng.int(2048, 16_384) : rng.int(4, 128);
  const count = Math.max(1, Math.floor(bytes / unit.length));
  const out = new Uint8Array(unit.length * count);
  for (let i = 0; i < count; i++) out.set(unit, i * unit.length);
  return out;
}

/** One mutated frame of `protocol`, and which mutation made it. */
export function mutatedFrame(protocol: FuzzProtocol, rng: SeededRandom): { bytes: Uint8Array; mutation: Mutation } {
  const shape = SHAPES[protocol];
  const seed = rng.pick(shape.seeds);
  const mutation = pickMutation(rng);
  const [from, to] = shape.inner(seed);
  switch (mutation) {
    case 'bitflip':
      return { bytes: flipBits(seed, rng, 0, seed.length), mutation };
    case 'resealed':
      return { bytes: shape.reseal(flipBits(seed, rng, from, to)), mutation };
    case 'length': {
      const n = rng.chance(0.5) ? rng.int(0, 64) : rng.int(0, 1023);
      return { bytes: shape.withLength(seed, n), mutation };
    }
    case 'huge-length':
      return { bytes: shape.huge(seed, rng), mutation };
    case 'truncated':
      return { bytes: seed.slice(0, rng.int(1, seed.length - 1)), mutation };
    case 'garbage':
      return { bytes: garbage(rng), mutation };
    case 'storm':
      return { bytes: storm(shape, rng), mutation };
  }
}

/** The JT/T 808 phone of the heartbeats that close each batch (see {@link batchSentinel}). */
export const SENTINEL_PHONE = '019800000000';

/**
 * A valid heartbeat from an unknown JT/T 808 number, sent after each batch: the gateway refuses it
 * (0x8001 result 1) in order after everything before it, so its answer proves the batch was read.
 * A 0x7e opens it whatever the batch ended with, so no mutation before it can swallow it.
 */
export function batchSentinel(serial: number): Uint8Array {
  return encodeFrame({ msgId: Jt808MsgId.Heartbeat, phone: SENTINEL_PHONE, serial: serial & 0xffff, edition: '2013' });
}

/** 4 KiB without a 0x7e: a frame longer than JT/T 808 allows, which must end the connection. */
export function oversizedRun(): Uint8Array {
  const out = new Uint8Array(4096);
  for (let i = 0; i < out.length; i += 2) out.set([0x7d, 0x02], i);
  return out;
}

/** The first half of a valid frame: what a terminal that stalls mid-frame leaves behind. */
export function halfFrame(protocol: FuzzProtocol, rng: SeededRandom): Uint8Array {
  const seed = rng.pick(SHAPES[protocol].seeds);
  return seed.slice(0, Math.max(1, seed.length >> 1));
}

/** A whole valid frame from an unknown id, for connections that send it one byte at a time. */
export function seedFrame(protocol: FuzzProtocol, rng: SeededRandom): Uint8Array {
  return rng.pick(SHAPES[protocol].seeds);
}
