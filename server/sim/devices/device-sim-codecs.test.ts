import { describe, expect, it } from 'vitest';
import { gt06SimCodec } from './gt06-sim-codec';
import { watchSimCodec } from './watch-sim-codec';
import type { DeviceReport } from './device-motion';

const report: DeviceReport = {
  timeMs: Date.UTC(2026, 10, 24, 8, 30, 5), fix: { kind: 'gps', lon: 113.935, lat: 22.533, speed: 18.4, course: 271, satellites: 9 },
  battery: 64, charging: false, acc: true, armed: false, powerCutOff: false, steps: 1234, alarms: [],
};
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('GT06 as the simulator speaks it', () => {
  it('logs in with the IMEI in BCD and the CRC-ITU of the GT06 document', () => {
    // the document's own example: IMEI 123456789012345, serial 1 → CRC 0x8CDD
    expect(hex(gt06SimCodec.hello('123456789012345', report, 1)[0]!)).toBe('78780d01012345678901234500018cdd0d0a');
  });

  it('reports a GPS fix as 0x22 with latitude and longitude × 1 800 000 and the course/status word', () => {
    const [f] = gt06SimCodec.report('123456789012345', report, () => 7);
    expect(f![3]).toBe(0x22);
    const body = Buffer.from(f!.subarray(4));
    expect([...body.subarray(0, 6)]).toEqual([26, 11, 24, 8, 30, 5]);
    expect(body.readUInt32BE(7) / 1_800_000).toBeCloseTo(22.533, 6);
    expect(body.readUInt32BE(11) / 1_800_000).toBeCloseTo(113.935, 6);
    expect(body[15]).toBe(18);
    expect(body.readUInt16BE(16)).toBe((1 << 12) | (1 << 10) | 271);
  });

  it('sends an alarm as 0x26 while one is raised', () => {
    const [f] = gt06SimCodec.report('123456789012345', { ...report, alarms: ['vibration'] }, () => 8);
    expect(f![3]).toBe(0x26);
    expect(f![f!.length - 8]).toBe(0x03); // alarm byte, then language, serial, CRC and stop bits
  });

  it('understands the platform’s 0x80 commands and answers with 0x21 carrying the server flag', () => {
    const text = Buffer.from('DYD,000000#');
    const content = [0x80, 4 + text.length, 0, 0, 0, 42, ...text];
    const body = Uint8Array.from([content.length + 4, ...content, 0, 1]);
    const f = Uint8Array.from([0x78, 0x78, ...body, 0, 0, 0x0d, 0x0a]);
    const cmd = gt06SimCodec.platformFrame(f, '123456789012345', () => 9)!;
    expect(cmd.command).toEqual({ type: 'powerCut' });
    const answer = cmd.answer('Cut off the fuel supply: Success!');
    expect([...answer.subarray(0, 2)]).toEqual([0x79, 0x79]);
    expect(answer[4]).toBe(0x21);
    expect([...answer.subarray(5, 9)]).toEqual([0, 0, 0, 42]);
  });
});

describe('the watch protocol as the simulator speaks it', () => {
  it('frames content with its length in four hex digits', () => {
    expect(Buffer.from(watchSimCodec.hello('8800000015', report, 1)[0]!).toString()).toBe('[3G*8800000015*000C*LK,1234,0,64]');
  });

  it('reports UD with the fix, AL while an alarm is raised, and readings beside them', () => {
    const ud = Buffer.from(watchSimCodec.report('8800000015', report, () => 1)[0]!).toString();
    expect(ud).toMatch(/^\[3G\*8800000015\*[0-9A-F]{4}\*UD,241126,083005,A,22\.533000,N,113\.935000,E,18\.40,271,12\.0,9,100,64,1234,0,00000000,0,0\]$/);
    const declared = Number.parseInt(ud.split('*')[2]!, 16);
    expect(declared).toBe(ud.length - ud.indexOf('UD') - 1);
    const frames = watchSimCodec.report('8800000015', { ...report, alarms: ['sos'], readings: { heartRate: 78, systolic: 120, diastolic: 80, temperature: 36.6 } }, () => 1);
    const texts = frames.map((f) => Buffer.from(f).toString());
    expect(texts[0]).toMatch(/\*AL,241126,083005,A,.*,00010000,0,0\]$/);
    expect(texts.slice(1)).toEqual(['[3G*8800000015*000F*bphrt,120,80,78]', '[3G*8800000015*000D*btemp2,1,36.6]']);
  });

  it('understands the platform’s commands and answers with the word', () => {
    const f = Buffer.from('[3G*8800000015*000A*UPLOAD,120]');
    const cmd = watchSimCodec.platformFrame(f, '8800000015', () => 1)!;
    expect(cmd.command).toEqual({ type: 'interval', seconds: 120 });
    expect(Buffer.from(cmd.answer('OK')).toString()).toBe('[3G*8800000015*0006*UPLOAD]');
    expect(watchSimCodec.platformFrame(Buffer.from('[3G*8800000015*0002*LK]'), '8800000015', () => 1)).toBeUndefined();
  });
});
