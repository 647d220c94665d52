import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './jt808-bcd';
import { decodeBatchLocation, decodeLocationQueryResponse, encodeBatchLocation } from './jt808-batch-location-codec';
import { decodeFrame, encodeFrame } from './jt808-frame-codec';
import { decodeLocation, encodeLocation } from './jt808-location-codec';
import { decodeLocationItems } from './jt808-location-items-codec';
import { decodeTerminalMessage } from './jt808-terminal-message-codec';

/** A hand-built basic block: alarm, status, lat, lon, alt, speed, dir, time. */
function basic(status: number, latRaw: number, lonRaw: number, time = '240101120000'): string {
  const dw = (n: number) => n.toString(16).padStart(8, '0');
  return dw(0) + dw(status) + dw(latRaw) + dw(lonRaw) + '0064' + '01f4' + '005a' + time;
}

describe('0x0200 basic block', () => {
  it('decodes a hand-checked body', () => {
    const r = decodeLocation(fromHex(basic(0x3, 22_543_210, 114_057_890)));
    expect(r).toMatchObject({
      ok: true,
      value: {
        latitude: 22.54321, longitude: 114.05789, altitude: 100, speedKmh: 50, direction: 90,
        gpsTime: '2024-01-01T12:00:00+08:00', gpsTimeMs: Date.UTC(2024, 0, 1, 4), fixed: true, accOn: true,
      },
    });
  });

  it('takes the hemisphere from status bits 2 (south) and 3 (west)', () => {
    const at = (status: number) => {
      const r = decodeLocation(fromHex(basic(status, 33_868_820, 151_209_290)));
      if (!r.ok) throw new Error(r.detail);
      return [r.value.latitude, r.value.longitude];
    };
    expect(at(0b0000)).toEqual([33.86882, 151.20929]);
    expect(at(0b0100)).toEqual([-33.86882, 151.20929]);
    expect(at(0b1000)).toEqual([33.86882, -151.20929]);
    expect(at(0b1100)).toEqual([-33.86882, -151.20929]);
  });

  it('writes the hemisphere bits from the signs and never a negative DWORD', () => {
    const body = encodeLocation({ latitude: -33.86882, longitude: -151.20929, statusFlags: 0b10, gpsTime: Date.UTC(2024, 0, 1) });
    // 33868820 = 0x0204cc14, 151209290 = 0x0903454a, status 0b1110
    expect(toHex(body.subarray(4, 16))).toBe('0000000e' + '0204cc14' + '0903454a');
  });

  it('refuses swapped coordinates and DWORDs that were meant as signed values', () => {
    expect(decodeLocation(fromHex(basic(0, 116_307_629, 40_058_359)))).toMatchObject({ ok: false, reason: 'invalid-coordinates' });
    expect(decodeLocation(fromHex(basic(0, 22_000_000, 180_000_001)))).toMatchObject({ ok: false, reason: 'invalid-coordinates' });
    expect(decodeLocation(fromHex(basic(0, 0xfeb0b6c0, 114_000_000)))).toMatchObject({ ok: false, reason: 'invalid-coordinates' });
    expect(decodeLocation(fromHex(basic(0, 90_000_000, 180_000_000))).ok).toBe(true);
  });

  it('refuses times that are not real BCD dates', () => {
    for (const t of ['241301120000', '240230120000', '2401011200ff', '240101240000', '000000000000']) {
      expect(decodeLocation(fromHex(basic(0, 1, 1, t))), t).toMatchObject({ ok: false, reason: 'invalid-time' });
    }
    expect(decodeLocation(fromHex(basic(0, 1, 1, '240229235959'))).ok).toBe(true);
  });

  it('refuses a body shorter than 28 bytes', () => {
    expect(decodeLocation(fromHex(basic(0, 1, 1)).subarray(0, 27))).toMatchObject({ ok: false, reason: 'truncated' });
    expect(decodeLocation(new Uint8Array(0))).toMatchObject({ ok: false, reason: 'truncated' });
  });
});

describe('additional items', () => {
  it('decodes the platform’s items in display units', () => {
    const items = fromHex('0104000024c7' + '02020037' + '03020038' + '250400000017' + '2a0200f4' + '300117' + '31011b');
    expect(decodeLocationItems(items)).toEqual({
      extras: { mileageKm: 941.5, fuelLitres: 5.5, recorderSpeedKmh: 5.6, extendedStatus: 23, ioStatus: 244, signalStrength: 23, satellites: 27 },
      items: [
        { id: 0x01, hex: '000024c7' }, { id: 0x02, hex: '0037' }, { id: 0x03, hex: '0038' }, { id: 0x25, hex: '00000017' },
        { id: 0x2a, hex: '00f4' }, { id: 0x30, hex: '17' }, { id: 0x31, hex: '1b' },
      ],
      issues: [],
    });
  });

  it('keeps unknown items raw', () => {
    expect(decodeLocationItems(fromHex('eb0700050001016708')).items).toEqual([{ id: 0xeb, hex: '00050001016708' }]);
  });

  it('uses the first of repeated ids and reports the rest', () => {
    const r = decodeLocationItems(fromHex('300117' + '30011f'));
    expect(r.extras.signalStrength).toBe(23);
    expect(r.items).toHaveLength(2);
    expect(r.issues).toMatchObject([{ id: 0x30, kind: 'duplicate' }]);
  });

  it('keeps what is valid when an item declares more bytes than remain', () => {
    const r = decodeLocationItems(fromHex('300117' + 'f6041450'));
    expect(r.extras).toEqual({ signalStrength: 23 });
    expect(r.issues).toMatchObject([{ id: 0xf6, kind: 'truncated' }]);
    expect(decodeLocationItems(fromHex('300117' + '31')).issues).toMatchObject([{ id: 0x31, kind: 'truncated' }]);
  });

  it('does not read a standard item of the wrong length as a value', () => {
    const r = decodeLocationItems(fromHex('01020064' + '1100' + '12050000000001'));
    expect(r.extras).toEqual({});
    expect(r.issues.map((i) => [i.id, i.kind])).toEqual([[0x01, 'bad-length'], [0x11, 'bad-length'], [0x12, 'bad-length']]);
  });

  it('refuses nothing and throws nothing for 100,000 random item lists', () => {
    const rnd = xorshift(7);
    for (let n = 0; n < 100_000; n++) {
      const bytes = Uint8Array.from({ length: rnd() % 64 }, () => rnd() & 0xff);
      const r = decodeLocationItems(bytes);
      // plain check: expect() per iteration would dominate the run time
      if (r.items.reduce((s, i) => s + 2 + i.hex.length / 2, 0) > bytes.length) throw new Error(`items overrun at ${n}`);
    }
  });
});

describe('0x0704 and 0x0201', () => {
  const good = encodeLocation({ latitude: 22.5, longitude: 114, gpsTime: Date.UTC(2024, 0, 1) });
  const swapped = fromHex(basic(0, 116_000_000, 40_000_000));

  it('judges each position of a batch on its own', () => {
    const r = decodeBatchLocation(encodeBatchLocation(1, [good, swapped, good]));
    if (!r.ok) throw new Error(r.detail);
    expect(r.value.batchType).toBe(1);
    expect(r.value.positions.map((p) => p.ok)).toEqual([true, false, true]);
    expect(r.value.issue).toBeUndefined();
  });

  it('keeps the complete positions of a batch that is cut short or overlong', () => {
    const body = encodeBatchLocation(0, [good, good]);
    const short = decodeBatchLocation(body.subarray(0, body.length - 3));
    expect(short.ok && short.value.positions.length).toBe(1);
    expect(short.ok && short.value.issue).toMatch(/position 2/);
    const miscounted = body.slice();
    miscounted[1] = 3;
    expect(decodeBatchLocation(miscounted)).toMatchObject({ ok: true, value: { issue: 'declares 3 positions, holds 2' } });
    expect(decodeBatchLocation(fromHex('0001'))).toMatchObject({ ok: false, reason: 'truncated' });
  });

  it('keeps the reply serial of 0x0201 even when its position is refused', () => {
    const r = decodeLocationQueryResponse(new Uint8Array([0x12, 0x34, ...swapped]));
    expect(r).toMatchObject({ ok: true, value: { replySerial: 0x1234, location: { ok: false, reason: 'invalid-coordinates' } } });
  });
});

describe('100,000 random but valid 0x0200 frames', () => {
  it('decode without throwing, each to the position that was sent', () => {
    const rnd = xorshift(808);
    for (let n = 0; n < 100_000; n++) {
      const lat = ((rnd() % 180_000_001) - 90_000_000) / 1e6;
      const lon = ((rnd() % 360_000_001) - 180_000_000) / 1e6;
      const items = Array.from({ length: rnd() % 4 }, () => ({ id: 0xe0 + (rnd() % 32), hex: (rnd() >>> 0).toString(16).padStart(8, '0').slice(0, 2 * (rnd() % 5)) }));
      const body = encodeLocation({
        alarmFlags: rnd() >>> 0, statusFlags: rnd() >>> 0, latitude: lat, longitude: lon,
        altitude: rnd() & 0xffff, speedKmh: (rnd() & 0xffff) / 10, direction: rnd() % 360,
        gpsTime: Date.UTC(2000, 0, 1) + (rnd() % 3_000_000_000) * 1000,
        extras: n % 2 ? { mileageKm: (rnd() >>> 0) / 10, satellites: rnd() & 0xff } : {}, items,
      });
      const frame = encodeFrame({ msgId: 0x0200, phone: String(13800000000 + (n % 1000)), serial: n & 0xffff, edition: n % 3 ? '2013' : '2019', body });
      const f = decodeFrame(frame);
      if (!f.ok) throw new Error(`frame ${n}: ${f.detail}`);
      const m = decodeTerminalMessage(f.value);
      if (!m.ok || m.value.type !== 'location') throw new Error(`message ${n}: ${JSON.stringify(m)}`);
      if (Math.abs(m.value.value.latitude - lat) > 1e-9 || Math.abs(m.value.value.longitude - lon) > 1e-9) throw new Error(`position ${n}`);
    }
  }, 60_000);

  it('random bytes as a 0x0200 body never throw', () => {
    const rnd = xorshift(1);
    for (let n = 0; n < 100_000; n++) {
      const r = decodeLocation(Uint8Array.from({ length: rnd() % 80 }, () => rnd() & 0xff));
      if (typeof r.ok !== 'boolean') throw new Error(`no result at ${n}`);
    }
  });
});

/** Small deterministic PRNG so the fuzz loops are fast and reproducible. */
function xorshift(seed: number): () => number {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}
