import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAuth, encodeAuth } from './jt808-auth-codec';
import { decodeBatchLocation, encodeBatchLocation } from './jt808-batch-location-codec';
import { decodeTextMessage, encodeTextMessage } from './jt808-command-codec';
import { jt808CheckCode, unescapeJt808 } from './jt808-escape';
import { type Jt808FrameInput, decodeFrame, encodeFrame } from './jt808-frame-codec';
import { Jt808FrameSplitter } from './jt808-frame-splitter';
import { type Jt808LocationInput, decodeLocation, encodeLocation } from './jt808-location-codec';
import { decodeRegister, encodeRegister } from './jt808-register-codec';
import type { Jt808Edition } from './jt808-types';

// bytes that must be escaped turn up far more often than chance would have them
const wireByte = fc.oneof(fc.constantFrom(0x7e, 0x7d, 0x01, 0x02), fc.integer({ min: 0, max: 255 }));
const word = fc.oneof(fc.constantFrom(0x7e7e, 0x7d7d, 0x007e, 0x7d00, 0x7e01, 0xffff, 0), fc.integer({ min: 0, max: 0xffff }));
// body lengths whose low attribute byte is 0x7e or 0x7d
const bodyLength = fc.oneof(fc.constantFrom(0, 125, 126, 381, 382, 893, 894, 1023), fc.integer({ min: 0, max: 1023 }));

const frameInput = fc
  .record({
    msgId: word,
    edition: fc.constantFrom<Jt808Edition>('2011', '2013', '2019'),
    phoneDigits: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 20 }),
    serial: word,
    body: bodyLength.chain((n) => fc.array(wireByte, { minLength: n, maxLength: n })),
    encryption: fc.constantFrom(0, 0, 1),
    subpackage: fc.option(fc.record({ total: word, index: word }), { nil: undefined }),
    // force the check code itself to be 0x7e / 0x7d in some runs
    checkCode: fc.option(fc.constantFrom(0x7e, 0x7d), { nil: undefined }),
  })
  .map((r): Jt808FrameInput => {
    const phone = r.edition === '2019' ? r.phoneDigits : r.phoneDigits.slice(-12);
    const body = Uint8Array.from(r.body);
    const input: Jt808FrameInput = { msgId: r.msgId, phone, serial: r.serial, edition: r.edition, body, encryption: r.encryption, ...(r.subpackage && { subpackage: r.subpackage }) };
    if (r.checkCode !== undefined && body.length > 0) {
      body[0] = 0;
      const actual = jt808CheckCode(unframe(encodeFrame(input)));
      body[0] = actual ^ r.checkCode; // XOR over the content now equals the target
    }
    return input;
  });

/** Unescaped content of a frame, without delimiters and check code. */
function unframe(frame: Uint8Array): Uint8Array {
  const u = unescapeJt808(frame.subarray(1, frame.length - 1));
  if (!u.ok) throw new Error(u.detail);
  return u.value.subarray(0, u.value.length - 1);
}

describe('frame round trip through escaping and arbitrary TCP reads', () => {
  it('encode → concatenate → cut anywhere → split → decode gives the same messages', () => {
    fc.assert(
      fc.property(fc.array(frameInput, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 30 }), (inputs, cuts) => {
        const frames = inputs.map(encodeFrame);
        const stream = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
        let o = 0;
        for (const f of frames) {
          stream.set(f, o);
          o += f.length;
        }
        const splitter = new Jt808FrameSplitter();
        const got: Uint8Array[] = [];
        let prev = 0;
        for (const p of [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b).concat(stream.length)) {
          const r = splitter.push(stream.subarray(prev, p));
          prev = p;
          expect(r.fault).toBeUndefined();
          got.push(...r.frames);
        }
        expect(got).toHaveLength(inputs.length);
        got.forEach((f, i) => {
          const input = inputs[i]!;
          const d = decodeFrame(f);
          if (!d.ok) throw new Error(`${d.reason}: ${d.detail}`);
          const h = d.value.header;
          expect(h.msgId).toBe(input.msgId);
          expect(h.serial).toBe(input.serial);
          expect(h.phone).toBe(input.phone.replace(/^0+/, '') || '0');
          expect(h.edition).toBe(input.edition === '2019' ? '2019' : '2013');
          expect(h.encryption).toBe(input.encryption);
          expect(h.subpackage).toEqual(input.subpackage);
          expect(d.value.body).toEqual(input.body);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('does hit escapes in the check code, attributes and serial', () => {
    const seen = { check: new Set<number>(), attributes: 0, serial: 0 };
    fc.assert(
      fc.property(frameInput, (input) => {
        const f = encodeFrame(input);
        const d = decodeFrame(f);
        if (!d.ok) throw new Error(d.reason);
        seen.check.add(d.value.checkCode);
        if ([0x7e, 0x7d].includes(d.value.header.attributes & 0xff) || [0x7e, 0x7d].includes(d.value.header.attributes >> 8)) seen.attributes++;
        if ([0x7e, 0x7d].includes(input.serial >> 8) || [0x7e, 0x7d].includes(input.serial & 0xff)) seen.serial++;
      }),
      { numRuns: 500 },
    );
    expect(seen.check.has(0x7e) && seen.check.has(0x7d)).toBe(true);
    expect(seen.attributes).toBeGreaterThan(0);
    expect(seen.serial).toBeGreaterThan(0);
  });
});

const locationInput: fc.Arbitrary<Jt808LocationInput> = fc.record({
  alarmFlags: fc.integer({ min: 0, max: 0xffffffff }),
  statusFlags: fc.integer({ min: 0, max: 0xffffffff }),
  latitude: fc.integer({ min: -90_000_000, max: 90_000_000 }).map((n) => n / 1e6),
  longitude: fc.integer({ min: -180_000_000, max: 180_000_000 }).map((n) => n / 1e6),
  altitude: fc.integer({ min: 0, max: 0xffff }),
  speedKmh: fc.integer({ min: 0, max: 0xffff }).map((n) => n / 10),
  direction: fc.integer({ min: 0, max: 359 }),
  gpsTime: fc.integer({ min: Date.UTC(2000, 0, 1) - 8 * 3600_000, max: Date.UTC(2099, 11, 31, 15) }).map((ms) => Math.floor(ms / 1000) * 1000),
  extras: fc.record(
    {
      mileageKm: fc.integer({ min: 0, max: 0xffffffff }).map((n) => n / 10),
      fuelLitres: fc.integer({ min: 0, max: 0xffff }).map((n) => n / 10),
      recorderSpeedKmh: fc.integer({ min: 0, max: 0xffff }).map((n) => n / 10),
      extendedStatus: fc.integer({ min: 0, max: 0xffffffff }),
      ioStatus: fc.integer({ min: 0, max: 0xffff }),
      signalStrength: fc.integer({ min: 0, max: 0xff }),
      satellites: fc.integer({ min: 0, max: 0xff }),
    },
    { requiredKeys: [] },
  ),
  items: fc.array(
    fc.record({ id: fc.integer({ min: 0xe0, max: 0xff }), hex: fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b).toString('hex')) }),
    { maxLength: 3 },
  ),
});

describe('location round trip', () => {
  it('decode(encode(x)) keeps every field; hemispheres come from the signs', () => {
    fc.assert(
      fc.property(locationInput, (input) => {
        const r = decodeLocation(encodeLocation(input));
        if (!r.ok) throw new Error(r.detail);
        const loc = r.value;
        expect(loc.latitude).toBeCloseTo(input.latitude, 9);
        expect(loc.longitude).toBeCloseTo(input.longitude, 9);
        expect(loc.latitudeRaw).toBe(Math.round(Math.abs(input.latitude) * 1e6));
        expect(loc.alarmFlags).toBe(input.alarmFlags);
        expect(loc.statusFlags & ~0b1100).toBe(input.statusFlags! & ~0b1100);
        expect(loc.altitude).toBe(input.altitude);
        expect(loc.speedKmh).toBeCloseTo(input.speedKmh!, 9);
        expect(loc.direction).toBe(input.direction);
        expect(loc.gpsTimeMs).toBe(input.gpsTime);
        expect(new Date(loc.gpsTime).getTime()).toBe(input.gpsTime);
        expect(loc.extras).toEqual(input.extras);
        expect(loc.items.slice(Object.keys(input.extras!).length)).toEqual(input.items);
      }),
      { numRuns: 500 },
    );
  });

  it('0x0704 keeps each position', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 1), fc.array(locationInput, { maxLength: 5 }), (type, inputs) => {
        const r = decodeBatchLocation(encodeBatchLocation(type, inputs.map(encodeLocation)));
        if (!r.ok) throw new Error(r.detail);
        expect(r.value.batchType).toBe(type);
        expect(r.value.issue).toBeUndefined();
        expect(r.value.positions.map((p) => p.ok && p.value.gpsTimeMs)).toEqual(inputs.map((i) => i.gpsTime));
      }),
      { numRuns: 100 },
    );
  });
});

// text the GBK fields can carry: ASCII letters/digits and common Chinese characters
const gbkText = (max: number) => fc.string({ unit: fc.constantFrom(...'AZaz09-.粤京沪测试鉴权码汉字编码车'), maxLength: max });

describe('text body round trips', () => {
  it('0x0100 in every layout', () => {
    const widths = { '2011': [5, 8, 7], '2013': [5, 20, 7], '2019': [11, 30, 30] } as const;
    fc.assert(
      // a real plate is at most 9 GBK bytes; a 2011 body with a 12-byte plate would reach the 2013 size
      fc.property(fc.constantFrom<Jt808Edition>('2011', '2013', '2019'), gbkText(4), (layout, plate) => {
        const [m, mo, id] = widths[layout];
        const reg = { province: 44, city: 303, maker: 'M'.repeat(m), model: 'x'.repeat(mo - 1), deviceId: 'T'.repeat(id), plateColor: 1, plate };
        const r = decodeRegister(encodeRegister(reg, layout), layout === '2019' ? '2019' : '2013');
        expect(r).toEqual({ ok: true, value: { ...reg, layout } });
      }),
    );
  });

  it('0x0102 and 0x8300 in both editions', () => {
    fc.assert(
      fc.property(fc.constantFrom<Jt808Edition>('2013', '2019'), gbkText(20), (edition, text) => {
        const auth = edition === '2019' ? { authCode: text, imei: '861234567890123', softwareVersion: 'v1.0' } : { authCode: text };
        expect(decodeAuth(encodeAuth(auth, edition), edition)).toEqual({ ok: true, value: auth });
        const msg = edition === '2019' ? { flag: 8, textType: 2, text } : { flag: 8, text };
        expect(decodeTextMessage(encodeTextMessage(msg, edition), edition)).toEqual({ ok: true, value: msg });
      }),
    );
  });
});
