import { describe, expect, it } from 'vitest';
import { monthRangeProblem, QUICK_RANGES, rangeProblem } from './date-range';

describe('report date ranges', () => {
  it('offers 今天, 昨天, 最近7天 and 本月 as China days, across a month end', () => {
    expect(QUICK_RANGES.map((q) => [q.label, q.range('2026-03-01')])).toEqual([
      ['今天', { start: '2026-03-01', end: '2026-03-01' }],
      ['昨天', { start: '2026-02-28', end: '2026-02-28' }],
      ['最近7天', { start: '2026-02-23', end: '2026-03-01' }],
      ['本月', { start: '2026-03-01', end: '2026-03-01' }],
    ]);
  });

  it('takes at most 31 days, both ends included, and says what is missing or wrong', () => {
    expect(rangeProblem({ start: '2026-01-01', end: '2026-01-31' })).toBeUndefined();
    expect(rangeProblem({ start: '2026-01-01', end: '2026-02-01' })).toBe('查询日期范围不能超过 31 天');
    expect(rangeProblem({ start: '', end: '2026-02-01' })).toBe('请选择开始日期');
    expect(rangeProblem({ start: '2026-01-01', end: '' })).toBe('请选择结束日期');
    expect(rangeProblem({ start: '2026-01-02', end: '2026-01-01' })).toBe('结束日期不能早于开始日期');
  });

  it('takes at most 12 months', () => {
    expect(monthRangeProblem({ start: '2025-06', end: '2026-05' })).toBeUndefined();
    expect(monthRangeProblem({ start: '2025-05', end: '2026-05' })).toBe('查询月份范围不能超过 12 个月');
    expect(monthRangeProblem({ start: '2026-05', end: '2026-04' })).toBe('结束月份不能早于开始月份');
  });
});
