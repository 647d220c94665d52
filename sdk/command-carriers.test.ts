import { describe, expect, it } from 'vitest';
import { carrierFromDeclaration, carrierProblem, checkCommandParams, fillCommandTemplate } from './command-carriers';
import { parseContributions } from './extension-points';

const LIMIT = { key: 'limit', title: '温度上限', kind: 'number', required: true, min: -40, max: 40, unit: '℃' } as const;
const NOTE = { key: 'note', title: '备注', kind: 'text', maxLength: 4 } as const;

describe('contributed command parameters', () => {
  it('answers the values to send: numbers as numbers, texts trimmed, undeclared keys dropped', () => {
    expect(checkCommandParams([LIMIT, NOTE], { limit: ' -18 ', note: ' 冷冻 ', extra: 1 })).toEqual({ ok: true, params: { limit: -18, note: '冷冻' } });
    expect(checkCommandParams([LIMIT, NOTE], { limit: 4, note: '' })).toEqual({ ok: true, params: { limit: 4 } });
  });

  it('refuses in Chinese what its declaration does not allow', () => {
    expect(checkCommandParams([LIMIT], {})).toEqual({ ok: false, msg: '温度上限不能为空' });
    expect(checkCommandParams([LIMIT], { limit: 'x' })).toEqual({ ok: false, msg: '温度上限必须是数字' });
    expect(checkCommandParams([LIMIT], { limit: 41 })).toEqual({ ok: false, msg: '温度上限不能大于 40℃' });
    expect(checkCommandParams([LIMIT], { limit: -41 })).toEqual({ ok: false, msg: '温度上限不能小于 -40℃' });
    expect(checkCommandParams([LIMIT, NOTE], { limit: 1, note: '五个字太长' })).toEqual({ ok: false, msg: '备注长度不能超过 4 个字符' });
    expect(checkCommandParams([NOTE], { note: { a: 1 } })).toEqual({ ok: false, msg: '备注必须是文字' });
  });
});

describe('carriers', () => {
  it('fills a template from the parameters', () => {
    expect(fillCommandTemplate('请于 {minutes} 分钟内到达{{北门}}', { minutes: 30 })).toBe('请于 30 分钟内到达{北门}');
    expect(carrierFromDeclaration({ kind: 'passthrough', passthroughType: 0xf1, encoding: 'hex', template: '01{v}' }, { v: 'ee' }))
      .toEqual({ kind: 'passthrough', passthroughType: 0xf1, encoding: 'hex', payload: '01ee' });
  });

  it('says why an encoder’s answer cannot be sent', () => {
    expect(carrierProblem({ kind: 'text', text: '你好' })).toBeUndefined();
    expect(carrierProblem({ kind: 'text', text: ' ' })).toBe('文本信息不能为空');
    expect(carrierProblem({ kind: 'passthrough', passthroughType: 256, encoding: 'hex', payload: '01' })).toBe('透传类型必须是 0～255 的整数');
    expect(carrierProblem({ kind: 'passthrough', passthroughType: 1, encoding: 'hex', payload: '0' })).toBe('透传内容必须是偶数位的十六进制');
    expect(carrierProblem({ kind: 'sms' })).toBe('kind 必须是 text（0x8300 文本信息下发）或 passthrough（0x8900 数据下行透传）');
    expect(carrierProblem(null)).toBe('编码结果必须是对象 { kind: "text" | "passthrough", … }');
  });

  it('is checked with the command type in parseContributions, its template against the parameters', () => {
    const ok = { code: 'cold.note', title: '提醒', params: [NOTE], carrier: { kind: 'text', template: '提醒：{note}', emergency: true } };
    expect(parseContributions({ commandTypes: [ok] })).toEqual({ contributions: { commandTypes: [ok] } });
    expect(parseContributions({
      commandTypes: [
        { code: 'cold.a', title: '甲', params: [NOTE], carrier: { kind: 'text', template: '{nope}', colour: 'red' } },
        { code: 'cold.b', title: '乙', carrier: { kind: 'passthrough', passthroughType: -1, encoding: 'base64', template: '' } },
        { code: 'cold.c', title: '丙', carrier: { kind: 'fax', template: 'x' } },
      ],
    })).toEqual({
      errors: [
        'contributes.commandTypes[0].carrier.colour 不是 text 载体的字段',
        'contributes.commandTypes[0].carrier.template 中的 {nope} 不是该指令的参数',
        'contributes.commandTypes[1].carrier.template 必须是 1～1000 个字符的文字',
        'contributes.commandTypes[1].carrier.passthroughType 必须是 0～255 的整数',
        'contributes.commandTypes[1].carrier.encoding 必须是 hex 或 utf8',
        'contributes.commandTypes[2].carrier.kind 必须是 text（0x8300 文本信息下发）或 passthrough（0x8900 数据下行透传）',
      ],
    });
  });
});
