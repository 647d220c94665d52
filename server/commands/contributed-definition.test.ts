import { afterEach, describe, expect, it } from 'vitest';
import { decodePassthrough, decodeTextMessage, Jt808MsgId } from '../gateway/jt808/index';
import { findCommand } from './command-types';
import { CommandEncodeError, contributedDefinition, setInstalledCommandTypes, setPartCommandEncoders } from './contributed-commands';

const plugin = (code: string, extra: Record<string, unknown> = {}) => ({ type: { code, title: '甲', ...extra }, platformId: 99, systemId: 'x', title: '插件X' });
const jt808 = { assetKind: 'vehicle', protocol: 'jt808' };

afterEach(() => {
  setInstalledCommandTypes([]);
  setPartCommandEncoders('x', undefined);
});

describe('a contributed command type as the queue sees it', () => {
  it('is skipped with the reason while nothing can encode it, and fails if it is sent anyway', () => {
    setInstalledCommandTypes([plugin('x.a')]);
    const def = findCommand('x.a')!;
    expect(def.unsupported(jt808)).toBe('「插件X」的服务端未运行，暂不能下发甲');
    expect(() => def.wire!({}, '2013')).toThrow(new CommandEncodeError('「插件X」的服务端未运行，无法编码该指令'));
  });

  it('goes as what the running part encodes, its message id chosen by the carrier', () => {
    setInstalledCommandTypes([plugin('x.a')]);
    setPartCommandEncoders('x', { encoders: { 'x.a': () => ({ kind: 'passthrough', passthroughType: 0x41, encoding: 'utf8', payload: 'AT+T' }) }, run: (fn) => fn() });
    const def = contributedDefinition('x.a')!;
    expect(def.unsupported(jt808)).toBeUndefined();
    const wire = def.wire!({}, '2019');
    expect(wire.msgId).toBe(Jt808MsgId.DownlinkPassthrough);
    const d = decodePassthrough(wire.body);
    expect(d.ok && [d.value.type, new TextDecoder().decode(d.value.data)]).toEqual([0x41, 'AT+T']);
  });

  it('says why an encoder’s answer cannot go out', () => {
    setInstalledCommandTypes([plugin('x.a')]);
    setPartCommandEncoders('x', { encoders: { 'x.a': () => ({ kind: 'passthrough', passthroughType: 1, encoding: 'hex', payload: 'abc' }) }, run: (fn) => fn() });
    expect(() => contributedDefinition('x.a')!.wire!({}, '2013')).toThrow('「插件X」的服务端编码结果无效：透传内容必须是偶数位的十六进制');
  });

  it('fills a declared text carrier, emergency flag included; GT06 and watch devices cannot take it', () => {
    setInstalledCommandTypes([plugin('x.b', { params: [{ key: 'n', title: '数', kind: 'number' }], carrier: { kind: 'text', template: '第{n}号', emergency: true } })]);
    const def = findCommand('x.b')!;
    expect(def.parse({ n: '7' })).toEqual({ ok: true, params: { n: 7 } });
    const text = decodeTextMessage(def.wire!({ n: 7 }, '2013').body, '2013');
    expect(text.ok && text.value).toEqual({ flag: 0x01 | 0x04 | 0x08, text: '第7号' });
    expect(def.unsupported({ assetKind: 'vehicle', protocol: 'gt06', model: 'TL-G1' })).toBe('该终端（型号 TL-G1）不支持甲');
    expect(def.unsupported({ assetKind: 'person', protocol: 'watch' })).toBe('该终端不支持甲');
  });

  it('keeps a built-in sub-application’s code its own', () => {
    setInstalledCommandTypes([plugin('car.dispatch')]);
    expect(findCommand('car.dispatch')).toMatchObject({ name: '调度信息', contributedBy: { systemId: 'car' } });
  });
});
