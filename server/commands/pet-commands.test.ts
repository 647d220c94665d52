import { describe, expect, it } from 'vitest';
import { gt06Protocol } from '../gateway/gt06/index';
import { toHex } from '../gateway/jt808/index';
import { watchProtocol } from '../gateway/watch/index';
import { gt06SimCodec } from '../sim/devices/gt06-sim-codec';
import { watchSimCodec } from '../sim/devices/watch-sim-codec';
import { commandDefinition, type CommandType } from './command-types';

// 宠物守护's 寻宠 actions as each collar receives them: locate now, ring (buzzer), light, 寻宠模式.
const IMEI = '358710040000099';
const gt06Collar = { assetKind: 'pet', protocol: 'gt06' };
const watchCollar = { assetKind: 'pet', protocol: 'watch' };

function device(type: CommandType, params: Record<string, unknown> = {}) {
  const def = commandDefinition(type);
  const parsed = def.parse(params);
  if (!parsed.ok) throw new Error(parsed.msg);
  return def.device(parsed.params)!;
}

/** The command's text inside the GT06 0x80 frame and the watch frame. */
function wire(type: CommandType, params: Record<string, unknown> = {}): { gt06: string; watch: string } {
  const cmd = device(type, params);
  const g = gt06Protocol.encodeCommand(cmd, { imei: IMEI, serial: 9 })!;
  const w = watchProtocol.encodeCommand(cmd, { imei: IMEI, serial: 9 })!;
  // 0x80 content: length, 4-byte server flag, then the text
  const frame = Buffer.from(g.frame);
  const text = frame.subarray(9, 9 + frame[4]! - 4).toString('latin1');
  return { gt06: text, watch: Buffer.from(w.frame).toString('latin1') };
}

describe('寻宠 commands on GT06 and watch-protocol collars', () => {
  it('立即定位 is WHERE# and CR', () => {
    expect(wire('locate')).toEqual({ gt06: 'WHERE#', watch: `[3G*${IMEI}*0002*CR]` });
  });

  it('响铃 (寻找设备) is FIND# and FIND', () => {
    expect(wire('findDevice')).toEqual({ gt06: 'FIND#', watch: `[3G*${IMEI}*0004*FIND]` });
  });

  it('开关灯 is LIGHT,ON# / LIGHT,OFF# and LIGHT,1 / LIGHT,0', () => {
    expect(wire('light', { action: 'on' })).toEqual({ gt06: 'LIGHT,ON#', watch: `[3G*${IMEI}*0007*LIGHT,1]` });
    expect(wire('light', { action: 'off' })).toEqual({ gt06: 'LIGHT,OFF#', watch: `[3G*${IMEI}*0007*LIGHT,0]` });
    expect(commandDefinition('light').parse({ action: 'blink' })).toEqual({ ok: false, msg: '灯光操作取值不正确' });
  });

  it('寻宠模式 sets the report interval to 10 s, and back to 60 s when cancelled (JT/T 808 0x8103 too)', () => {
    expect(wire('lostMode', { action: 'on' })).toEqual({ gt06: 'TIMER,10#', watch: `[3G*${IMEI}*0009*UPLOAD,10]` });
    expect(wire('lostMode', { action: 'off' })).toEqual({ gt06: 'TIMER,60#', watch: `[3G*${IMEI}*0009*UPLOAD,60]` });
    expect(toHex(commandDefinition('lostMode').encode({ action: 'on' }, '2013'))).toBe('01' + '00000029' + '04' + '0000000a');
    expect(commandDefinition('lostMode').parse({})).toEqual({ ok: false, msg: '寻宠模式操作不能为空' });
  });

  it('offers ring, light and 寻宠模式 to collars only', () => {
    for (const collar of [gt06Collar, watchCollar]) {
      for (const type of ['locate', 'findDevice', 'light', 'lostMode'] as const) expect(commandDefinition(type).unsupported(collar)).toBeUndefined();
    }
    expect(commandDefinition('light').unsupported({ assetKind: 'ebike', protocol: 'gt06' })).toBe('该终端不支持开关灯');
    expect(commandDefinition('findDevice').unsupported({ assetKind: 'ebike', protocol: 'gt06' })).toBe('该终端不支持寻找设备');
    expect(commandDefinition('lostMode').unsupported({ assetKind: 'vehicle', protocol: 'jt808' })).toBe('该终端不支持寻宠模式');
  });

  it('the simulated collars understand them and answer', () => {
    for (const [type, params, expected] of [
      ['findDevice', {}, { type: 'findDevice' }],
      ['light', { action: 'on' }, { type: 'light', on: true }],
      ['light', { action: 'off' }, { type: 'light', on: false }],
    ] as const) {
      const cmd = device(type, params);
      expect(gt06SimCodec.platformFrame(gt06Protocol.encodeCommand(cmd, { imei: IMEI, serial: 3 })!.frame, IMEI, () => 1)?.command).toEqual(expected);
      expect(watchSimCodec.platformFrame(watchProtocol.encodeCommand(cmd, { imei: IMEI, serial: 3 })!.frame, IMEI, () => 1)?.command).toEqual(expected);
    }
  });
});
