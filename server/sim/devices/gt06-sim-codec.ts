// The device side of GT06 for the simulator (message layouts from the GT06 protocol document; the
// frame and its CRC are the protocol module's): login 0x01,
// status 0x13, GPS+LBS location 0x22, LBS 0x28, alarm 0x26, command answer 0x21 (0x7979), and the
// platform's 0x80 online command.
import type { DeviceCommand } from '../../gateway/device-protocol';
import { Gt06FrameSplitter, encodeGt06Frame } from '../../gateway/gt06/index';
import type { DeviceReport, SimFix } from './device-motion';
import type { DeviceSimCodec, PlatformCommand } from './simulated-device';

/** A frame as the device sends it (the platform's framing and CRC-ITU are the protocol's, shared). */
const frame = (protocol: number, content: readonly number[], serial: number, extended = false): Uint8Array =>
  encodeGt06Frame(protocol, content, serial & 0xffff, extended);

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function dateTime(ms: number): number[] {
  const d = new Date(ms);
  return [d.getUTCFullYear() - 2000, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
}

function gps(fix: Extract<SimFix, { kind: 'gps' }>): number[] {
  // course/status: bit 12 positioned, bit 11 west, bit 10 north, bits 0–9 course
  const status = (1 << 12) | (fix.lat >= 0 ? 1 << 10 : 0) | (fix.lon < 0 ? 1 << 11 : 0) | (Math.round(fix.course) % 360);
  return [
    0xc0 | Math.min(15, fix.satellites), ...u32(Math.round(Math.abs(fix.lat) * 1_800_000)), ...u32(Math.round(Math.abs(fix.lon) * 1_800_000)),
    Math.min(255, Math.round(fix.speed)), ...u16(status),
  ];
}

const SIM_CELL = [...u16(460), 0x00, ...u16(0x5a1c), 0x00, 0x6d, 0x01];

/** Terminal information byte: bit 0 armed, 1 ACC, 2 charging, 3–5 alarm, 6 GPS tracking, 7 oil/power cut. */
function terminalInfo(r: DeviceReport): number {
  return (r.armed ? 1 : 0) | (r.acc ? 2 : 0) | (r.charging ? 4 : 0) | (1 << 6) | (r.powerCutOff ? 0x80 : 0);
}

/** Battery percent → the 0–6 voltage level of 0x13. */
const voltageLevel = (battery: number) => Math.max(0, Math.min(6, Math.round((battery / 100) * 6)));

const ALARM_CODES: Record<string, number> = { sos: 0x01, powerCut: 0x02, vibration: 0x03, fenceEnter: 0x04, fenceExit: 0x05, overspeed: 0x06, lowBattery: 0x19, displacement: 0x09 };

const ASCII = new TextDecoder('latin1');

/** The text of an 0x80 command as the platform sends it → the command in the common model. */
function commandOf(text: string): DeviceCommand | undefined {
  const t = text.toUpperCase().replace(/\s/g, '');
  if (t.startsWith('WHERE') || t.startsWith('DWXX') || t.startsWith('URL')) return { type: 'locate' };
  if (t.startsWith('DYD') || t.startsWith('RELAY,1')) return { type: 'powerCut' };
  if (t.startsWith('HFYD') || t.startsWith('RELAY,0')) return { type: 'powerRestore' };
  if (t.startsWith('RESET')) return { type: 'reset' };
  if (t.startsWith('FIND')) return { type: 'findDevice' };
  if (/^LIGHT,(ON|1)/.test(t)) return { type: 'light', on: true };
  if (/^LIGHT,(OFF|0)/.test(t)) return { type: 'light', on: false };
  const timer = /^TIMER,(\d+)/.exec(t);
  if (timer) return { type: 'interval', seconds: Number(timer[1]) };
  if (/^(FORTIFY|DEFENSE),?(ON|1)/.test(t) || t === '111#') return { type: 'arm' };
  if (/^(FORTIFY|DEFENSE),?(OFF|0)/.test(t) || t === '000#') return { type: 'disarm' };
  const sensitivity = /^SENSITIVITY,([123])#/.exec(t);
  if (sensitivity) return { type: 'vibrationSensitivity', level: Number(sensitivity[1]) as 1 | 2 | 3 };
  return undefined;
}

/** GT06 as a simulated e-bike guard or collar speaks it. */
export const gt06SimCodec: DeviceSimCodec = {
  protocol: 'gt06',
  createSplitter: () => new Gt06FrameSplitter(),
  hello: (imei, _report, serial) => [frame(0x01, [...Buffer.from(`0${imei}`, 'hex')], serial)],
  heartbeat: (_imei, r, serial) => {
    const status = frame(0x13, [terminalInfo(r), voltageLevel(r.battery), 0x04, 0x00, 0x02], serial);
    if (r.batteryVolts === undefined) return status;
    // an e-bike guard follows with 0x94 sub-type 0x00: the battery's voltage in 0.01 V
    const info = frame(0x94, [0x00, ...u16(Math.round(r.batteryVolts * 100))], serial + 1, true);
    return Uint8Array.from([...status, ...info]);
  },
  report(_imei, r, serial) {
    const time = dateTime(r.timeMs);
    const fix = r.fix;
    const alarm = r.alarms.map((a) => ALARM_CODES[a]).find((c) => c !== undefined);
    if (alarm !== undefined) {
      const place = fix.kind === 'gps' ? gps(fix) : [0x00, ...u32(0), ...u32(0), 0, 0, 0];
      return [frame(0x26, [...time, ...place, 0x09, ...SIM_CELL, terminalInfo(r), voltageLevel(r.battery), 0x04, alarm, 0x02], serial())];
    }
    if (fix.kind === 'gps') {
      // 0x22: GPS, cell, ACC, upload mode (0 fixed interval), real-time upload
      return [frame(0x22, [...time, ...gps(fix), ...SIM_CELL, r.acc ? 1 : 0, 0x00, 0x00], serial())];
    }
    // without GPS the guard reports the cells it hears (access points, when it has any, are not sent by this model)
    const cells = fix.cells.slice(0, 7);
    // 0x28: LBS multi-base: time, MCC, MNC, then (LAC, cell id (3 bytes), RSSI) × 7
    const padded = [...cells, ...Array.from({ length: 7 - cells.length }, () => ({ lac: 0, cid: 0, rssi: 0 }))];
    return [frame(0x28, [...time, ...u16(460), 0x00, ...padded.flatMap((c) => [...u16(c.lac), (c.cid >> 16) & 0xff, (c.cid >> 8) & 0xff, c.cid & 0xff, Math.min(255, Math.abs(c.rssi ?? 0))]), 0xff, 0x00, 0x02], serial())];
  },
  platformFrame(f, _imei, serial) {
    const long = f[0] === 0x79;
    const protocolAt = long ? 4 : 3;
    if (f[protocolAt] !== 0x80) return undefined;
    const length = f[protocolAt + 1]!;
    const flag = f.slice(protocolAt + 2, protocolAt + 6);
    const text = ASCII.decode(f.slice(protocolAt + 6, protocolAt + 2 + length));
    const result: PlatformCommand = {
      command: commandOf(text),
      // 0x21: server flag, encoding 1 (ASCII), content
      answer: (answer) => frame(0x21, [...flag, 0x01, ...Buffer.from(answer, 'latin1')], serial(), true),
    };
    return result;
  },
};
