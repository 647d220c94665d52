// A minimal text protocol for testing what DeviceGateway does whatever the protocol: one frame per
// line, `L,imei` login (reply OK at once), `P,imei?,lon,lat,speed,isoTime[,alarm]` position (reply
// ACK after commit), `C,cell` an LBS report, `H,battery` heartbeat, `R,key,text` a command answer.
import type { DeviceCommand, DeviceMessage, DeviceProtocol, FrameSplitter } from '../device-protocol';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const MAX = 256;

export const lineReply = (text: string) => encoder.encode(`${text}\n`);

class LineSplitter implements FrameSplitter {
  private pending = '';
  push(chunk: Uint8Array): { frames: Uint8Array[]; skipped: number; fault?: string } {
    this.pending += decoder.decode(chunk);
    const frames: Uint8Array[] = [];
    let nl: number;
    while ((nl = this.pending.indexOf('\n')) >= 0) {
      frames.push(encoder.encode(this.pending.slice(0, nl)));
      this.pending = this.pending.slice(nl + 1);
    }
    return this.pending.length > MAX ? { frames, skipped: 0, fault: 'line too long' } : { frames, skipped: 0 };
  }
}

function message(kind: DeviceMessage['kind'], type: string, extra: Partial<DeviceMessage> = {}): DeviceMessage {
  return { kind, type, fixes: [], alarms: [], replies: [], ...extra };
}

export const lineProtocol: DeviceProtocol & { name: 'gt06' } = {
  name: 'gt06',
  maxFrameBytes: MAX,
  createSplitter: () => new LineSplitter(),
  decode(frame) {
    const [type, ...f] = decoder.decode(frame).split(',');
    switch (type) {
      case 'L':
        return /^\d{10,15}$/.test(f[0] ?? '')
          ? { ok: true, message: message('login', 'L', { imei: f[0], replies: [{ frame: lineReply('OK'), afterCommit: false }] }) }
          : { ok: false, reason: 'invalid-value', detail: 'imei' };
      case 'P': {
        const [lon, lat, speed] = f.slice(0, 3).map(Number);
        const time = new Date(f[3] ?? '');
        if (![lon, lat, speed].every(Number.isFinite)) return { ok: false, reason: 'invalid-value' };
        return {
          ok: true,
          message: message(f[4] ? 'alarm' : 'location', 'P', {
            fixes: [{ time, source: 'gps', valid: true, lon, lat, speed: speed!, course: 0 }],
            alarms: f[4] ? [f[4] as DeviceMessage['alarms'][number]] : [],
            replies: [{ frame: lineReply('ACK'), afterCommit: true }],
          }),
        };
      }
      case 'C':
        return { ok: true, message: message('location', 'C', {
          fixes: [{ time: new Date(f[1] ?? ''), source: 'lbs', valid: false, speed: 0, course: 0, cells: [{ mcc: 460, mnc: 0, lac: 1, cid: Number(f[0]) }] }],
          replies: [{ frame: lineReply('ACK'), afterCommit: true }],
        }) };
      case 'H':
        return { ok: true, message: message('heartbeat', 'H', { status: { battery: Number(f[0]) }, replies: [{ frame: lineReply('HB'), afterCommit: false }] }) };
      case 'R':
        return { ok: true, message: message('commandAnswer', 'R', { answer: { matchKey: f[0] ?? '', text: f.slice(1).join(',') } }) };
      default:
        return { ok: false, reason: 'bad-frame', detail: type };
    }
  },
  encodeCommand(command: DeviceCommand, target) {
    if (command.type !== 'locate' && command.type !== 'powerCut') return undefined;
    return { frame: lineReply(`CMD,${target.serial},${command.type}`), matchKey: String(target.serial) };
  },
};
