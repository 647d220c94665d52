// The device side of the watch protocol for the simulator, written from the protocol document:
// `[3G*IMEI*LEN*CONTENT]` with LEN the content length in four hex digits; LK keep-alive, UD
// location (GPS, or cells and WiFi without a fix), AL alarm, heart rate / blood pressure /
// temperature / blood oxygen readings, and answers to the platform's commands (the command word echoed).
import type { DeviceCommand, FrameSplitter } from '../../gateway/device-protocol';
import type { DeviceReport } from './device-motion';
import type { DeviceSimCodec } from './simulated-device';

const VENDOR = '3G';
const latin1 = new TextDecoder('latin1');
const encoder = new TextEncoder();

/** A frame of `content` as the device `imei` sends it. */
export function watchFrame(imei: string, content: string): Uint8Array {
  const bytes = encoder.encode(content);
  return encoder.encode(`[${VENDOR}*${imei}*${bytes.length.toString(16).toUpperCase().padStart(4, '0')}*${content}]`);
}

const two = (n: number) => String(n).padStart(2, '0');

/** Status word bits: 0 low battery, 1 out of fence, 2 into fence, 16 SOS, 17 low battery alarm, 20 take-off, 21 fall. */
function statusWord(r: DeviceReport): string {
  let word = 0;
  if (r.battery <= 20) word |= 1;
  if (r.alarms.includes('sos')) word |= 1 << 16;
  if (r.alarms.includes('lowBattery')) word |= 1 << 17;
  if (r.alarms.includes('takeOff')) word |= 1 << 20;
  if (r.alarms.includes('fall')) word |= 1 << 21;
  return word.toString(16).padStart(8, '0');
}

/** The UD / AL body: date, time, fix, speed, course, altitude, satellites, signal, battery, steps, rolls, status, cells, WiFi. */
function location(r: DeviceReport): string {
  const d = new Date(r.timeMs);
  const date = `${two(d.getUTCDate())}${two(d.getUTCMonth() + 1)}${two(d.getUTCFullYear() - 2000)}`;
  const time = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  const f = r.fix;
  const gps = f.kind === 'gps'
    ? `A,${Math.abs(f.lat).toFixed(6)},${f.lat >= 0 ? 'N' : 'S'},${Math.abs(f.lon).toFixed(6)},${f.lon >= 0 ? 'E' : 'W'},${f.speed.toFixed(2)},${Math.round(f.course)},12.0,${f.satellites}`
    : 'V,0.000000,N,0.000000,E,0.00,0,0.0,0';
  const cells = f.kind === 'gps' ? [] : f.cells;
  const wifi = f.kind === 'wifi' ? f.wifi : [];
  const cellPart = cells.length === 0
    ? '0'
    : `${cells.length},1,${cells[0]!.mcc},${cells[0]!.mnc},${cells.map((c) => `${c.lac},${c.cid},${Math.abs(c.rssi ?? 60)}`).join(',')}`;
  const wifiPart = `${wifi.length}${wifi.map((w) => `,ap${w.mac.slice(-2)},${w.mac},${w.rssi ?? -60}`).join('')}`;
  return `${date},${time},${gps},100,${r.battery},${r.steps},0,${statusWord(r)},${cellPart},${wifiPart}`;
}

class WatchSplitter implements FrameSplitter {
  private pending = '';
  push(chunk: Uint8Array): { frames: Uint8Array[]; skipped: number } {
    this.pending += latin1.decode(chunk);
    const frames: Uint8Array[] = [];
    let skipped = 0;
    for (;;) {
      const start = this.pending.indexOf('[');
      if (start < 0) {
        skipped += this.pending.length;
        this.pending = '';
        break;
      }
      skipped += start;
      this.pending = this.pending.slice(start);
      const end = this.pending.indexOf(']');
      if (end < 0) break;
      frames.push(encoder.encode(this.pending.slice(0, end + 1)));
      this.pending = this.pending.slice(end + 1);
    }
    return { frames, skipped };
  }
}

function commandOf(word: string, args: string[]): DeviceCommand | undefined {
  switch (word) {
    case 'CR':
      return { type: 'locate' };
    case 'UPLOAD':
      return { type: 'interval', seconds: Number(args[0]) };
    case 'FIND':
      return { type: 'findDevice' };
    case 'LIGHT':
      return { type: 'light', on: args[0] === '1' };
    case 'SOS':
      return { type: 'sosNumbers', numbers: args.filter((a) => a !== '') };
    case 'MONITOR':
      return { type: 'monitor', phone: args[0] ?? '' };
    case 'POWEROFF':
      return { type: 'powerOff' };
    case 'RESET':
      return { type: 'reset' };
    case 'MESSAGE':
      return { type: 'text', text: args.join(',') };
    default:
      return undefined;
  }
}

/** The watch protocol as a simulated badge or collar speaks it. */
export const watchSimCodec: DeviceSimCodec = {
  protocol: 'watch',
  createSplitter: () => new WatchSplitter(),
  hello: (imei, r) => [watchFrame(imei, `LK,${r.steps},0,${r.battery}`)],
  heartbeat: (imei, r) => watchFrame(imei, `LK,${r.steps},0,${r.battery}`),
  report(imei, r) {
    const frames = [watchFrame(imei, `${r.alarms.length > 0 ? 'AL' : 'UD'},${location(r)}`)];
    const x = r.readings;
    if (x?.heartRate !== undefined) frames.push(watchFrame(imei, `bphrt,${x.systolic ?? 0},${x.diastolic ?? 0},${x.heartRate}`));
    if (x?.temperature !== undefined) frames.push(watchFrame(imei, `btemp2,1,${x.temperature.toFixed(1)}`));
    if (x?.spo2 !== undefined) frames.push(watchFrame(imei, `oxygen,1,${x.spo2}`));
    return frames;
  },
  platformFrame(f, imei) {
    const text = latin1.decode(f);
    const content = /^\[[A-Z0-9]{2}\*[0-9]+\*[0-9A-Fa-f]{4}\*(.*)\]$/s.exec(text)?.[1];
    if (!content) return undefined;
    const [word = '', ...args] = content.split(',');
    // replies to what the device sent carry no arguments and name a report word
    if (['LK', 'AL', 'UD', 'UD2', 'TKQ', 'TKQ2', 'bphrt', 'btemp2'].includes(word)) return undefined;
    return { command: commandOf(word, args), answer: () => watchFrame(imei, word) };
  },
};
