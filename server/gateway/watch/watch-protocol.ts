import type {
  CellTower, DecodeResult, DeviceAlarm, DeviceCommand, DeviceFix, DeviceMessage, DeviceProtocol, HealthReadings, WifiAccessPoint,
} from '../device-protocol';
import { WATCH_MAX_FRAME, WatchFrameSplitter, unescapeWatch } from './watch-frame';

const latin1 = new TextDecoder('latin1');
const utf8 = new TextEncoder();

// [vendor*id*LEN*content] or, for some vendors, [vendor*id*index*LEN*content]
const HEADER = /^\[([A-Za-z0-9]{2})\*([0-9A-Za-z]{1,20})\*([0-9A-Fa-f]{4})\*(?:([0-9A-Fa-f]{4})\*)?/;

/** Words that carry a location: UD (live), UD2 (blind-area upload), AL (alarm) and their variants. */
const LOCATION_WORD = /^(UD|UD2|UD3|UD_LTE|UD_WCDMA|UD_CDMA|UD_LTE2|AL|AL_LTE|AL_WCDMA|ALCUSTOMER\d*|WT|oneAL)$/;

/** Words of the commands the platform sends; a device answers with the same word. */
export const WATCH_COMMAND_WORDS: ReadonlySet<string> = new Set([
  'CR', 'UPLOAD', 'SOS', 'SOS1', 'SOS2', 'SOS3', 'FIND', 'POWEROFF', 'MONITOR', 'RESET', 'MESSAGE', 'FACTORY', 'CENTER', 'PW', 'LZ', 'LIGHT',
]);

/** Status word bits → alarms (the high half holds alarms, bits 16–21). */
const STATUS_ALARMS: readonly [number, DeviceAlarm][] = [
  [16, 'sos'], [17, 'lowBattery'], [18, 'fenceExit'], [19, 'fenceEnter'], [20, 'takeOff'], [21, 'fall'],
];

function message(kind: DeviceMessage['kind'], type: string, extra: Partial<DeviceMessage> = {}): DeviceMessage {
  return { kind, type, fixes: [], alarms: [], replies: [], ...extra };
}

function frameText(vendor: string, id: string, content: string): Uint8Array {
  const bytes = utf8.encode(content);
  return utf8.encode(`[${vendor}*${id}*${bytes.length.toString(16).toUpperCase().padStart(4, '0')}*${content}]`);
}

const num = (s: string | undefined): number | undefined => {
  if (s === undefined || s.trim() === '') return undefined;
  const n = Number(s.trim());
  return Number.isFinite(n) ? n : undefined;
};

/** A coordinate with its hemisphere: S and W make it negative; a value sent negative stays so. */
function coordinate(value: string | undefined, hemisphere: string | undefined, negative: string): number {
  const n = num(value);
  if (n === undefined) throw new RangeError('coordinate');
  return hemisphere?.trim() === negative ? -Math.abs(n) : n;
}

function time(date: string, clock: string, offsetMinutes: number): Date {
  const d = /^(\d{2})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2})(\d{2})(\d{2})$/.exec(clock);
  if (!d || !t) throw new RangeError('date');
  const ms = Date.UTC(2000 + Number(d[3]), Number(d[2]) - 1, Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3]));
  if (Number.isNaN(ms) || Number(d[2]) < 1 || Number(d[2]) > 12) throw new RangeError('date');
  return new Date(ms - offsetMinutes * 60_000);
}

const MAX_LENGTH_SLACK = 16;
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i;

/** Cells and access points after the status word: count, timing advance, MCC, MNC, (LAC, cell, signal)×n, then WiFi. */
function radio(f: string[], from: number): { cells: CellTower[]; wifi: WifiAccessPoint[] } {
  const cells: CellTower[] = [];
  const wifi: WifiAccessPoint[] = [];
  let i = from;
  const cellCount = num(f[i++]) ?? 0;
  if (cellCount > 0) {
    i++; // timing advance / connected cell
    const mcc = num(f[i++]);
    const mnc = num(f[i++]);
    for (let k = 0; k < cellCount && i + 2 < f.length; k++, i += 3) {
      const lac = num(f[i]);
      const cid = num(f[i + 1]);
      if (mcc !== undefined && mnc !== undefined && lac !== undefined && cid !== undefined) cells.push({ mcc, mnc, lac, cid, rssi: num(f[i + 2]) ?? 0 });
    }
  } else if (!(num(f[i]) !== undefined && MAC.test(f[i + 2] ?? ''))) {
    i++; // without cells some devices still send the timing advance
  }
  const apCount = num(f[i++]) ?? 0;
  for (let k = 0; k < apCount && i + 2 < f.length + 1; k++, i += 3) {
    const mac = (f[i + 1] ?? '').trim().toLowerCase();
    if (MAC.test(mac)) wifi.push({ mac, rssi: num(f[i + 2]), ...(f[i] && { ssid: f[i] }) });
  }
  return { cells, wifi };
}

function location(word: string, f: string[], offsetMinutes: number): { fix: DeviceFix; alarms: DeviceAlarm[]; battery?: number; steps?: number; signal?: number } {
  // f: date, time, A/V, lat, N/S, lon, E/W, speed, course, altitude, satellites, signal, battery, steps, rolls, status, radio…
  const valid = f[2] === 'A';
  const fix: DeviceFix = {
    time: time(f[0] ?? '', f[1] ?? '', offsetMinutes), source: 'gps', valid,
    lat: coordinate(f[3], f[4], 'S'), lon: coordinate(f[5], f[6], 'W'),
    speed: num(f[7]) ?? 0, course: Math.round(num(f[8]) ?? 0) % 360,
  };
  const altitude = num(f[9]);
  if (altitude !== undefined) fix.altitude = altitude;
  const satellites = num(f[10]);
  if (satellites !== undefined) fix.satellites = satellites;
  const status = Number.parseInt(f[15] ?? '', 16);
  const alarms = Number.isNaN(status) || (f[15] ?? '').length < 8 ? [] : STATUS_ALARMS.filter(([bit]) => ((status >>> bit) & 1) === 1).map(([, a]) => a);
  const { cells, wifi } = radio(f, 16);
  if (cells.length > 0) fix.cells = cells;
  if (wifi.length > 0) fix.wifi = wifi;
  if (!valid && (cells.length > 0 || wifi.length > 0)) fix.source = wifi.length > 0 ? 'wifi' : 'lbs';
  void word;
  const signal = num(f[11]);
  const battery = num(f[12]);
  const steps = num(f[13]);
  return {
    fix, alarms,
    ...(battery !== undefined && battery >= 0 && battery <= 100 && { battery }),
    ...(steps !== undefined && steps >= 0 && { steps }),
    ...(signal !== undefined && signal >= 0 && signal <= 100 && { signal }),
  };
}

function readings(word: string, f: string[]): HealthReadings | undefined {
  switch (word) {
    case 'bphrt': {
      const [sys, dia, hr] = [num(f[0]), num(f[1]), num(f[2])];
      return { ...(sys && { systolic: sys }), ...(dia && { diastolic: dia }), ...(hr && { heartRate: hr }) };
    }
    case 'BLOOD': {
      const [sys, dia] = [num(f[0]), num(f[1])];
      return { ...(sys && { systolic: sys }), ...(dia && { diastolic: dia }) };
    }
    case 'heart':
    case 'PULSE': {
      const hr = num(f[0]);
      return hr ? { heartRate: hr } : {};
    }
    case 'btemp2': {
      const t = num(f[1]);
      return t ? { temperature: t } : {};
    }
    case 'oxygen': {
      // oxygen,<flag>,<SpO₂ %> (a lone field: the SpO₂ itself); 0 or out of 50–100 is no measurement
      const o = num(f.length >= 2 ? f[1] : f[0]);
      return o !== undefined && o >= 50 && o <= 100 ? { spo2: o } : {};
    }
    case 'temp':
    case 'TEMP': {
      const t = num(f[0]);
      return t ? { temperature: t } : {};
    }
    default:
      return undefined;
  }
}

function decodeFrame(frame: Uint8Array, offsetMinutes: number): DeviceMessage {
  const head = HEADER.exec(latin1.decode(frame.subarray(0, Math.min(frame.length, 64))));
  if (!head || frame[frame.length - 1] !== 0x5d) throw Object.assign(new RangeError('no [vendor*id*LEN* header'), { reason: 'bad-frame' as const });
  const [header, vendor, id, lenOrIndex, lenAfterIndex] = head as unknown as [string, string, string, string, string | undefined];
  const declared = Number.parseInt(lenAfterIndex ?? lenOrIndex, 16);
  const raw = frame.subarray(header.length, frame.length - 1);
  // devices count LEN in their own ways (a few bytes off is common); far off, the frame is broken
  if (Math.abs(declared - raw.length) > Math.max(MAX_LENGTH_SLACK, raw.length / 10)) {
    throw Object.assign(new RangeError(`LEN ${declared}, content ${raw.length} bytes`), { reason: 'bad-length' as const });
  }
  const content = unescapeWatch(raw);
  const comma = content.indexOf(0x2c);
  const word = latin1.decode(content.subarray(0, comma < 0 ? content.length : comma));
  const imei = id.replace(/\D/g, '');
  const base = { imei, vendor };
  const reply = (w: string, afterCommit: boolean) => ({ frame: frameText(vendor, id, w), afterCommit });
  // binary media (voice, photos) stays out of the text split
  if (/^(TK|JXTK|img|TPBK)$/.test(word)) return message('other', word, base);
  const fields = comma < 0 ? [] : latin1.decode(content.subarray(comma + 1)).split(',');
  if (word === 'LK') {
    const values = fields.map(num);
    const battery = values.length >= 3 ? values[2] : values[1];
    const steps = values[0];
    return message('heartbeat', word, {
      ...base, replies: [reply('LK', false)],
      status: { ...(steps !== undefined && { steps }), ...(battery !== undefined && battery <= 100 && { battery }) },
    });
  }
  if (word === 'TKQ' || word === 'TKQ2') return message('heartbeat', word, { ...base, replies: [reply(word, false)] });
  if (LOCATION_WORD.test(word)) {
    const alarm = word.startsWith('AL') || word === 'oneAL';
    const loc = location(word, fields, offsetMinutes);
    return message(alarm ? 'alarm' : 'location', word, {
      ...base, fixes: [loc.fix], alarms: loc.alarms, backfill: word === 'UD2',
      status: { ...(loc.battery !== undefined && { battery: loc.battery }), ...(loc.steps !== undefined && { steps: loc.steps }), ...(loc.signal !== undefined && { signal: loc.signal }) },
      replies: alarm ? [reply('AL', true)] : [],
    });
  }
  const body = readings(word, fields);
  if (body) return message('info', word, { ...base, readings: body });
  if (WATCH_COMMAND_WORDS.has(word)) return message('commandAnswer', word, { ...base, answer: { matchKey: word, text: fields.join(',') } });
  return message('other', word, base);
}

/** UTF-16BE hex, as watches take message text. */
function utf16Hex(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code > 0xffff) continue;
    out += code.toString(16).toUpperCase().padStart(4, '0');
  }
  return out;
}

function commandContent(command: DeviceCommand): string | undefined {
  switch (command.type) {
    case 'locate':
      return 'CR';
    case 'interval':
      return `UPLOAD,${Math.max(10, Math.round(command.seconds))}`;
    case 'sosNumbers':
      return `SOS,${[...command.numbers, '', '', ''].slice(0, 3).join(',')}`;
    case 'findDevice':
      return 'FIND';
    case 'light':
      return `LIGHT,${command.on ? 1 : 0}`;
    case 'powerOff':
      return 'POWEROFF';
    case 'monitor':
      return `MONITOR,${command.phone}`;
    case 'reset':
      return 'RESET';
    case 'text':
      return `MESSAGE,${utf16Hex(command.text)}`;
    default:
      return undefined;
  }
}

/**
 * The watch protocol of kids' and elders' watches, staff badges and collars: `[3G*IMEI*LEN*…]`
 * text frames (vendor prefixes 3G, SG, CS, ZJ …, binary content escaped). LK keep-alive, UD / UD2 /
 * UD_LTE / UD_WCDMA locations with cells and WiFi, AL alarms (status word bits: SOS, low battery,
 * fence, take-off, fall), heart rate, blood pressure, temperature and blood oxygen readings, and command answers
 * (the command word echoed).
 */
export const watchProtocol: DeviceProtocol & { name: 'watch' } = {
  name: 'watch',
  maxFrameBytes: WATCH_MAX_FRAME,
  createSplitter: () => new WatchFrameSplitter(),
  decode(frame, context): DecodeResult {
    try {
      return { ok: true, message: decodeFrame(frame, context.timeOffsetMinutes ?? 0) };
    } catch (err) {
      const reason = (err as { reason?: 'bad-frame' | 'bad-length' }).reason ?? 'invalid-value';
      return { ok: false, reason, detail: err instanceof Error ? err.message : String(err) };
    }
  },
  encodeCommand(command, target) {
    const content = commandContent(command);
    if (content === undefined) return undefined;
    return { frame: frameText(target.vendor ?? '3G', target.imei, content), matchKey: content.split(',')[0]! };
  },
};
