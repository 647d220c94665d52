import { describe, expect, it } from 'vitest';
import { checkSettingValues, parsePluginSettings, withSettingDefaults, type PluginSettingField } from './plugin-settings';

const FIELDS: PluginSettingField[] = [
  { key: 'maxCelsius', title: '最高温度', kind: 'number', default: 8, min: -40, max: 60, unit: '℃' },
  { key: 'every', title: '采样间隔', kind: 'number', min: 1, integer: true },
  { key: 'note', title: '备注', kind: 'text', maxLength: 10 },
  { key: 'notify', title: '短信提醒', kind: 'boolean' },
  { key: 'mode', title: '模式', kind: 'choice', options: [{ value: 'fast', label: '快' }, { value: 'slow', label: '慢' }] },
];

describe('parsePluginSettings', () => {
  it('takes a declaration of the four kinds', () => {
    expect(parsePluginSettings(FIELDS)).toEqual({ settings: FIELDS });
  });

  it('names every problem in Chinese, field by field', () => {
    const result = parsePluginSettings([
      { key: '1st', title: '', kind: 'colour' },
      { key: 'a', title: '甲', kind: 'number', min: 5, max: 1, maxLength: 3 },
      { key: 'a', title: '乙', kind: 'choice', options: [] },
      { key: 'b', title: '丙', kind: 'text', default: 42, colour: 'red' },
      { key: 'c', title: '丁', kind: 'number', max: 10, default: 11 },
    ]);
    expect(result).toEqual({
      errors: [
        'settings[0].key 只能包含字母、数字、- 和 _，并以字母开头',
        'settings[0].title 必须是 1～40 个字符的文字',
        'settings[0].kind 必须是 text、number、boolean 或 choice',
        'settings[1].maxLength 不适用于数字（number）设置项',
        'settings[1].min 不能大于 max',
        'settings[2].options 必须是 1～50 个选项的数组',
        'settings[2].key（a）重复',
        'settings[3].colour 不是设置项的字段',
        'settings[4].default 不符合该设置项：丁不能大于 10',
      ],
    });
    expect(parsePluginSettings({})).toEqual({ errors: ['settings 必须是设置项的数组'] });
  });
});

describe('setting values', () => {
  it('fills in defaults: declared, else min, empty, off or the first choice', () => {
    expect(withSettingDefaults(FIELDS, undefined)).toEqual({ maxCelsius: 8, every: 1, note: '', notify: false, mode: 'fast' });
  });

  it('reads a stored value the declaration no longer admits as the default, and drops keys it no longer declares', () => {
    expect(withSettingDefaults(FIELDS, { maxCelsius: 99, mode: 'slow', gone: 1 })).toEqual({ maxCelsius: 8, every: 1, note: '', notify: false, mode: 'slow' });
  });

  it('checks what is sent, keeping the current value of a field left out', () => {
    expect(checkSettingValues(FIELDS, { every: 5 }, { maxCelsius: 3 })).toEqual({ values: { maxCelsius: 3, every: 5, note: '', notify: false, mode: 'fast' } });
    expect(checkSettingValues(FIELDS, { every: 1.5, note: '一二三四五六七八九十一', mode: 'x', extra: true })).toEqual({
      errors: ['没有名为 extra 的设置项', '采样间隔必须是整数', '备注不能超过 10 个字符', '模式必须是 快、慢 之一'],
    });
    expect(checkSettingValues(FIELDS, { maxCelsius: -41 })).toEqual({ errors: ['最高温度必须在 -40～60 ℃ 之间'] });
    expect(checkSettingValues(FIELDS, [])).toEqual({ errors: ['设置值必须是对象'] });
  });
});
