import { describe, expect, it } from 'vitest';
import { Jt808MsgId, decodeTextMessage, toHex } from '../gateway/jt808/index';
import { gt06Protocol } from '../gateway/gt06/index';
import { watchProtocol } from '../gateway/watch/index';
import { COMMAND_TYPES, commandDefinition, type CommandType } from './command-types';

function body(type: CommandType, params: Record<string, unknown>, edition: '2013' | '2019' = '2013'): string {
  const def = commandDefinition(type);
  const parsed = def.parse(params);
  if (!parsed.ok) throw new Error(parsed.msg);
  return toHex(def.encode(parsed.params, edition));
}

function refusal(type: CommandType, params: Record<string, unknown>): string | undefined {
  const parsed = commandDefinition(type).parse(params);
  return parsed.ok ? undefined : parsed.msg;
}

describe('command bodies (JT/T 808 layouts)', () => {
  it('位置查询 is 0x8201 with an empty body', () => {
    expect(commandDefinition('locate').msgId).toBe(Jt808MsgId.QueryLocation);
    expect(body('locate', {})).toBe('');
  });

  it('设置上报间隔 is 0x8103: count, then id DWORD, length BYTE, value DWORD per parameter', () => {
    expect(commandDefinition('interval').msgId).toBe(0x8103);
    expect(body('interval', { seconds: 30 })).toBe('01' + '00000029' + '04' + '0000001e');
    expect(body('interval', { seconds: 10, sleepSeconds: 600 })).toBe('02' + '00000029' + '04' + '0000000a' + '00000027' + '04' + '00000258');
  });

  it('文本下发 is 0x8300: flag (display + TTS), 2019 text type, GBK text', () => {
    expect(body('text', { text: '你好' }, '2013')).toBe('0c' + 'c4e3bac3');
    expect(body('text', { text: '你好' }, '2019')).toBe('0c' + '01' + 'c4e3bac3');
    const decoded = decodeTextMessage(commandDefinition('text').encode({ text: '请回电 ok' }, '2019'), '2019');
    expect(decoded.ok && decoded.value.text).toBe('请回电 ok');
  });

  it('临时跟踪 is 0x8202: interval WORD, validity DWORD', () => {
    expect(body('track', { intervalSeconds: 5, durationSeconds: 600 })).toBe('0005' + '00000258');
  });

  it('终端控制 is 0x8105: command 4 restart, 5 factory reset', () => {
    expect(commandDefinition('control')).toMatchObject({ msgId: 0x8105, dangerous: true });
    expect(body('control', { action: 'restart' })).toBe('04');
    expect(body('control', { action: 'factoryReset' })).toBe('05');
  });

  it('断油断电 is 0x8500 in the maker range of either edition, and only for vehicles', () => {
    const def = commandDefinition('oilPower');
    expect(def).toMatchObject({ msgId: 0x8500, dangerous: true });
    expect(body('oilPower', { action: 'cut' }, '2013')).toBe('c0');
    expect(body('oilPower', { action: 'restore' }, '2013')).toBe('40');
    expect(body('oilPower', { action: 'cut' }, '2019')).toBe('0001' + 'f001' + '01');
    expect(body('oilPower', { action: 'restore' }, '2019')).toBe('0001' + 'f001' + '00');
    expect(def.unsupported({ assetKind: 'vehicle' })).toBeUndefined();
    expect(def.unsupported({ assetKind: 'pet' })).toBe('该终端不支持断油断电');
  });

  it('refuses bad parameters in Chinese', () => {
    expect(refusal('interval', {})).toBe('上报间隔不能为空');
    expect(refusal('interval', { seconds: 0 })).toBe('上报间隔必须在 1–3600 之间');
    expect(refusal('interval', { seconds: 1.5 })).toBe('上报间隔必须是整数');
    expect(refusal('interval', { seconds: 30, sleepSeconds: 'x' })).toBe('休眠上报间隔必须是整数');
    expect(refusal('text', { text: '   ' })).toBe('文本内容不能为空');
    expect(refusal('text', { text: '字'.repeat(201) })).toBe('文本内容长度不能超过 200 个字符');
    expect(refusal('track', { intervalSeconds: 30, durationSeconds: 10 })).toBe('跟踪时长不能小于跟踪间隔');
    expect(refusal('control', { action: 'powerOff' })).toBe('控制类型取值不正确');
    expect(refusal('oilPower', {})).toBe('断油断电操作不能为空');
    expect(refusal('interval', { seconds: '60' })).toBeUndefined();
  });
});

describe('commands across protocols', () => {
  const person = { assetKind: 'person', protocol: 'watch' };
  const ebike = { assetKind: 'ebike', protocol: 'gt06' };
  const truck = { assetKind: 'vehicle', protocol: 'jt808' };

  it('offers each command only to the terminals that have it', () => {
    const supportedBy = (target: { assetKind: string; protocol: string }) =>
      COMMAND_TYPES.filter((t) => commandDefinition(t).unsupported(target) === undefined);
    expect(supportedBy(truck)).toEqual(['locate', 'interval', 'text', 'track', 'control', 'oilPower']);
    expect(supportedBy(ebike)).toEqual(['locate', 'interval', 'control', 'oilPower', 'fortify', 'vibrationSensitivity']);
    expect(commandDefinition('vibrationSensitivity').unsupported({ assetKind: 'pet', protocol: 'gt06' })).toBe('该终端不支持设置震动灵敏度');
    expect(commandDefinition('vibrationSensitivity').unsupported({ ...ebike, protocol: 'jt808', model: 'TL-E2' })).toBe('该终端（型号 TL-E2）不支持设置震动灵敏度');
    expect(supportedBy(person)).toEqual(['locate', 'interval', 'text', 'control', 'findDevice', 'sosNumbers', 'monitor', 'powerOff']);
    // sent only from their own pages (宠物守护's 寻宠, 电动车卫士's 防盗设置), not from 下发指令
    expect(COMMAND_TYPES.filter((t) => !commandDefinition(t).offered)).toEqual(['light', 'lostMode', 'vibrationSensitivity']);
    expect(commandDefinition('oilPower').unsupported(person)).toBe('该终端不支持断油断电');
  });

  it('narrows support by model and by action, and names the model in the reason', () => {
    const collar = { assetKind: 'pet', protocol: 'watch', model: 'TL-P2 项圈' };
    const kidsWatch = { assetKind: 'person', protocol: 'watch', model: 'Q50' };
    const gt06Collar = { assetKind: 'pet', protocol: 'gt06', model: 'TL-P1 项圈' };
    // the watch-protocol collar has no screen and no SOS key; a watch of another model has both
    expect(commandDefinition('text').unsupported(collar)).toBe('该终端（型号 TL-P2 项圈）不支持文本下发');
    expect(commandDefinition('sosNumbers').unsupported({ ...collar, model: 'tl-p2' })).toBe('该终端（型号 tl-p2）不支持设置SOS号码');
    expect(commandDefinition('text').unsupported(kidsWatch)).toBeUndefined();
    // a collar has no relay and nothing to arm
    expect(commandDefinition('oilPower').unsupported(gt06Collar)).toBe('该终端（型号 TL-P1 项圈）不支持断油断电');
    expect(commandDefinition('fortify').unsupported(gt06Collar)).toBe('该终端（型号 TL-P1 项圈）不支持设防撤防');
    // devices of other protocols restart but have no factory reset
    const control = commandDefinition('control');
    expect(control.unsupported(ebike)).toBeUndefined();
    expect(control.unsupported(ebike, { action: 'restart' })).toBeUndefined();
    expect(control.unsupported({ ...ebike, model: 'TL-E8 防盗器' }, { action: 'factoryReset' })).toBe('该终端（型号 TL-E8 防盗器）不支持恢复出厂设置');
    expect(control.unsupported(truck, { action: 'factoryReset' })).toBeUndefined();
  });

  it('refuses a power cut to a moving asset unless forced, and never refuses restoring it', () => {
    const def = commandDefinition('oilPower');
    expect(def.refusalWhileMoving?.({ action: 'cut' }, 18.4)).toBe('行驶中（18 km/h），为安全未断电；停稳后再试，或确认安全后强制执行');
    expect(def.refusalWhileMoving?.({ action: 'cut' }, 18.4, 'vehicle')).toBe('行驶中（18 km/h），为安全未断电；停稳后再试，或确认安全后强制执行');
    // a guard bound to nothing speaks as a vehicle's; an e-bike is ridden
    expect(def.refusalWhileMoving?.({ action: 'cut' }, 18.4, null)).toBe('行驶中（18 km/h），为安全未断电；停稳后再试，或确认安全后强制执行');
    expect(def.refusalWhileMoving?.({ action: 'cut' }, 18.4, 'ebike')).toBe('骑行中（18 km/h），为安全未断电；停稳后再试，或确认安全后强制执行');
    expect(def.refusalWhileMoving?.({ action: 'cut', force: true }, 18)).toBeUndefined();
    expect(def.refusalWhileMoving?.({ action: 'restore' }, 18)).toBeUndefined();
    expect(commandDefinition('control').refusalWhileMoving).toBeUndefined();
  });

  it('maps 位置查询 and 断油电 to each protocol’s own command in the common device model', () => {
    expect(commandDefinition('locate').device({})).toEqual({ type: 'locate' });
    expect(commandDefinition('oilPower').device({ action: 'cut' })).toEqual({ type: 'powerCut' });
    expect(commandDefinition('oilPower').device({ action: 'restore' })).toEqual({ type: 'powerRestore' });
    expect(commandDefinition('control').device({ action: 'factoryReset' })).toBeUndefined();
    expect(commandDefinition('fortify').device({ action: 'arm' })).toEqual({ type: 'arm' });
  });

  it('tells a GT06 e-bike guard its 震动灵敏度 as its own text command, refusing a level it has not', () => {
    const def = commandDefinition('vibrationSensitivity');
    expect(def.parse({ level: '3' })).toEqual({ ok: true, params: { level: 3 } });
    expect(def.parse({ level: 4 })).toEqual({ ok: false, msg: '震动灵敏度必须是 1（低）、2（中）或 3（高）' });
    expect(def.parse({})).toEqual({ ok: false, msg: '震动灵敏度不能为空' });
    const command = def.device({ level: 1 })!;
    expect(command).toEqual({ type: 'vibrationSensitivity', level: 1 });
    const encoded = gt06Protocol.encodeCommand(command, { imei: '358710060000771', serial: 7 })!;
    // 0x80 content: length, server flag, then the text
    expect(Buffer.from(encoded.frame).toString('latin1')).toContain('SENSITIVITY,1#');
    expect(watchProtocol.encodeCommand(command, { imei: '8800000015', serial: 1, vendor: '3G' })).toBeUndefined();
  });

  it('checks SOS numbers and the listen-in number', () => {
    const sos = commandDefinition('sosNumbers');
    expect(sos.parse({ numbers: '13800138000, 13900139000' })).toEqual({ ok: true, params: { numbers: ['13800138000', '13900139000'] } });
    expect(sos.parse({ numbers: '1,2,3,4' })).toEqual({ ok: false, msg: 'SOS号码最多 3 个' });
    expect(sos.parse({ numbers: '138-0013' })).toEqual({ ok: false, msg: 'SOS号码 138-0013 格式不正确' });
    expect(sos.parse({})).toEqual({ ok: false, msg: 'SOS号码不能为空' });
    expect(commandDefinition('monitor').parse({ phone: 'abc' })).toEqual({ ok: false, msg: '回拨号码格式不正确' });
    expect(commandDefinition('monitor').dangerous).toBe(true);
  });
});
