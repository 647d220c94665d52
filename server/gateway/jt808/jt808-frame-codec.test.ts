import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './jt808-bcd';
import { escapeJt808, unescapeJt808 } from './jt808-escape';
import { JT808_MAX_BODY, decodeFrame, encodeFrame } from './jt808-frame-codec';
import { decodeLocation } from './jt808-location-codec';
import { loadVectors } from '../testing/jt808-test-vectors';

const vectorHex = new Map(loadVectors().map((v) => [v.id, v.hex]));

function decodeHex(hex: string, options?: { ignoreCheckCode?: boolean }) {
  return decodeFrame(fromHex(hex), options);
}

describe('encodeFrame / decodeFrame, hand-checked', () => {
  it('builds a 2013 heartbeat byte for byte', () => {
    // check code: 02 ^ 01 ^ 38 ^ 01 (phone) ^ 01 (serial) = 3b
    const frame = encodeFrame({ msgId: 0x0002, phone: '13800000001', serial: 1, edition: '2013' });
    expect(toHex(frame)).toBe('7e000200000138000000010001' + '3b7e');
  });

  it('builds a 2019 heartbeat byte for byte', () => {
    // 02 ^ 40 ^ 01 (version) ^ 01 ^ 38 ^ 01 ^ 01 = 7a
    const frame = encodeFrame({ msgId: 0x0002, phone: '013800000001', serial: 1, edition: '2019' });
    expect(toHex(frame)).toBe('7e00024000' + '01' + '00000000013800000001' + '0001' + '7a7e');
  });

  it('escapes a serial of 0x7e7d as 7d02 7d01', () => {
    // 02 ^ 01 ^ 38 ^ 01 ^ 7e ^ 7d = 39
    const frame = encodeFrame({ msgId: 0x0002, phone: '13800000001', serial: 0x7e7d, edition: '2013' });
    expect(toHex(frame)).toBe('7e00020000013800000001' + '7d027d01' + '397e');
    const r = decodeFrame(frame);
    expect(r.ok && r.value.header.serial).toBe(0x7e7d);
  });

  it('writes the 2011 edition with the 2013 header', () => {
    const a = encodeFrame({ msgId: 0x0002, phone: '13800000001', serial: 1, edition: '2011' });
    const b = encodeFrame({ msgId: 0x0002, phone: '13800000001', serial: 1, edition: '2013' });
    expect(toHex(a)).toBe(toHex(b));
  });

  it('sets the attribute bits for encryption and sub-packages', () => {
    const frame = encodeFrame({
      msgId: 0x0801, phone: '1234567890', serial: 734, edition: '2013',
      body: fromHex('2808000102'), subpackage: { total: 26, index: 2 },
    });
    expect(toHex(frame)).toBe(vectorHex.get('go-0801-subpackage-valid'));
    const rsa = decodeFrame(encodeFrame({ msgId: 0x0801, phone: '1', serial: 0, edition: '2013', body: fromHex('00'), encryption: 1 }));
    expect(rsa.ok && rsa.value.header.encryption).toBe(1);
  });

  it('refuses values the header cannot carry', () => {
    expect(() => encodeFrame({ msgId: 2, phone: '1', serial: 0, edition: '2013', body: new Uint8Array(JT808_MAX_BODY + 1) })).toThrow(RangeError);
    expect(() => encodeFrame({ msgId: 2, phone: '1234567890123', serial: 0, edition: '2013' })).toThrow(RangeError);
    expect(() => encodeFrame({ msgId: 2, phone: '13x', serial: 0, edition: '2013' })).toThrow(RangeError);
    expect(() => encodeFrame({ msgId: 2, phone: '1', serial: 0x10000, edition: '2013' })).toThrow(RangeError);
  });
});

describe('terminal phone numbers', () => {
  it('gives the 12-digit 2013 and the 20-digit 2019 BCD of one terminal the same number', () => {
    const a = decodeFrame(encodeFrame({ msgId: 2, phone: '013800000001', serial: 0, edition: '2013' }));
    const b = decodeFrame(encodeFrame({ msgId: 2, phone: '00000000013800000001', serial: 0, edition: '2019' }));
    if (!a.ok || !b.ok) throw new Error('decode failed');
    expect(a.value.header.phoneBcd).toBe('013800000001');
    expect(b.value.header.phoneBcd).toBe('00000000013800000001');
    expect(a.value.header.phone).toBe('13800000001');
    expect(b.value.header.phone).toBe(a.value.header.phone);
  });

  it('keeps a full 20-digit 2019 number intact', () => {
    const r = decodeFrame(encodeFrame({ msgId: 2, phone: '12345678901234567890', serial: 0, edition: '2019' }));
    expect(r.ok && r.value.header.phone).toBe('12345678901234567890');
  });

  it('writes a padded 2019 number into the 2013 field when the padding allows', () => {
    const r = decodeFrame(encodeFrame({ msgId: 2, phone: '00000000013800000001', serial: 0, edition: '2013' }));
    expect(r.ok && r.value.header.phoneBcd).toBe('013800000001');
  });
});

describe('refused frames', () => {
  const good = '7e000200000138000000010001' + '3b7e';

  it('refuses a wrong check code', () => {
    const r = decodeHex(good.replace(/3b7e$/, '3c7e'));
    expect(!r.ok && r.reason).toBe('bad-check-code');
  });

  it('refuses a phone that is not BCD, which no reply could be addressed to', () => {
    // phone 01d800000001, check code recomputed so only the phone is wrong
    const content = fromHex('00020000' + '01d800000001' + '0001' + '00');
    content[content.length - 1] = content.slice(0, -1).reduce((a, b) => a ^ b, 0);
    const r = decodeFrame(Uint8Array.of(0x7e, ...escapeJt808(content), 0x7e));
    expect(r).toMatchObject({ ok: false, reason: 'bad-phone' });
    const edition2019 = encodeFrame({ msgId: 0x0002, phone: '13800000001', serial: 1, edition: '2019' });
    const bad = unescapeJt808(edition2019.subarray(1, -1));
    if (!bad.ok) throw new Error('fixture');
    bad.value[5] = 0xa0; // first phone byte of the 2019 header
    bad.value[bad.value.length - 1] = bad.value.slice(0, -1).reduce((a, b) => a ^ b, 0);
    expect(decodeFrame(Uint8Array.of(0x7e, ...escapeJt808(bad.value), 0x7e))).toMatchObject({ ok: false, reason: 'bad-phone' });
  });

  it('refuses a body-length mismatch', () => {
    // declares 1 body byte, carries none; check code recomputed so only the length is wrong
    const r = decodeHex('7e00020001013800000001000' + '13a7e'); // 02^01^01^38^01^01 = 3a
    expect(!r.ok && r.reason).toBe('body-length-mismatch');
  });

  it('refuses a truncated header, including a 2019 flag on a 2013-sized header', () => {
    expect(decodeHex('7e01017e')).toMatchObject({ ok: false, reason: 'truncated-header' });
    expect(decodeHex('7e')).toMatchObject({ ok: false, reason: 'truncated-header' });
    expect(decodeHex('')).toMatchObject({ ok: false, reason: 'truncated-header' });
    // attributes 0x4000 want a 17-byte header; 12 bytes + check code present
    const content = fromHex('000240000138000000010001');
    const cs = content.reduce((x, b) => x ^ b, 0);
    expect(decodeHex('7e' + toHex(content) + cs.toString(16).padStart(2, '0') + '7e')).toMatchObject({ ok: false, reason: 'truncated-header' });
  });

  it('refuses a bad escape and a raw 0x7e inside the frame', () => {
    expect(decodeHex('7e0002000001380000007d0300013b7e')).toMatchObject({ ok: false, reason: 'bad-escape' });
    expect(decodeFrame(fromHex('7e00027e00013800000001000178'))).toMatchObject({ ok: false, reason: 'bad-escape' });
  });

  it('refuses an oversized frame', () => {
    const big = new Uint8Array(3000).fill(0x11);
    expect(decodeFrame(big)).toMatchObject({ ok: false, reason: 'oversized' });
    // every body byte escaped still fits; one byte more than the protocol allows does not
    const escapedBody = escapeJt808(new Uint8Array(JT808_MAX_BODY).fill(0x7e));
    expect(escapedBody).toHaveLength(2 * JT808_MAX_BODY);
    const max = encodeFrame({ msgId: 0x0801, phone: '1', serial: 0, edition: '2019', body: new Uint8Array(JT808_MAX_BODY).fill(0x7e), subpackage: { total: 2, index: 1 } });
    expect(decodeFrame(max).ok).toBe(true);
  });

  it('accepts a 0x7d check code sent unescaped right before the end flag (known device bug)', () => {
    const r = decodeHex(vectorHex.get('go-lenient-unescaped-7d')!);
    expect(r.ok).toBe(true);
    // but not a lone 0x7d anywhere else
    expect(unescapeJt808(fromHex('7d00'))).toMatchObject({ ok: false, reason: 'bad-escape' });
  });
});

describe('captures with a wrong check code (decision: refused; inspectable with ignoreCheckCode)', () => {
  it('smallchi device capture: refused; its two 0x00 items would be kept, the first one used', () => {
    const hex = vectorHex.get('smallchi-0200-device-unknown-items')!;
    expect(decodeHex(hex)).toMatchObject({ ok: false, reason: 'bad-check-code' });
    const r = decodeHex(hex, { ignoreCheckCode: true });
    if (!r.ok) throw new Error(r.detail);
    const loc = decodeLocation(r.value.body);
    if (!loc.ok) throw new Error(loc.detail);
    expect(loc.value.items.filter((i) => i.id === 0x00).map((i) => i.hex)).toEqual(['00ce0b29', '00b222222222222222222222']);
    expect(loc.value.itemIssues).toEqual([expect.objectContaining({ id: 0x00, kind: 'duplicate' })]);
    expect(loc.value.extras).toMatchObject({ mileageKm: 941.5, signalStrength: 23, satellites: 27 });
  });

  it('smallchi truncated capture: refused; the 18 complete items would be kept and the last one dropped', () => {
    const hex = vectorHex.get('smallchi-0200-truncated-last-item')!;
    expect(decodeHex(hex)).toMatchObject({ ok: false, reason: 'bad-check-code' });
    const r = decodeHex(hex, { ignoreCheckCode: true });
    if (!r.ok) throw new Error(r.detail);
    const loc = decodeLocation(r.value.body);
    if (!loc.ok) throw new Error(loc.detail);
    expect(loc.value.items).toHaveLength(18);
    expect(loc.value.itemIssues).toEqual([expect.objectContaining({ id: 0xf6, kind: 'truncated' })]);
  });

  it('traccar capture: refused for its check code, and for its body length even when the check code is ignored', () => {
    const hex = vectorHex.get('traccar-0200-signal-satellites')!;
    expect(decodeHex(hex)).toMatchObject({ ok: false, reason: 'bad-check-code' });
    expect(decodeHex(hex, { ignoreCheckCode: true })).toMatchObject({ ok: false, reason: 'body-length-mismatch' });
  });
});
