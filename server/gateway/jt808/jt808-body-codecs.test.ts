import { describe, expect, it } from 'vitest';
import { decodeAuth, encodeAuth } from './jt808-auth-codec';
import { decodeBcdTime, encodeBcdTime, fromHex, normalizePhone, toHex } from './jt808-bcd';
import {
  decodeTemporaryTracking, decodeVehicleControl, encodeTemporaryTracking, encodeTerminalControl, encodeTextMessage, encodeVehicleControl,
} from './jt808-command-codec';
import { decodeFrame, encodeFrame } from './jt808-frame-codec';
import { decodePaddedText, decodeGbk, encodeGbk } from './jt808-gbk';
import { encodeGeneralResponse } from './jt808-general-response-codec';
import { Jt808MsgId, Jt808RegisterResult } from './jt808-msg-id';
import { Jt808ParamId, decodeSetParams, encodeSetParams } from './jt808-param-codec';
import { decodeRegister, encodeRegisterResponse } from './jt808-register-codec';
import { decodeTerminalMessage } from './jt808-terminal-message-codec';

describe('platform → terminal encoders, hand-checked', () => {
  it('0x8001 general response', () => {
    expect(toHex(encodeGeneralResponse({ replySerial: 100, replyMsgId: 0x0200, result: 0 }))).toBe('0064' + '0200' + '00');
  });

  it('0x8100 carries the auth code only on success', () => {
    expect(toHex(encodeRegisterResponse({ replySerial: 100, result: 0, authCode: '123456' }))).toBe('0064' + '00' + '313233343536');
    expect(toHex(encodeRegisterResponse({ replySerial: 100, result: Jt808RegisterResult.TerminalUnknown, authCode: 'x' }))).toBe('006404');
  });

  it('0x8103 sets the report intervals', () => {
    const body = encodeSetParams([
      { id: Jt808ParamId.DefaultReportInterval, type: 'dword', value: 30 },
      { id: Jt808ParamId.SleepReportInterval, type: 'dword', value: 300 },
      { id: 0x0013, type: 'string', value: 'gps.example.cn' },
    ]);
    expect(toHex(body)).toBe('03' + '00000029' + '04' + '0000001e' + '00000027' + '04' + '0000012c' + '00000013' + '0e' + toHex(new TextEncoder().encode('gps.example.cn')));
    expect(decodeSetParams(body)).toMatchObject({ ok: true, value: [{ id: 0x29, value: 30 }, { id: 0x27, value: 300 }, { id: 0x13, value: 'gps.example.cn' }] });
    expect(decodeSetParams(body.subarray(0, 10))).toMatchObject({ ok: false, reason: 'truncated' });
  });

  it('0x8300 text in GBK, with the 2019 type byte', () => {
    expect(toHex(encodeTextMessage({ flag: 0x08, text: '你好A' }, '2013'))).toBe('08' + 'c4e3bac3' + '41');
    expect(toHex(encodeTextMessage({ flag: 0x08, text: '你好A' }, '2019'))).toBe('08' + '01' + 'c4e3bac3' + '41');
  });

  it('0x8202 temporary tracking', () => {
    expect(toHex(encodeTemporaryTracking({ intervalSec: 30, validitySec: 3600 }))).toBe('001e' + '00000e10');
    expect(decodeTemporaryTracking(fromHex('0000'))).toEqual({ ok: true, value: { intervalSec: 0, validitySec: 0 } });
  });

  it('0x8105 terminal control', () => {
    expect(toHex(encodeTerminalControl({ command: 4 }))).toBe('04');
    expect(toHex(encodeTerminalControl({ command: 1, params: ';apn;' }))).toBe('01' + '3b61706e3b');
  });

  it('0x8500 door control, which the two editions encode the opposite way round', () => {
    expect(toHex(encodeVehicleControl({ doorLocked: true }, '2013'))).toBe('01');
    expect(toHex(encodeVehicleControl({ doorLocked: false }, '2013'))).toBe('00');
    expect(toHex(encodeVehicleControl({ doorLocked: true }, '2019'))).toBe('0001' + '0001' + '00');
    expect(toHex(encodeVehicleControl({ doorLocked: false }, '2019'))).toBe('0001' + '0001' + '01');
    expect(() => encodeVehicleControl({ flag: 1 }, '2019')).toThrow(RangeError);
    expect(() => encodeVehicleControl({ controls: [] }, '2013')).toThrow(RangeError);
    expect(decodeVehicleControl(fromHex('0001000100'), '2019')).toEqual({ ok: true, value: { controls: [{ id: 1, params: Uint8Array.of(0) }] } });
    expect(decodeVehicleControl(fromHex('00020001'), '2019')).toMatchObject({ ok: false, reason: 'truncated' });
  });

  it('0x8201 query location is an empty body', () => {
    const f = decodeFrame(encodeFrame({ msgId: Jt808MsgId.QueryLocation, phone: '13800000001', serial: 5, edition: '2019' }));
    expect(f.ok && f.value.body.length).toBe(0);
  });
});

describe('0x0100 / 0x0102 terminal texts', () => {
  it('trims 0x00, space and ASCII-zero padding but keeps numeric ids', () => {
    const pad = (s: string, n: number, fill = 0) => new Uint8Array([...encodeGbk(s), ...new Array(n - encodeGbk(s).length).fill(fill)]);
    expect(decodePaddedText(pad('yzh', 11))).toBe('yzh');
    expect(decodePaddedText(encodeGbk('000Koike002'))).toBe('Koike002');
    expect(decodePaddedText(encodeGbk('BSJ-M7B '))).toBe('BSJ-M7B');
    expect(decodePaddedText(encodeGbk('0000000'))).toBe('');
    expect(decodePaddedText(encodeGbk('0567872'))).toBe('0567872');
    expect(decodePaddedText(pad('', 7))).toBe('');
  });

  it('picks the 2011 layout for a short body and refuses a body too short for any layout', () => {
    expect(decodeRegister(fromHex('002c012f373031313142534a2d4d3742203030303030303001d4c1423838383838'), '2013')).toMatchObject({ ok: true, value: { layout: '2011', model: 'BSJ-M7B', plate: '粤B88888' } });
    expect(decodeRegister(fromHex('002c012f3730'), '2013')).toMatchObject({ ok: false, reason: 'truncated' });
    expect(decodeRegister(new Uint8Array(40), '2019')).toMatchObject({ ok: false, reason: 'truncated' });
  });

  it('counts the 2019 auth-code length in GBK bytes', () => {
    const body = encodeAuth({ authCode: '鉴权码1', imei: '861234567890123', softwareVersion: '1.0' }, '2019');
    expect(body[0]).toBe(7);
    expect(body).toHaveLength(1 + 7 + 15 + 20);
    expect(decodeAuth(body.subarray(0, 20), '2019')).toMatchObject({ ok: false, reason: 'truncated' });
  });
});

describe('GBK and BCD helpers', () => {
  it('encodes GBK the way Node decodes it', () => {
    expect(toHex(encodeGbk('粤A12345'))).toBe('d4c1413132333435');
    expect(decodeGbk(encodeGbk('测试123@456#abc+结束'))).toBe('测试123@456#abc+结束');
    expect(toHex(encodeGbk('😀'))).toBe('3f');
  });

  it('normalises phone numbers by their zero padding only', () => {
    expect(normalizePhone('013800000001')).toBe('13800000001');
    expect(normalizePhone('00000000013800000001')).toBe('13800000001');
    expect(normalizePhone('000000000000')).toBe('0');
  });

  it('reads and writes BCD time in UTC+8', () => {
    expect(decodeBcdTime(fromHex('180715101010'))).toEqual({ iso: '2018-07-15T10:10:10+08:00', ms: Date.UTC(2018, 6, 15, 2, 10, 10) });
    expect(toHex(encodeBcdTime(Date.UTC(2018, 6, 14, 16, 0, 0)))).toBe('180715000000');
    expect(() => encodeBcdTime(Date.UTC(1999, 0, 1))).toThrow(RangeError);
  });
});

describe('decodeTerminalMessage', () => {
  const frame = (msgId: number, body: Uint8Array, extra: { encryption?: number; subpackage?: { total: number; index: number } } = {}) => {
    const r = decodeFrame(encodeFrame({ msgId, phone: '13800000001', serial: 1, edition: '2013', body, ...extra }));
    if (!r.ok) throw new Error(r.detail);
    return r.value;
  };

  it('dispatches by message id', () => {
    expect(decodeTerminalMessage(frame(0x0002, new Uint8Array(0)))).toEqual({ ok: true, value: { type: 'heartbeat' } });
    expect(decodeTerminalMessage(frame(0x0003, new Uint8Array(0)))).toEqual({ ok: true, value: { type: 'logout' } });
    expect(decodeTerminalMessage(frame(0x0102, encodeGbk('abc')))).toEqual({ ok: true, value: { type: 'auth', value: { authCode: 'abc' } } });
    expect(decodeTerminalMessage(frame(0x0001, fromHex('0001810300')))).toMatchObject({ ok: true, value: { type: 'general-response', value: { replyMsgId: 0x8103 } } });
    expect(decodeTerminalMessage(frame(0x0900, fromHex('f1')))).toMatchObject({ ok: true, value: { type: 'other', msgId: 0x0900 } });
  });

  it('passes body refusals through and refuses encrypted bodies and lone sub-packages', () => {
    expect(decodeTerminalMessage(frame(0x0200, new Uint8Array(10)))).toMatchObject({ ok: false, reason: 'truncated' });
    expect(decodeTerminalMessage(frame(0x0200, new Uint8Array(28), { encryption: 1 }))).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(decodeTerminalMessage(frame(0x0200, new Uint8Array(28), { subpackage: { total: 2, index: 1 } }))).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});
