import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gt06SimCodec } from '../../sim/devices/gt06-sim-codec';
import type { DeviceReport } from '../../sim/devices/device-motion';
import { encodeGt06Frame } from './gt06-frame';
import { gt06Protocol } from './gt06-protocol';

const IMEI = '358710060000017';

const reportArb = fc.record({
  lat: fc.double({ min: -85, max: 85, noNaN: true }),
  lon: fc.double({ min: -179, max: 179, noNaN: true }),
  speed: fc.integer({ min: 0, max: 255 }),
  course: fc.integer({ min: 0, max: 359 }),
  seconds: fc.integer({ min: Date.UTC(2001, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 }),
  battery: fc.integer({ min: 0, max: 100 }),
  acc: fc.boolean(),
  alarm: fc.constantFrom(undefined, 'sos', 'powerCut', 'vibration', 'overspeed', 'lowBattery', 'displacement'),
});

type ReportInput = typeof reportArb extends fc.Arbitrary<infer T> ? T : never;

function toReport(r: ReportInput): DeviceReport {
  return {
    timeMs: r.seconds * 1000, fix: { kind: 'gps', lat: r.lat, lon: r.lon, speed: r.speed, course: r.course, satellites: 7 },
    battery: r.battery, charging: false, acc: r.acc, armed: false, powerCutOff: false, steps: 0, alarms: r.alarm ? [r.alarm] : [],
  } as DeviceReport;
}

// garbage that cannot start a frame (no 0x78 / 0x79)
const garbageArb = fc.uint8Array({ maxLength: 20 }).map((g) => g.map((b) => (b === 0x78 || b === 0x79 ? 0x00 : b)));

function cut(stream: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (stream.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let last = 0;
  for (const p of at) {
    parts.push(stream.subarray(last, p));
    last = p;
  }
  parts.push(stream.subarray(last));
  return parts;
}

describe('GT06 round trips (device encoder → random cuts → gateway decoder)', () => {
  it('gives back every report, whatever the cuts and the garbage between frames', () => {
    fc.assert(fc.property(fc.array(fc.tuple(reportArb, garbageArb), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), (items, points) => {
      const frames = [gt06SimCodec.hello(IMEI, toReport(items[0]![0]), 1)[0]!];
      for (const [i, [r, garbage]] of items.entries()) frames.push(garbage, gt06SimCodec.report(IMEI, toReport(r), () => i + 2)[0]!);
      const stream = Buffer.concat(frames);
      const splitter = gt06Protocol.createSplitter();
      const got = cut(stream, points).flatMap((part) => splitter.push(part).frames);
      expect(got).toHaveLength(items.length + 1);
      const decoded = got.map((f) => gt06Protocol.decode(f, {}));
      expect(decoded[0]).toMatchObject({ ok: true, message: { kind: 'login', imei: IMEI } });
      for (const [i, [r]] of items.entries()) {
        const d = decoded[i + 1]!;
        if (!d.ok) throw new Error(`${d.reason} ${d.detail}`);
        const fix = d.message.fixes[0]!;
        expect(fix.time.getTime()).toBe(r.seconds * 1000);
        expect(fix.lat).toBeCloseTo(r.lat, 5);
        expect(fix.lon).toBeCloseTo(r.lon, 5);
        expect([fix.speed, fix.course, fix.valid]).toEqual([r.speed, r.course, true]);
        expect(d.message.alarms).toEqual(r.alarm ? [r.alarm] : []);
        // locations and alarms are answered with their protocol number and serial, after the commit
        expect(d.message.replies).toEqual([{ frame: encodeGt06Frame(d.message.kind === 'alarm' ? 0x26 : 0x22, [], i + 2), afterCommit: true }]);
      }
    }), { numRuns: 300 });
  });

  it('refuses any frame with one bit flipped, without throwing', () => {
    fc.assert(fc.property(reportArb, fc.nat(), (r, bitSeed) => {
      const frame = Uint8Array.from(gt06SimCodec.report(IMEI, toReport(r), () => 5)[0]!);
      const bit = bitSeed % (frame.length * 8);
      frame[bit >> 3]! ^= 1 << (bit & 7);
      const d = gt06Protocol.decode(frame, {});
      expect(d.ok).toBe(false);
    }), { numRuns: 500 });
  });

  it('holds half a frame until the rest arrives, and gives nothing for it alone', () => {
    const frame = gt06SimCodec.hello(IMEI, toReport({ lat: 1, lon: 1, speed: 0, course: 0, seconds: 1e9, battery: 50, acc: false, alarm: undefined }), 1)[0]!;
    const splitter = gt06Protocol.createSplitter();
    expect(splitter.push(frame.subarray(0, 9)).frames).toEqual([]);
    expect(splitter.push(frame.subarray(9)).frames).toHaveLength(1);
  });

  it('skips declared lengths no frame has, and gives up on a stream of garbage', () => {
    const splitter = gt06Protocol.createSplitter();
    const huge = Uint8Array.from([0x79, 0x79, 0xff, 0xff, 0x01, 0x02]);
    const login = gt06SimCodec.hello(IMEI, toReport({ lat: 1, lon: 1, speed: 0, course: 0, seconds: 1e9, battery: 50, acc: false, alarm: undefined }), 1)[0]!;
    const r = splitter.push(Buffer.concat([huge, login]));
    expect(r.frames).toHaveLength(1);
    expect(r.skipped).toBe(huge.length);
    const noise = new Uint8Array(70 * 1024).fill(0x41);
    expect(gt06Protocol.createSplitter().push(noise).fault).toMatch(/without a GT06 frame/);
  });

  it('passes over a long run of length-0 starts without stop bits in one scan', () => {
    // each 78 78 00 runs to the next stop bits: searching for them from every start was quadratic
    // (seconds of a blocked event loop for one 128 KiB read)
    const run = new Uint8Array(128 * 1024);
    for (let i = 0; i + 3 <= run.length; i += 3) run.set([0x78, 0x78, 0x00], i);
    const started = performance.now();
    const r = gt06Protocol.createSplitter().push(run);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r.frames).toEqual([]);
    expect(r.fault).toMatch(/without a GT06 frame/);
  });
});

describe('GT06 commands', () => {
  it('sends 0x80 with the serial as server flag, which the device\'s 0x21 / 0x15 answer carries back', () => {
    const sent = gt06Protocol.encodeCommand({ type: 'powerCut' }, { imei: IMEI, serial: 77 })!;
    const onDevice = gt06SimCodec.platformFrame(sent.frame, IMEI, () => 3)!;
    expect(onDevice.command).toEqual({ type: 'powerCut' });
    const answer = gt06Protocol.decode(onDevice.answer('Cut off the fuel supply: Success!'), {});
    expect(answer).toMatchObject({ ok: true, message: { kind: 'commandAnswer', answer: { matchKey: sent.matchKey, text: 'Cut off the fuel supply: Success!' } } });
    expect(sent.matchKey).toBe('77');
    expect(gt06Protocol.encodeCommand({ type: 'powerOff' }, { imei: IMEI, serial: 1 })).toBeUndefined();
  });

  it('reads the position in the answer to a locate command', () => {
    const sent = gt06Protocol.encodeCommand({ type: 'locate' }, { imei: IMEI, serial: 5 })!;
    expect(Buffer.from(sent.frame).toString('latin1')).toContain('WHERE#');
    const text = Buffer.from('Lat:N22.533000,Lon:E113.935000,Course:0.00,Speed:0.00,DateTime:2026-11-24 08:30:05');
    const answer = encodeGt06Frame(0x21, [0, 0, 0, 5, 1, ...text], 9, true);
    const d = gt06Protocol.decode(answer, {});
    if (!d.ok) throw new Error(d.reason);
    expect(d.message.answer!.matchKey).toBe('5');
    expect(d.message.fixes).toEqual([{ time: new Date('2026-11-24T08:30:05Z'), source: 'gps', valid: true, lat: 22.533, lon: 113.935, speed: 0, course: 0 }]);
  });
});
