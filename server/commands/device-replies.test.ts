import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gt06Protocol } from '../gateway/gt06/index';
import { describeDeviceReply, UNKNOWN_REPLY_TEXT } from './device-replies';

interface Vector {
  id: string;
  hex: string;
}

const vectors = JSON.parse(readFileSync(new URL('../gateway/gt06/testdata/gt06-vectors.json', import.meta.url), 'utf8')) as Vector[];

/** The answer text of a recorded GT06 frame, decoded the way the gateway decodes it. */
function answerOf(id: string): { matchKey: string; text: string } {
  const vector = vectors.find((v) => v.id === id)!;
  const decoded = gt06Protocol.decode(Buffer.from(vector.hex, 'hex'), {});
  if (!decoded.ok || !decoded.message.answer) throw new Error(`${id} is not a command answer`);
  return decoded.message.answer;
}

describe('device replies in Chinese, the device’s own words kept', () => {
  it('maps the GT06 answers recorded from real devices (traccar’s decoder tests)', () => {
    const cases: [string, 0 | 1, string][] = [
      ['traccar-gt06-49', 0, '断油断电成功'],
      ['traccar-gt06-55', 0, '断油断电成功'],
      ['traccar-gt06-56', 0, '恢复油电成功'],
      ['traccar-gt06-54', 0, '油电已是接通状态，无需重复执行'],
      ['traccar-gt06-37', 1, '设备不识别该指令'],
      ['traccar-gt06-51', 0, '设备已回复当前位置'],
    ];
    for (const [id, code, text] of cases) {
      const answer = answerOf(id);
      expect(describeDeviceReply('gt06', answer.matchKey, answer.text), id).toEqual({ code, text, raw: answer.text });
    }
  });

  it('reads a relay refusal as not done, with the speed the device gave', () => {
    expect(describeDeviceReply('gt06', '1', 'DYD=Speed Limit, Speed 25km/h')).toEqual({
      code: 1, text: '车速过高（25 km/h），设备拒绝断油断电', raw: 'DYD=Speed Limit, Speed 25km/h',
    });
    expect(describeDeviceReply('gt06', '1', 'Speed Limit is too high')).toMatchObject({ code: 1, text: '车速过高，设备拒绝断油断电' });
    expect(describeDeviceReply('gt06', '1', 'DYD=Unvalued Fix')).toMatchObject({ code: 1, text: '设备未定位，暂不执行断油断电' });
  });

  it('says a vehicle’s relay answers as 油电 and an e-bike guard’s as its power (断电, 恢复供电)', () => {
    const cases: [string, string, string][] = [
      ['traccar-gt06-49', '断油断电成功', '断电成功'],
      ['traccar-gt06-56', '恢复油电成功', '恢复供电成功'],
      ['traccar-gt06-54', '油电已是接通状态，无需重复执行', '供电已是接通状态，无需重复执行'],
    ];
    for (const [id, vehicle, ebike] of cases) {
      const answer = answerOf(id);
      expect(describeDeviceReply('gt06', answer.matchKey, answer.text, 'vehicle').text, id).toBe(vehicle);
      expect(describeDeviceReply('gt06', answer.matchKey, answer.text, null).text, id).toBe(vehicle);
      expect(describeDeviceReply('gt06', answer.matchKey, answer.text, 'ebike'), id).toEqual({ code: 0, text: ebike, raw: answer.text });
    }
    expect(describeDeviceReply('gt06', '1', 'HFYD=Success!', 'ebike').text).toBe('恢复供电成功');
    expect(describeDeviceReply('gt06', '1', 'Already in the state of fuel supply cut off', 'ebike').text).toBe('供电已是断开状态，无需重复执行');
    expect(describeDeviceReply('gt06', '1', 'Already in the state of fuel supply cut off', 'vehicle').text).toBe('油电已是断开状态，无需重复执行');
    expect(describeDeviceReply('gt06', '1', 'DYD=Speed Limit, Speed 25km/h', 'ebike')).toMatchObject({ code: 1, text: '车速过高（25 km/h），设备拒绝断电' });
    expect(describeDeviceReply('gt06', '1', 'DYD=Speed Limit, Speed 25km/h', 'vehicle')).toMatchObject({ code: 1, text: '车速过高（25 km/h），设备拒绝断油断电' });
    expect(describeDeviceReply('gt06', '1', 'DYD=Unvalued Fix', 'ebike')).toMatchObject({ code: 1, text: '设备未定位，暂不执行断电' });
    // answers that are not about the relay read alike for every kind
    expect(describeDeviceReply('gt06', '2', 'Defence activated: Success!', 'ebike').text).toBe('设防成功');
  });

  it('maps the simulated guards’ answers', () => {
    expect(describeDeviceReply('gt06', '2', 'Defence activated: Success!').text).toBe('设防成功');
    expect(describeDeviceReply('gt06', '2', 'Defence deactivated: Success!').text).toBe('撤防成功');
    expect(describeDeviceReply('gt06', '2', 'Interval set to 30s OK').text).toBe('上报间隔已设为 30 秒');
    expect(describeDeviceReply('gt06', '2', 'Sensitivity set to 3: Success!')).toEqual({ code: 0, text: '震动灵敏度已设为高', raw: 'Sensitivity set to 3: Success!' });
    expect(describeDeviceReply('gt06', '2', 'SENSITIVITY OK').text).toBe('震动灵敏度已设置');
    expect(describeDeviceReply('gt06', '2', 'SENSITIVITY,4 error')).toEqual({ code: 1, text: UNKNOWN_REPLY_TEXT, raw: 'SENSITIVITY,4 error' });
    expect(describeDeviceReply('gt06', '2', 'Unknown command, invalid')).toMatchObject({ code: 1, text: '设备不识别该指令' });
  });

  it('labels an answer it does not know, keeps its words, and still reads a failure in them', () => {
    const iccid = answerOf('traccar-gt06-13');
    expect(describeDeviceReply('gt06', iccid.matchKey, iccid.text)).toEqual({ code: 0, text: UNKNOWN_REPLY_TEXT, raw: '<ICCID:89882390000097302650>' });
    expect(describeDeviceReply('gt06', '3', 'SPEED,ON,120 failed')).toEqual({ code: 1, text: UNKNOWN_REPLY_TEXT, raw: 'SPEED,ON,120 failed' });
    expect(describeDeviceReply('gt06', '3', 'x'.repeat(500)).raw).toHaveLength(200);
  });

  it('reads a watch’s echoed command word as done, with the word as its 设备原文', () => {
    expect(describeDeviceReply('watch', 'CR', '')).toEqual({ code: 0, text: '设备已收到定位指令，稍后上报位置', raw: 'CR' });
    expect(describeDeviceReply('watch', 'POWEROFF', '')).toEqual({ code: 0, text: '设备即将关机', raw: 'POWEROFF' });
    expect(describeDeviceReply('watch', 'UPLOAD', '60')).toEqual({ code: 0, text: '上报间隔已设置', raw: 'UPLOAD,60' });
    expect(describeDeviceReply('watch', 'ZZ', 'error')).toEqual({ code: 1, text: UNKNOWN_REPLY_TEXT, raw: 'ZZ,error' });
  });
});
