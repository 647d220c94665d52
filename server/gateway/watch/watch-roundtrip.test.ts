import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeviceReport } from '../../sim/devices/device-motion';
import { watchSimCodec } from '../../sim/devices/watch-sim-codec';
import { watchProtocol } from './watch-protocol';

const IMEI = '868710040000011';

const reportArb = fc.record({
  lat: fc.double({ min: -85, max: 85, noNaN: true }),
  lon: fc.double({ min: -179, max: 179, noNaN: true }),
  speed: fc.integer({ min: 0, max: 200 }),
  course: fc.integer({ min: 0, max: 359 }),
  seconds: fc.integer({ min: Date.UTC(2001, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 }),
  battery: fc.integer({ min: 0, max: 100 }),
  steps: fc.integer({ min: 0, max: 99999 }),
  alarm: fc.constantFrom(undefined, 'sos', 'fall', 'takeOff', 'lowBattery'),
  indoor: fc.boolean(),
});
type ReportInput = typeof reportArb extends fc.Arbitrary<infer T> ? T : never;

function toReport(r: ReportInput): DeviceReport {
  const cells = [{ mcc: 460, mnc: 0, lac: 23068, cid: 27905, rssi: -60 }, { mcc: 460, mnc: 0, lac: 23068, cid: 27906, rssi: -71 }];
  return {
    timeMs: r.seconds * 1000,
    fix: r.indoor ? { kind: 'wifi', cells, wifi: [{ mac: '02:71:6c:00:01:01', rssi: -55 }] } : { kind: 'gps', lat: r.lat, lon: r.lon, speed: r.speed, course: r.course, satellites: 8 },
    battery: r.battery, charging: false, acc: false, armed: false, powerCutOff: false, steps: r.steps, alarms: r.alarm ? [r.alarm] : [],
  } as DeviceReport;
}

const garbageArb = fc.uint8Array({ maxLength: 20 }).map((g) => g.map((b) => (b === 0x5b ? 0x20 : b)));

describe('watch-protocol round trips (device encoder → random cuts → gateway decoder)', () => {
  it('gives back every report, whatever the cuts and the garbage between frames', () => {
    fc.assert(fc.property(fc.array(fc.tuple(reportArb, garbageArb), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 10 }), (items, points) => {
      const frames = items.flatMap(([r, g]) => [g, watchSimCodec.report(IMEI, toReport(r), () => 1)[0]!]);
      const stream = Buffer.concat(frames);
      const cuts = [...new Set(points.map((p) => p % (stream.length + 1)))].sort((a, b) => a - b);
      const splitter = watchProtocol.createSplitter();
      const got: Uint8Array[] = [];
      let last = 0;
      for (const c of [...cuts, stream.length]) {
        got.push(...splitter.push(stream.subarray(last, c)).frames);
        last = c;
      }
      expect(got).toHaveLength(items.length);
      for (const [i, [r]] of items.entries()) {
        const d = watchProtocol.decode(got[i]!, {});
        if (!d.ok) throw new Error(`${d.reason} ${d.detail}`);
        const m = d.message;
        expect([m.imei, m.vendor, m.kind]).toEqual([IMEI, '3G', r.alarm ? 'alarm' : 'location']);
        expect(m.alarms).toEqual(r.alarm ? [r.alarm] : []);
        const fix = m.fixes[0]!;
        expect(fix.time.getTime()).toBe(r.seconds * 1000);
        expect(m.status).toMatchObject({ battery: r.battery, steps: r.steps });
        if (r.indoor) {
          expect(fix).toMatchObject({ source: 'wifi', valid: false, wifi: [{ mac: '02:71:6c:00:01:01', rssi: -55 }] });
          expect(fix.cells?.map((c) => c.cid)).toEqual([27905, 27906]);
        } else {
          expect(fix.lat).toBeCloseTo(r.lat, 5);
          expect(fix.lon).toBeCloseTo(r.lon, 5);
          expect([fix.valid, fix.speed, fix.course]).toEqual([true, r.speed, r.course]);
        }
        expect(m.replies.map((x) => Buffer.from(x.frame).toString())).toEqual(r.alarm ? [`[3G*${IMEI}*0002*AL]`] : []);
      }
    }), { numRuns: 300 });
  });

  it('never throws on mutated frames: each is decoded or refused', () => {
    fc.assert(fc.property(reportArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }), (r, edits) => {
      const frame = Uint8Array.from(watchSimCodec.report(IMEI, toReport(r), () => 1)[0]!);
      for (const [at, value] of edits) frame[at % frame.length] = value;
      const d = watchProtocol.decode(frame, {});
      expect(typeof d.ok).toBe('boolean');
    }), { numRuns: 1000 });
  });

  it('refuses a frame whose LEN is far from its content, and waits for the rest of a half frame', () => {
    expect(watchProtocol.decode(Buffer.from(`[3G*${IMEI}*0200*LK,0,0,90]`), {})).toMatchObject({ ok: false, reason: 'bad-length' });
    expect(watchProtocol.decode(Buffer.from('garbage]'), {})).toMatchObject({ ok: false, reason: 'bad-frame' });
    const splitter = watchProtocol.createSplitter();
    expect(splitter.push(Buffer.from(`[3G*${IMEI}*000A*LK,0,`)).frames).toEqual([]);
    expect(splitter.push(Buffer.from('0,90]')).frames).toHaveLength(1);
    expect(watchProtocol.createSplitter().push(new Uint8Array(70 * 1024).fill(0x41)).fault).toMatch(/without a watch-protocol frame/);
  });

  it('passes over a long run of `[` in one scan and finds the frame after it', () => {
    // every `[` once searched for the next `]` and read the text up to it: quadratic, over ten
    // seconds of a blocked event loop for one 60 KiB read
    const frame = Buffer.from(`[3G*${IMEI}*0009*LK,0,0,90]`);
    const started = performance.now();
    const r = watchProtocol.createSplitter().push(Buffer.concat([new Uint8Array(60 * 1024).fill(0x5b), frame]));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r.frames.map((f) => Buffer.from(f).toString())).toEqual([frame.toString()]);
    expect(r.fault).toBeUndefined();
  });
});

describe('watch-protocol commands', () => {
  it('sends the command word in the device\'s own vendor prefix and matches the echoed word', () => {
    const sent = watchProtocol.encodeCommand({ type: 'sosNumbers', numbers: ['13800138000'] }, { imei: IMEI, serial: 1, vendor: 'SG' })!;
    expect(Buffer.from(sent.frame).toString()).toBe(`[SG*${IMEI}*0011*SOS,13800138000,,]`);
    expect(sent.matchKey).toBe('SOS');
    const locate = watchProtocol.encodeCommand({ type: 'locate' }, { imei: IMEI, serial: 2 })!;
    const onDevice = watchSimCodec.platformFrame(locate.frame, IMEI, () => 1)!;
    expect(onDevice.command).toEqual({ type: 'locate' });
    const answer = watchProtocol.decode(onDevice.answer('OK'), {});
    expect(answer).toMatchObject({ ok: true, message: { kind: 'commandAnswer', imei: IMEI, answer: { matchKey: 'CR' } } });
    expect(Buffer.from(watchProtocol.encodeCommand({ type: 'text', text: '你好' }, { imei: IMEI, serial: 3 })!.frame).toString()).toBe(`[3G*${IMEI}*0010*MESSAGE,4F60597D]`);
    expect(watchProtocol.encodeCommand({ type: 'powerCut' }, { imei: IMEI, serial: 4 })).toBeUndefined();
  });

  it('reads heart rate, blood pressure and temperature as the devices send them', () => {
    const frames = watchSimCodec.report(IMEI, { ...toReport({ lat: 1, lon: 1, speed: 0, course: 0, seconds: 1e9, battery: 50, steps: 1, alarm: undefined, indoor: false }), readings: { heartRate: 88, systolic: 121, diastolic: 79, temperature: 36.7, spo2: 97 } }, () => 1);
    const readings = frames.slice(1).map((f) => watchProtocol.decode(f, {})).map((d) => (d.ok ? d.message.readings : undefined));
    expect(readings).toEqual([{ systolic: 121, diastolic: 79, heartRate: 88 }, { temperature: 36.7 }, { spo2: 97 }]);
    // blood oxygen as flag + value, as a lone value, and a failed measurement (0) that is no reading
    const spo2 = (text: string) => {
      const d = watchProtocol.decode(Buffer.from(`[3G*4700609403*${text.length.toString(16).toUpperCase().padStart(4, '0')}*${text}]`), {});
      return d.ok ? d.message.readings : undefined;
    };
    expect([spo2('oxygen,1,95'), spo2('oxygen,96'), spo2('oxygen,1,0')]).toEqual([{ spo2: 95 }, { spo2: 96 }, {}]);
  });
});
