import { describe, expect, it } from 'vitest';
import { durationText, exportRangeProblem, formatCelsius, limitsText, readLimits, stateOf } from './temperature-text';

describe('how temperatures read', () => {
  it('writes a temperature with one decimal, a dash without one', () => {
    expect(formatCelsius(4)).toBe('4.0℃');
    expect(formatCelsius(-18.25)).toBe('-18.3℃');
    expect(formatCelsius(null)).toBe('—');
    expect(formatCelsius(Number.NaN)).toBe('—');
  });

  it('writes limits as a range', () => {
    expect(limitsText({ min: -25, max: -15 })).toBe('-25.0～-15.0℃');
  });

  it('is 超限 only outside the limits, the limits themselves being inside', () => {
    const limits = { min: 2, max: 8 };
    expect([1.9, 2, 8, 8.1].map((c) => stateOf(c, limits))).toEqual(['over', 'normal', 'normal', 'over']);
    expect(stateOf(undefined, limits)).toBe('none');
  });

  it('writes how long a trip took', () => {
    const at = (hhmm: string, day = '27') => `2026-11-${day}T${hhmm}:00+08:00`;
    expect(durationText(at('08:00'), at('08:00'))).toBe('不足1分钟');
    expect(durationText(at('08:00'), at('08:45'))).toBe('45分钟');
    expect(durationText(at('08:00'), at('10:05'))).toBe('2小时05分');
    expect(durationText(at('08:00', '26'), at('11:00', '27'))).toBe('1天3小时');
  });
});

describe('the limits typed', () => {
  it('are read as numbers when they can be', () => {
    expect(readLimits({ min: ' -25 ', max: '-15.5' })).toEqual({ min: -25, max: -15.5 });
    expect(readLimits({ min: '-50', max: '80' })).toEqual({ min: -50, max: 80 });
  });

  it('are refused in Chinese, naming the field and the rule', () => {
    const problem = (min: string, max: string) => (readLimits({ min, max }) as { problem?: string }).problem;
    expect(problem('', '8')).toBe('请输入下限');
    expect(problem('2', ' ')).toBe('请输入上限');
    expect(problem('两度', '8')).toBe('下限必须是数字');
    expect(problem('2', '8.25')).toBe('上限最多保留一位小数');
    expect(problem('-50.5', '8')).toBe('下限必须在 -50～80 ℃ 之间');
    expect(problem('2', '81')).toBe('上限必须在 -50～80 ℃ 之间');
    expect(problem('8', '8')).toBe('下限必须小于上限');
    expect(problem('9', '8')).toBe('下限必须小于上限');
  });
});

describe('the days of an export', () => {
  it('need both ends, in order, at most 31 days', () => {
    expect(exportRangeProblem({ start: '', end: '2026-11-27' })).toBe('请选择开始日期');
    expect(exportRangeProblem({ start: '2026-11-27', end: '' })).toBe('请选择结束日期');
    expect(exportRangeProblem({ start: '2026-11-27', end: '2026-11-26' })).toBe('结束日期不能早于开始日期');
    expect(exportRangeProblem({ start: '2026-10-28', end: '2026-11-27' })).toBeUndefined();
    expect(exportRangeProblem({ start: '2026-10-27', end: '2026-11-27' })).toBe('导出时间范围不能超过 31 天');
  });
});
