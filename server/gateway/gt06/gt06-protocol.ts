import type {
  CellTower, DecodeResult, DeviceAlarm, DeviceCommand, DeviceFix, DeviceMessage, DeviceProtocol, DeviceStatus, ProtocolReply,
} from '../device-protocol';
import { GT06_MAX_FRAME, Gt06FrameSplitter, encodeGt06Frame, parseGt06Frame } from './gt06-frame';

/** Protocol numbers of the GT06 family the gateway reads. */
export const Gt06Type = {
  Login: 0x01,
  GpsOnly: 0x10,
  Gps11: 0x11,
  GpsLbs: 0x12,
  Status: 0x13,
  CommandAnswer: 0x15,
  Alarm: 0x16,
  Heartbeat: 0x23,
  GpsLbs2: 0x22,
  Alarm2: 0x26,
  Alarm3: 0x27,
  LbsMulti: 0x28,
  Wifi: 0x2c,
  CommandAnswer2: 0x21,
  Command: 0x80,
  TimeRequest: 0x8a,
  Information: 0x94,
  GpsLbs4g: 0xa0,
  /** GPS, cell and status of some models (position first, like 0x12). */
  GpsLbsStatus: 0x37,
} as const;

const LOCATIONS: ReadonlySet<number> = new Set([Gt06Type.GpsOnly, Gt06Type.Gps11, Gt06Type.GpsLbs, Gt06Type.GpsLbs2, Gt06Type.GpsLbs4g, Gt06Type.GpsLbsStatus]);
const ALARMS: ReadonlySet<number> = new Set([Gt06Type.Alarm, Gt06Type.Alarm2, Gt06Type.Alarm3]);

/** Alarm byte of 0x16 / 0x26 / 0x27 → the platform's catalogue. */
const ALARM_BYTE: Record<number, DeviceAlarm> = {
  0x01: 'sos', 0x02: 'powerCut', 0x03: 'vibration', 0x04: 'fenceEnter', 0x05: 'fenceExit', 0x06: 'overspeed',
  0x09: 'displacement', 0x0e: 'lowVoltage', 0x0f: 'lowBattery', 0x11: 'powerCut', 0x13: 'tamper', 0x19: 'lowBattery',
};
/** Bits 3–5 of the terminal information byte. */
const INFO_ALARM: Record<number, DeviceAlarm> = { 1: 'vibration', 2: 'powerCut', 3: 'lowBattery', 4: 'sos' };

const latin1 = new TextDecoder('latin1');
const utf16 = new TextDecoder('utf-16be');

class Reader {
  at = 0;
  constructor(readonly b: Uint8Array) {}
  get left(): number {
    return this.b.length - this.at;
  }
  u8(): number {
    if (this.at >= this.b.length) throw new RangeError('short');
    return this.b[this.at++]!;
  }
  u16(): number {
    return (this.u8() << 8) | this.u8();
  }
  u24(): number {
    return (this.u16() << 8) | this.u8();
  }
  u32(): number {
    return ((this.u16() << 16) >>> 0) + this.u16();
  }
  bytes(n: number): Uint8Array {
    if (this.at + n > this.b.length) throw new RangeError('short');
    const out = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
}

function dateTime(r: Reader): Date {
  const [y, mo, d, h, mi, s] = [r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) throw new RangeError('date');
  return new Date(Date.UTC(2000 + y, mo - 1, d, h, mi, s));
}

/** Date, satellites, latitude, longitude, speed and the course/status word (18 bytes). */
function gps(r: Reader): DeviceFix & { acc?: boolean } {
  const time = dateTime(r);
  const satellites = r.u8() & 0x0f;
  let lat = r.u32() / 1_800_000;
  let lon = r.u32() / 1_800_000;
  const speed = r.u8();
  const flags = r.u16();
  // bit 12 positioned, bit 11 west longitude, bit 10 north latitude, bits 0–9 course
  if ((flags & (1 << 10)) === 0) lat = -lat;
  if ((flags & (1 << 11)) !== 0) lon = -lon;
  const fix: DeviceFix = { time, source: 'gps', valid: (flags & (1 << 12)) !== 0, lon, lat, speed, course: flags & 0x3ff, satellites };
  return fix;
}

/** MCC, MNC (two bytes when the MCC's top bit says so), LAC, cell id. */
function cell(r: Reader, wide = false): CellTower {
  const rawMcc = r.u16();
  const mnc = rawMcc & 0x8000 ? r.u16() : r.u8();
  const lac = wide ? r.u32() : r.u16();
  const cid = wide ? Number((BigInt(r.u32()) << 32n) + BigInt(r.u32())) : r.u24();
  return { mcc: rawMcc & 0x7fff, mnc, lac, cid };
}

/** Terminal information byte: armed, ACC, charging, alarm bits 3–5, oil/power cut. */
function terminalInfo(info: number): { status: DeviceStatus; alarm?: DeviceAlarm } {
  const alarm = INFO_ALARM[(info >> 3) & 0x07];
  return {
    status: { armed: (info & 0x01) !== 0, acc: (info & 0x02) !== 0, charging: (info & 0x04) !== 0, powerCutOff: (info & 0x80) !== 0 },
    ...(alarm && { alarm }),
  };
}

const voltageLevelToPercent = (level: number) => Math.round((Math.min(6, level) / 6) * 100);
const gsmLevelToPercent = (level: number) => Math.min(100, level * 25);

function reply(protocol: number, serial: number, afterCommit: boolean, content: ArrayLike<number> = []): ProtocolReply {
  return { frame: encodeGt06Frame(protocol, content, serial), afterCommit };
}

function message(kind: DeviceMessage['kind'], protocol: number, extra: Partial<DeviceMessage> = {}): DeviceMessage {
  return { kind, type: `0x${protocol.toString(16).padStart(2, '0')}`, fixes: [], alarms: [], replies: [], ...extra };
}

function decodeContent(protocol: number, c: Uint8Array, serial: number, long: boolean): DeviceMessage {
  const r = new Reader(c);
  if (protocol === Gt06Type.Login) {
    const digits = Array.from(r.bytes(8), (b) => b.toString(16).padStart(2, '0')).join('');
    if (!/^\d{16}$/.test(digits)) throw new RangeError('IMEI is not BCD');
    return message('login', protocol, { imei: digits.replace(/^0/, ''), replies: [reply(protocol, serial, false)] });
  }
  if (LOCATIONS.has(protocol) && c.length >= 18) {
    const fix = gps(r);
    const status: DeviceStatus = {};
    if (protocol !== Gt06Type.GpsOnly && r.left >= 8) fix.cells = [cell(r, protocol === Gt06Type.GpsLbs4g)];
    if ((protocol === Gt06Type.GpsLbs2 || protocol === Gt06Type.GpsLbs4g) && r.left >= 1) status.acc = r.u8() === 1;
    return message('location', protocol, { fixes: [fix], status, replies: [reply(protocol, serial, true)] });
  }
  if (ALARMS.has(protocol)) {
    const fix = gps(r);
    const lbsLength = r.u8();
    if (lbsLength >= 9) {
      fix.cells = [cell(r)];
      r.bytes(Math.max(0, lbsLength - 9));
    } else {
      r.bytes(Math.max(0, lbsLength - 1));
    }
    const info = terminalInfo(r.u8());
    const status: DeviceStatus = { ...info.status, battery: voltageLevelToPercent(r.u8()), signal: gsmLevelToPercent(r.u8()) };
    const code = r.u8();
    const alarm = ALARM_BYTE[code] ?? info.alarm;
    return message('alarm', protocol, { fixes: [fix], status, alarms: alarm ? [alarm] : [], replies: [reply(protocol, serial, true)] });
  }
  if (protocol === Gt06Type.Status) {
    const info = terminalInfo(r.u8());
    const status: DeviceStatus = { ...info.status };
    if (c.length === 5) {
      status.battery = voltageLevelToPercent(r.u8());
      status.signal = gsmLevelToPercent(r.u8());
    }
    return message('heartbeat', protocol, { status, alarms: info.alarm ? [info.alarm] : [], replies: [reply(protocol, serial, false)] });
  }
  if (protocol === Gt06Type.Heartbeat) {
    const info = terminalInfo(r.u8());
    const status: DeviceStatus = { ...info.status, batteryVoltage: r.u16() / 100 };
    if (r.left >= 1) status.signal = gsmLevelToPercent(r.u8());
    return message('heartbeat', protocol, { status, replies: [reply(protocol, serial, false)] });
  }
  if (protocol === Gt06Type.LbsMulti || protocol === Gt06Type.Wifi) {
    const time = dateTime(r);
    const mcc = r.u16();
    const mnc = r.u8();
    const cells: CellTower[] = [];
    for (let i = 0; i < 7 && r.left >= 6; i++) {
      const lac = r.u16();
      const cid = r.u24();
      const rssi = r.u8();
      if (lac !== 0 || cid !== 0) cells.push({ mcc, mnc, lac, cid, rssi: -rssi });
    }
    const fix: DeviceFix = { time, source: 'lbs', valid: false, speed: 0, course: 0, cells };
    if (protocol === Gt06Type.Wifi && r.left >= 2) {
      r.u8(); // timing advance
      const count = r.u8();
      const wifi = [];
      for (let i = 0; i < count && r.left >= 7; i++) {
        const mac = Array.from(r.bytes(6), (b) => b.toString(16).padStart(2, '0')).join(':');
        wifi.push({ mac, rssi: -r.u8() });
      }
      if (wifi.length > 0) Object.assign(fix, { source: 'wifi' as const, wifi });
    }
    return message('location', protocol, { fixes: [fix], replies: [reply(protocol, serial, true)] });
  }
  if (protocol === Gt06Type.TimeRequest) {
    const now = new Date();
    const content = [now.getUTCFullYear() - 2000, now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()];
    return message('time', protocol, { replies: [reply(protocol, serial, false, content)] });
  }
  if (protocol === Gt06Type.Information) {
    const subtype = r.u8();
    // sub-type 0x00: external (vehicle) voltage in 0.01 V
    const status: DeviceStatus = subtype === 0x00 && r.left >= 2 ? { externalVoltage: r.u16() / 100 } : {};
    return message('info', protocol, { status });
  }
  if (protocol === Gt06Type.CommandAnswer && !long) {
    const length = r.u8();
    const flag = r.u32();
    // some models leave the length at 0 and pad the text to a fixed size before the language word
    const text = length >= 4 && length - 4 <= r.left ? r.bytes(length - 4) : r.bytes(Math.max(0, r.left - 2));
    return answerMessage(protocol, flag, trimNul(latin1.decode(text)));
  }
  if (protocol === Gt06Type.CommandAnswer2 && long) {
    const flag = r.u32();
    const encoding = r.u8();
    return answerMessage(protocol, flag, trimNul((encoding === 2 ? utf16 : latin1).decode(r.bytes(r.left))));
  }
  return message('other', protocol);
}

const trimNul = (s: string) => s.replace(/\0+/g, ' ').trim();

// the answer to WHERE# / DWXX#: `Lat:N23.111668,Lon:E114.409285,…,DateTime:2017-05-26 10:27:47`
const ANSWER_POSITION = /Lat:\s*([NS])\s*([\d.]+).*?Lon:\s*([EW])\s*([\d.]+)(?:.*?DateTime:\s*(\d{4})-(\d{2})-(\d{2})\s+(\d{2}):(\d{2}):(\d{2}))?/s;

/** A command answer; a position in its text (the answer to a locate command) becomes a fix. */
function answerMessage(protocol: number, flag: number, text: string): DeviceMessage {
  const m = ANSWER_POSITION.exec(text);
  const fixes: DeviceFix[] = [];
  if (m) {
    const [, ns, lat, ew, lon, y, mo, d, h, mi, s] = m;
    const time = y ? new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))) : new Date();
    fixes.push({ time, source: 'gps', valid: true, lat: Number(lat) * (ns === 'S' ? -1 : 1), lon: Number(lon) * (ew === 'W' ? -1 : 1), speed: 0, course: 0 });
  }
  return message('commandAnswer', protocol, { answer: { matchKey: String(flag), text }, fixes });
}

/** The text the GT06 family takes for each command (the relay commands with the default password). */
function commandText(command: DeviceCommand): string | undefined {
  switch (command.type) {
    case 'locate':
      return 'WHERE#';
    case 'powerCut':
      return 'DYD,000000#';
    case 'powerRestore':
      return 'HFYD,000000#';
    case 'interval':
      return `TIMER,${Math.max(10, Math.round(command.seconds))}#`;
    case 'reset':
      return 'RESET#';
    case 'arm':
      return 'FORTIFY,ON#';
    case 'disarm':
      return 'FORTIFY,OFF#';
    // the TL-E8 e-bike guard's vibration sensor: 1 低 … 3 高
    case 'vibrationSensitivity':
      return `SENSITIVITY,${command.level}#`;
    // pet collars of the family: buzzer and LED
    case 'findDevice':
      return 'FIND#';
    case 'light':
      return command.on ? 'LIGHT,ON#' : 'LIGHT,OFF#';
    default:
      return undefined;
  }
}

/**
 * The GT06 (Concox / Jimi) family: 0x7878 / 0x7979 frames with CRC-ITU; login with the IMEI,
 * status and heartbeat, GPS+LBS locations (0x10, 0x11, 0x12, 0x22, 0xA0), alarms (0x16, 0x26,
 * 0x27), multi-cell LBS (0x28) and WiFi (0x2C) reports, time requests (0x8A), information (0x94)
 * and command answers (0x15, 0x21). Replies repeat the protocol number and serial; those of
 * locations and alarms go out after the commit.
 */
export const gt06Protocol: DeviceProtocol & { name: 'gt06' } = {
  name: 'gt06',
  maxFrameBytes: GT06_MAX_FRAME,
  createSplitter: () => new Gt06FrameSplitter(),
  decode(frame): DecodeResult {
    const parsed = parseGt06Frame(frame);
    if ('reason' in parsed) return { ok: false, reason: parsed.reason, detail: parsed.detail };
    try {
      return { ok: true, message: decodeContent(parsed.protocol, parsed.content, parsed.serial, parsed.long) };
    } catch (err) {
      return { ok: false, reason: 'invalid-value', detail: `0x${parsed.protocol.toString(16)}: ${err instanceof Error ? err.message : String(err)}` };
    }
  },
  encodeCommand(command, target) {
    const text = commandText(command);
    if (text === undefined) return undefined;
    const flag = target.serial >>> 0;
    const bytes = Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
    const content = [4 + bytes.length, (flag >>> 24) & 0xff, (flag >>> 16) & 0xff, (flag >>> 8) & 0xff, flag & 0xff, ...bytes];
    return { frame: encodeGt06Frame(Gt06Type.Command, content, target.serial & 0xffff), matchKey: String(flag) };
  },
};
