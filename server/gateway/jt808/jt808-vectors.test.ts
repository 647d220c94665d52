import { describe, expect, it } from 'vitest';
import { decodeAuth, encodeAuth } from './jt808-auth-codec';
import { fromHex, toHex } from './jt808-bcd';
import { decodeBatchLocation, decodeLocationQueryResponse } from './jt808-batch-location-codec';
import { decodeTemporaryTracking, decodeTerminalControl, decodeTextMessage, encodeTemporaryTracking, encodeTextMessage } from './jt808-command-codec';
import { type Jt808Frame, type Jt808FrameError, decodeFrame, encodeFrame } from './jt808-frame-codec';
import { encodeGbk } from './jt808-gbk';
import { decodeGeneralResponse, encodeGeneralResponse } from './jt808-general-response-codec';
import { type Jt808Location, decodeLocation, encodeLocation } from './jt808-location-codec';
import { decodeSetParams, encodeSetParams, type Jt808ParamValue } from './jt808-param-codec';
import { decodeRegister, decodeRegisterResponse, encodeRegister, encodeRegisterResponse } from './jt808-register-codec';
import { type Jt808Vector, type VectorBody, type VectorExtras, type VectorLocation, loadVectors } from '../testing/jt808-test-vectors';

const vectors = loadVectors();

/**
 * Decision: the gateway is strict. A frame with a wrong check code or body length is refused
 * (and, on the wire, simply not acknowledged) even when a library decodes it leniently — a
 * corrupted position must not be stored and acknowledged as if it were true.
 */
const REFUSED: Record<string, Jt808FrameError> = {
  'go-neg-bad-checksum': 'bad-check-code',
  'go-neg-body-length': 'body-length-mismatch',
  'go-neg-truncated': 'truncated-header',
  // device captures that their sources only decode with check-code verification switched off
  'smallchi-0200-device-unknown-items': 'bad-check-code',
  'smallchi-0200-truncated-last-item': 'bad-check-code',
  // wrong check code and body length 50 declared for 40 bytes; the check code is tested first
  'traccar-0200-signal-satellites': 'bad-check-code',
};

/** Fixtures with latitude and longitude swapped (latitude > 90): the frame is fine, the position is refused. */
const SWAPPED = new Set([
  'go-0200-escaped-latitude', 'go-0704-2013', 'go-0200-all-known-extras',
  'yzh-0200-2019-attributes', 'yzh-0704-2013', 'go-neg-extra-length-mismatch',
]);

/** The one frame that differs when re-encoded: its 0x7d check code was sent unescaped. */
const NOT_CANONICAL = new Set(['go-lenient-unescaped-7d']);

function frameOf(v: Jt808Vector): Jt808Frame {
  const r = decodeFrame(fromHex(v.hex));
  if (!r.ok) throw new Error(`${v.id}: ${r.reason} ${r.detail}`);
  return r.value;
}

describe('JT/T 808 vectors', () => {
  it('loads all 97 captures', () => {
    expect(vectors).toHaveLength(97);
  });

  it('refuses exactly the frames the independent verification found broken', () => {
    const broken = vectors.filter((v) => v.verification.checksumOk === false || v.verification.bodyLengthOk === false || v.verification.frameError);
    expect(broken.map((v) => v.id).sort()).toEqual(Object.keys(REFUSED).sort());
  });

  it('marks as swapped exactly the positions with latitude above 90', () => {
    const swapped = vectors.filter((v) => {
      const d = v.verification.decoded;
      const locs = [d?.location, ...(Array.isArray(d?.positions) ? d.positions.map((p) => p.location) : [])];
      return !(v.id in REFUSED) && locs.some((l) => l?.latRaw !== undefined && l.latRaw > 90e6);
    });
    expect(swapped.map((v) => v.id).sort()).toEqual([...SWAPPED].sort());
  });

  describe.each(vectors.map((v) => [v.id, v] as const))('%s', (_id, v) => {
    const refused = REFUSED[v.id];
    if (refused) {
      it(`is refused as ${refused}`, () => {
        const r = decodeFrame(fromHex(v.hex));
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.reason).toBe(refused);
      });
      return;
    }

    it('decodes the header the sources assert', () => {
      const { header } = frameOf(v);
      const h = v.verification.header!;
      expect(header.msgId).toBe(parseInt(h.msgId, 16));
      expect(header.attributes).toBe(parseInt(h.attributes, 16));
      expect(header.bodyLength).toBe(h.bodyLength);
      expect(header.encryption).toBe(h.encryption);
      expect(header.versionFlag).toBe(h.versionFlag);
      expect(header.protocolVersion).toBe(h.protocolVersion);
      expect(header.phoneBcd).toBe(h.phone);
      expect(header.serial).toBe(h.serial);
      expect(header.subpackage ?? false).toEqual(h.subpackage);
      const e = v.expect;
      if (e.msgId) expect(header.msgId).toBe(parseInt(e.msgId, 16));
      if (e.serial !== undefined) expect(header.serial).toBe(e.serial);
      if (e.phone !== undefined) expect([header.phone, header.phoneBcd]).toContain(e.phone);
      if (e.versionFlag !== undefined) expect(header.versionFlag).toBe(e.versionFlag);
      if (e.protocolVersion !== undefined) expect(header.protocolVersion).toBe(e.protocolVersion);
      if (e.bodyLength !== undefined) expect(header.bodyLength).toBe(e.bodyLength);
      if (e.encryption !== undefined) expect(header.encryption).toBe(e.encryption);
      if (e.subpackage !== undefined) expect(header.subpackage ?? false).toEqual(e.subpackage);
    });

    it('re-encodes to the same bytes', () => {
      const { header, body } = frameOf(v);
      const again = encodeFrame({
        msgId: header.msgId,
        phone: header.phoneBcd,
        serial: header.serial,
        edition: header.edition,
        body,
        encryption: header.encryption,
        ...(header.subpackage && { subpackage: header.subpackage }),
        ...(header.protocolVersion !== undefined && { protocolVersion: header.protocolVersion }),
      });
      if (NOT_CANONICAL.has(v.id)) expect(toHex(again)).not.toBe(v.hex);
      else expect(toHex(again)).toBe(v.hex);
    });

    it('decodes the body the sources assert', () => {
      checkBody(v, frameOf(v));
    });
  });
});

function checkBody(v: Jt808Vector, frame: Jt808Frame): void {
  const { header, body } = frame;
  const e = v.expect;
  const d = v.verification.decoded ?? {};
  switch (header.msgId) {
    case 0x0100: return checkRegister(v, frame);
    case 0x0102: {
      const r = decodeAuth(body, header.edition);
      if (!r.ok) throw new Error(r.detail);
      for (const src of [e, d]) {
        if (src.authCode !== undefined) expect(r.value.authCode).toBe(src.authCode);
        if (src.imei !== undefined) expect(r.value.imei).toBe(src.imei);
        if (src.softwareVersion !== undefined) expect(r.value.softwareVersion).toBe(src.softwareVersion);
        if (src.authCodeLength !== undefined) expect(encodeGbk(r.value.authCode).length).toBe(src.authCodeLength);
      }
      expect(toHex(encodeAuth(r.value, header.edition))).toBe(toHex(body));
      return;
    }
    case 0x0001:
    case 0x8001: {
      const r = decodeGeneralResponse(body);
      if (!r.ok) throw new Error(r.detail);
      // francistm names the fields the wrong way round; its bytes follow the standard, so trust `decoded`
      const sources = v.id.startsWith('francistm') ? [d] : [e, d];
      for (const src of sources) {
        if (src.replySerial !== undefined) expect(r.value.replySerial).toBe(src.replySerial);
        if (src.replyMsgId !== undefined) expect(r.value.replyMsgId).toBe(parseInt(src.replyMsgId, 16));
        if (src.result !== undefined) expect(r.value.result).toBe(src.result);
      }
      expect(toHex(encodeGeneralResponse(r.value))).toBe(toHex(body));
      return;
    }
    case 0x8100: {
      const r = decodeRegisterResponse(body);
      if (!r.ok) throw new Error(r.detail);
      for (const src of [e, d]) {
        if (src.replySerial !== undefined) expect(r.value.replySerial).toBe(src.replySerial);
        if (src.result !== undefined) expect(r.value.result).toBe(src.result);
        if (src.authCode !== undefined) expect(r.value.authCode ?? null).toBe(src.authCode);
      }
      expect(toHex(encodeRegisterResponse(r.value))).toBe(toHex(body));
      return;
    }
    case 0x0200: {
      const r = decodeLocation(body);
      if (SWAPPED.has(v.id)) return checkSwapped(v, body);
      if (!r.ok) throw new Error(`${r.reason}: ${r.detail}`);
      for (const src of [e, d]) checkLocation(r.value, src.location, src);
      expect(toHex(reencodeLocation(r.value))).toBe(toHex(body));
      return;
    }
    case 0x0201: {
      const r = decodeLocationQueryResponse(body);
      if (!r.ok) throw new Error(r.detail);
      expect(r.value.replySerial).toBe(e.replySerial ?? d.replySerial);
      const loc = r.value.location;
      if (!loc.ok) throw new Error(loc.detail);
      for (const src of [e, d]) checkLocation(loc.value, src.location, src);
      return;
    }
    case 0x0704: {
      const r = decodeBatchLocation(body);
      if (!r.ok) throw new Error(r.detail);
      expect(r.value.issue).toBeUndefined();
      for (const src of [e, d]) {
        if (src.count !== undefined) expect(r.value.positions).toHaveLength(src.count);
        if (src.batchType !== undefined) expect(r.value.batchType).toBe(src.batchType);
        if (!Array.isArray(src.positions)) continue;
        src.positions.forEach((p, i) => {
          const pos = r.value.positions[i]!;
          if (SWAPPED.has(v.id)) {
            expect(pos.ok).toBe(false);
            if (!pos.ok) expect(pos.reason).toBe('invalid-coordinates');
            return;
          }
          if (!pos.ok) throw new Error(pos.detail);
          checkLocation(pos.value, p.location, p);
        });
      }
      if (v.id === 'traccar-0704-8-positions') expect(r.value.positions.every((p) => p.ok)).toBe(true);
      return;
    }
    case 0x8103: {
      const r = decodeSetParams(body);
      if (!r.ok) throw new Error(r.detail);
      const count = e.paramCount ?? d.paramCount;
      expect(r.value).toHaveLength(count!);
      (d.params ?? e.params ?? []).forEach((p, i) => {
        const ours = r.value[i]!;
        expect(ours.id).toBe(parseInt(p.id, 16));
        expect(ours.hex.length / 2).toBe(p.length);
        expect(ours.value).toBe(p.value);
      });
      const again: Jt808ParamValue[] = r.value.map((p) =>
        typeof p.value === 'string'
          ? { id: p.id, type: 'string', value: p.value }
          : { id: p.id, type: p.hex.length === 2 ? 'byte' : p.hex.length === 4 ? 'word' : 'dword', value: p.value });
      expect(toHex(encodeSetParams(again))).toBe(toHex(body));
      return;
    }
    case 0x8300: {
      const r = decodeTextMessage(body, header.edition);
      if (!r.ok) throw new Error(r.detail);
      for (const src of [e, d]) {
        if (src.textFlag !== undefined) expect(r.value.flag).toBe(src.textFlag);
        if (src.textType !== undefined) expect(r.value.textType).toBe(src.textType);
        if (src.text !== undefined) expect(r.value.text).toBe(src.text);
      }
      expect(toHex(encodeTextMessage(r.value, header.edition))).toBe(toHex(body));
      return;
    }
    case 0x8202: {
      const r = decodeTemporaryTracking(body);
      if (!r.ok) throw new Error(r.detail);
      for (const src of [e, d]) {
        if (src.interval !== undefined) expect(r.value.intervalSec).toBe(src.interval);
        if (src.validity !== undefined) expect(r.value.validitySec).toBe(src.validity);
      }
      // the 2-byte "stop" body is one library's shortcut; we always write the standard 6 bytes
      if (body.length === 6) expect(toHex(encodeTemporaryTracking(r.value))).toBe(toHex(body));
      return;
    }
    case 0x8105: {
      const r = decodeTerminalControl(body);
      if (!r.ok) throw new Error(r.detail);
      expect(r.value.command).toBe(e.commandWord);
      if (d.commandParamBytes !== undefined) expect(r.value.paramsHex.length / 2).toBe(d.commandParamBytes);
      return;
    }
    case 0x0002:
    case 0x8104:
    case 0x8201:
      expect(body).toHaveLength(0);
      return;
    case 0x0801:
    case 0x1205:
    case 0x0104:
      // sub-packages and encrypted bodies: header-level vectors (reassembly is tested separately)
      expect(body).toHaveLength(header.bodyLength);
      return;
    default:
      throw new Error(`no body check for ${v.msgId}`);
  }
}

function checkRegister(v: Jt808Vector, { header, body }: Jt808Frame): void {
  const r = decodeRegister(body, header.edition);
  if (!r.ok) throw new Error(r.detail);
  const reg = r.value;
  const e = v.expect;
  const d = v.verification.decoded ?? {};
  if (d.layout) expect(reg.layout).toBe(d.layout);
  for (const src of [e, d]) {
    if (src.province !== undefined) expect(reg.province).toBe(src.province);
    if (src.city !== undefined) expect(reg.city).toBe(src.city);
    if (src.plateColor !== undefined) expect(reg.plateColor).toBe(src.plateColor);
  }
  // the vectors name the 终端ID field as their sources do (terminalId); the codec calls it deviceId
  for (const [field, key] of [['maker', 'maker'], ['model', 'model'], ['deviceId', 'terminalId'], ['plate', 'plate']] as const) {
    // the source's own assertion wins; otherwise either reading of the verification (raw or zero-trimmed)
    const asserted = [e[key], e[`${key}Trimmed`]].filter((x) => x !== undefined);
    const candidates = asserted.length > 0 ? asserted : [d[key], d[`${key}Trimmed`]];
    const clean = candidates.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^[\0 ]+|[\0 ]+$/g, ''));
    expect(clean, field).toContain(reg[field]);
  }
  if (v.assertion.startsWith('encode')) expect(toHex(encodeRegister(reg, reg.layout))).toBe(toHex(body));
}

function checkLocation(loc: Jt808Location, want: VectorLocation | undefined, src: VectorBody | { extras?: VectorExtras }): void {
  if (want) {
    if (want.alarm !== undefined) expect(loc.alarmFlags).toBe(want.alarm);
    if (want.status !== undefined) expect(loc.statusFlags).toBe(want.status);
    if (want.latRaw !== undefined) expect(loc.latitudeRaw).toBe(want.latRaw);
    if (want.lngRaw !== undefined) expect(loc.longitudeRaw).toBe(want.lngRaw);
    if (want.lat !== undefined) expect(Math.abs(loc.latitude)).toBeCloseTo(want.lat, 6);
    if (want.lng !== undefined) expect(Math.abs(loc.longitude)).toBeCloseTo(want.lng, 6);
    if (want.signedLat !== undefined) expect(loc.latitude).toBeCloseTo(want.signedLat, 6);
    if (want.signedLng !== undefined) expect(loc.longitude).toBeCloseTo(want.signedLng, 6);
    if (want.altitude !== undefined) expect(loc.altitude).toBe(want.altitude);
    if (want.speedRaw !== undefined) expect(Math.round(loc.speedKmh * 10)).toBe(want.speedRaw);
    if (want.speedKmh !== undefined) expect(loc.speedKmh).toBeCloseTo(want.speedKmh, 6);
    if (want.direction !== undefined) expect(loc.direction).toBe(want.direction);
    if (want.time !== undefined) {
      expect(loc.gpsTime).toBe(want.time.replace(' ', 'T') + '+08:00');
      expect(loc.gpsTimeMs).toBe(Date.parse(loc.gpsTime));
    }
    // the verification lists these flags only when set
    if ('signedLat' in want) {
      expect(loc.fixed).toBe(want.fixed ?? false);
      expect(loc.accOn).toBe(want.acc ?? false);
      expect(loc.latitude < 0).toBe(want.south ?? false);
      expect(loc.longitude < 0).toBe(want.west ?? false);
    }
  }
  checkExtras(loc, src);
}

const TYPED: Record<string, (l: Jt808Location) => number | undefined> = {
  '0x01': (l) => scaled(l.extras.mileageKm),
  '0x02': (l) => scaled(l.extras.fuelLitres),
  '0x03': (l) => scaled(l.extras.recorderSpeedKmh),
  '0x25': (l) => l.extras.extendedStatus,
  '0x2a': (l) => l.extras.ioStatus,
  '0x30': (l) => l.extras.signalStrength,
  '0x31': (l) => l.extras.satellites,
};

function scaled(v: number | undefined): number | undefined {
  return v === undefined ? undefined : Math.round(v * 10);
}

function checkExtras(loc: Jt808Location, src: VectorBody | { extras?: VectorExtras }): void {
  const ids = loc.items.map((i) => '0x' + i.id.toString(16).padStart(2, '0'));
  for (const [key, value] of Object.entries(src.extras ?? {})) {
    expect(ids, key).toContain(key);
    const typed = TYPED[key];
    if (typed && typeof value === 'number') expect(typed(loc), key).toBe(value);
    else if (typeof value === 'object' && value.hex !== undefined) {
      expect(loc.items.some((i) => i.id === parseInt(key, 16) && i.hex === value.hex), key).toBe(true);
    }
  }
  if (!('extraItemCount' in src) || src.extraItemCount === undefined) return;
  expect(loc.items).toHaveLength(src.extraItemCount);
  const issues = (kind: string) => loc.itemIssues.filter((i) => i.kind === kind).map((i) => '0x' + i.id.toString(16).padStart(2, '0'));
  expect(issues('duplicate')).toEqual(src.duplicateExtraIds ?? []);
  expect(issues('truncated')).toEqual(src.malformedTrailingItem ? [src.malformedTrailingItem] : []);
  expect(issues('bad-length')).toEqual((src.extraLengthViolations ?? []).map((s) => s.split(' ')[0]));
}

/** Rebuilds a 0x0200 body from the decoded value, keeping every item raw in wire order. */
function reencodeLocation(loc: Jt808Location): Uint8Array {
  return encodeLocation({
    alarmFlags: loc.alarmFlags,
    statusFlags: loc.statusFlags,
    latitude: loc.latitude,
    longitude: loc.longitude,
    altitude: loc.altitude,
    speedKmh: loc.speedKmh,
    direction: loc.direction,
    gpsTime: loc.gpsTimeMs,
    items: loc.items,
  });
}

function checkSwapped(v: Jt808Vector, body: Uint8Array): void {
  const r = decodeLocation(body);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.reason).toBe('invalid-coordinates');
  // with the range check off, the raw values are the ones the source asserts
  const raw = decodeLocation(body, { allowInvalidCoordinates: true });
  if (!raw.ok) throw new Error(raw.detail);
  for (const src of [v.expect, v.verification.decoded ?? {}]) checkLocation(raw.value, src.location, src);
}

