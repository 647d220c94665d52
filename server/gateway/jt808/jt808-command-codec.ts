import { toHex } from './jt808-bcd';
import { Jt808ByteWriter } from './jt808-byte-writer';
import { decodeGbk, encodeGbk } from './jt808-gbk';
import { type Jt808Decoded, type Jt808Edition, accept, refuse } from './jt808-types';

/** 0x8300 text message. */
export interface Jt808TextMessage {
  /** Bit flags: 0 emergency, 2 terminal display, 3 TTS read-out, … */
  flag: number;
  /** 2019 only: 1 notice, 2 service message. Default 1. */
  textType?: number;
  text: string;
}

/** Encodes 0x8300: flag BYTE, (2019) type BYTE, GBK text. */
export function encodeTextMessage(msg: Jt808TextMessage, edition: Jt808Edition): Uint8Array {
  const w = new Jt808ByteWriter().u8(msg.flag);
  if (edition === '2019') w.u8(msg.textType ?? 1);
  return w.bytes(encodeGbk(msg.text)).finish();
}

/** Decodes 0x8300 (the simulator's side). */
export function decodeTextMessage(body: Uint8Array, edition: Jt808Edition): Jt808Decoded<Jt808TextMessage> {
  const head = edition === '2019' ? 2 : 1;
  if (body.length < head) return refuse('truncated', `0x8300 body is ${body.length} bytes`);
  const text = decodeGbk(body.subarray(head));
  return accept(edition === '2019' ? { flag: body[0]!, textType: body[1]!, text } : { flag: body[0]!, text });
}

/** 0x8202 temporary location tracking. */
export interface Jt808TemporaryTracking {
  /** Seconds between reports; 0 stops tracking. */
  intervalSec: number;
  /** How long to keep tracking, seconds. */
  validitySec: number;
}

/** Encodes 0x8202: interval WORD, validity DWORD. */
export function encodeTemporaryTracking(t: Jt808TemporaryTracking): Uint8Array {
  return new Jt808ByteWriter().u16(t.intervalSec).u32(t.validitySec).finish();
}

/** Decodes 0x8202; a 2-byte body (some encoders drop validity when stopping) reads as validity 0. */
export function decodeTemporaryTracking(body: Uint8Array): Jt808Decoded<Jt808TemporaryTracking> {
  if (body.length < 2) return refuse('truncated', `0x8202 body is ${body.length} bytes`);
  const intervalSec = (body[0]! << 8) | body[1]!;
  const validitySec = body.length >= 6 ? body[2]! * 0x1000000 + ((body[3]! << 16) | (body[4]! << 8) | body[5]!) : 0;
  return accept({ intervalSec, validitySec });
}

/** 0x8105 terminal control. */
export interface Jt808TerminalControl {
  /** 1 wireless upgrade, 2 connect to server, 3 power off, 4 reset, 5 factory reset, … */
  command: number;
  /** Command parameters (';'-separated GBK text for commands 1 and 2), or raw bytes. */
  params?: string | Uint8Array;
}

/** Encodes 0x8105: command BYTE, then the parameters as given. */
export function encodeTerminalControl(c: Jt808TerminalControl): Uint8Array {
  const params = typeof c.params === 'string' ? encodeGbk(c.params) : (c.params ?? new Uint8Array(0));
  return new Jt808ByteWriter().u8(c.command).bytes(params).finish();
}

/** Decodes 0x8105; parameters are returned raw (their layout is vendor-dependent in practice). */
export function decodeTerminalControl(body: Uint8Array): Jt808Decoded<{ command: number; paramsHex: string }> {
  if (body.length < 1) return refuse('truncated', '0x8105 body is empty');
  return accept({ command: body[0]!, paramsHex: toHex(body.subarray(1)) });
}

/** One 2019 vehicle-control item: control type id and its parameter bytes. */
export interface Jt808VehicleControlItem {
  id: number;
  params: Uint8Array;
}

/**
 * 0x8500 vehicle control: the portable `doorLocked` or `oilPowerCut`, or the raw form of one
 * edition — `flag` (2011/2013 control flag byte) or `controls` (2019 list).
 */
export type Jt808VehicleControl =
  | { doorLocked: boolean }
  | { oilPowerCut: boolean }
  | { flag: number }
  | { controls: readonly Jt808VehicleControlItem[] };

/** 2019 control type id of the car door. */
export const JT808_CONTROL_DOOR = 0x0001;

/**
 * Oil and power circuit (断油断电). The standard leaves it to the maker: 2019 takes it from the
 * maker's range of control type ids (parameter 1 byte: 1 cut, 0 restore); 2013 uses reserved bits
 * of the flag byte — bit 6 marks an oil/power control (so bit 0, the door, is not read), bit 7 cuts.
 */
export const JT808_CONTROL_OIL_POWER = 0xf001;
export const JT808_FLAG_OIL_POWER = 0x40;
export const JT808_FLAG_OIL_POWER_CUT = 0x80;

/**
 * Encodes 0x8500. The editions encode the door the opposite way round: 2013 flag bit 0 set =
 * lock; 2019 door item parameter 0 = lock, 1 = open. RangeError for a raw form of the other edition.
 */
export function encodeVehicleControl(c: Jt808VehicleControl, edition: Jt808Edition): Uint8Array {
  const is2019 = edition === '2019';
  if ('oilPowerCut' in c) {
    return is2019
      ? encodeVehicleControl({ controls: [{ id: JT808_CONTROL_OIL_POWER, params: Uint8Array.of(c.oilPowerCut ? 1 : 0) }] }, edition)
      : Uint8Array.of(JT808_FLAG_OIL_POWER | (c.oilPowerCut ? JT808_FLAG_OIL_POWER_CUT : 0));
  }
  if ('doorLocked' in c) {
    return is2019
      ? encodeVehicleControl({ controls: [{ id: JT808_CONTROL_DOOR, params: Uint8Array.of(c.doorLocked ? 0 : 1) }] }, edition)
      : Uint8Array.of(c.doorLocked ? 1 : 0);
  }
  if ('flag' in c) {
    if (is2019) throw new RangeError('the 2019 edition has no control flag byte; use controls');
    return new Jt808ByteWriter().u8(c.flag).finish();
  }
  if (!is2019) throw new RangeError('control lists are 2019 only; use flag');
  const w = new Jt808ByteWriter().u16(c.controls.length);
  for (const item of c.controls) w.u16(item.id).bytes(item.params);
  return w.finish();
}

/** Decodes 0x8500 to its raw form (the simulator's side). 2019 door and oil/power items are 1 byte. */
export function decodeVehicleControl(body: Uint8Array, edition: Jt808Edition): Jt808Decoded<{ flag: number } | { controls: Jt808VehicleControlItem[] }> {
  if (edition !== '2019') {
    return body.length < 1 ? refuse('truncated', '0x8500 body is empty') : accept({ flag: body[0]! });
  }
  if (body.length < 2) return refuse('truncated', `0x8500 body is ${body.length} bytes`);
  const count = (body[0]! << 8) | body[1]!;
  const controls: Jt808VehicleControlItem[] = [];
  let p = 2;
  for (let i = 0; i < count; i++) {
    if (p + 2 > body.length) return refuse('truncated', `0x8500 item ${i + 1} runs past the body`);
    const id = (body[p]! << 8) | body[p + 1]!;
    // only the door and oil/power items have a known size; anything else takes the rest
    const size = id === JT808_CONTROL_DOOR || id === JT808_CONTROL_OIL_POWER ? 1 : body.length - p - 2;
    if (p + 2 + size > body.length) return refuse('truncated', `0x8500 item ${i + 1} runs past the body`);
    controls.push({ id, params: body.slice(p + 2, p + 2 + size) });
    p += 2 + size;
  }
  return accept({ controls });
}

/** 0x8900 data downlink passthrough: a type byte and the payload for a peripheral behind the terminal. */
export interface Jt808Passthrough {
  /** 透传消息类型 (0x00 GNSS detail, 0x0B IC card, 0x41/0x42 serial ports, 0xF0–0xFF user-defined …). */
  type: number;
  data: Uint8Array;
}

/** Encodes 0x8900: type BYTE, payload (the same in both editions). */
export function encodePassthrough(msg: Jt808Passthrough): Uint8Array {
  return new Jt808ByteWriter().u8(msg.type).bytes(msg.data).finish();
}

/** Decodes 0x8900 (the simulator's side). */
export function decodePassthrough(body: Uint8Array): Jt808Decoded<Jt808Passthrough> {
  if (body.length < 1) return refuse('truncated', '0x8900 body is empty');
  return accept({ type: body[0]!, data: body.slice(1) });
}
