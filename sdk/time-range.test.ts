import { describe, expect, it } from 'vitest';
import { toChinaIso } from './china-time';
import { dayTimeRange, quickTimeRange, timeRangeProblem } from './time-range';

const NOW = Date.parse('2026-05-02T09:30:00+08:00');
const at = (iso: string) => Date.parse(iso);

describe('time ranges of the track pages', () => {
  it('offers 今天, 昨天, 最近3天 and 最近7天 in China time', () => {
    expect(quickTimeRange('today', NOW).map(toChinaIso)).toEqual(['2026-05-02T00:00:00+08:00', '2026-05-02T09:30:00+08:00']);
    expect(quickTimeRange('yesterday', NOW).map(toChinaIso)).toEqual(['2026-05-01T00:00:00+08:00', '2026-05-01T23:59:59+08:00']);
    expect(quickTimeRange('last3days', NOW).map(toChinaIso)).toEqual(['2026-04-30T00:00:00+08:00', '2026-05-02T09:30:00+08:00']);
    expect(quickTimeRange('last7days', NOW).map(toChinaIso)).toEqual(['2026-04-26T00:00:00+08:00', '2026-05-02T09:30:00+08:00']);
  });

  it('takes a whole China day for a day, even late in the UTC day', () => {
    const { start, end } = dayTimeRange(at('2026-05-01T23:30:00+08:00'));
    expect([start!, end!].map(toChinaIso)).toEqual(['2026-05-01T00:00:00+08:00', '2026-05-01T23:59:59+08:00']);
  });

  it('says what is missing or too long, in the words of what is chosen', () => {
    const day = { start: at('2026-05-01T00:00:00+08:00'), end: at('2026-05-01T23:59:59+08:00') };
    expect(timeRangeProblem('', day, 7, '人员')).toBe('请选择人员');
    expect(timeRangeProblem('013800000001', { start: undefined, end: day.end }, 7)).toBe('请选择开始时间');
    expect(timeRangeProblem('013800000001', { start: day.start, end: undefined }, 7)).toBe('请选择结束时间');
    expect(timeRangeProblem('013800000001', { start: day.end, end: day.start }, 7)).toBe('结束时间不能早于开始时间');
    expect(timeRangeProblem('013800000001', { start: day.start, end: at('2026-05-09T00:00:00+08:00') }, 7)).toBe('查询时间范围不能超过 7 天');
    expect(timeRangeProblem('013800000001', day, 7)).toBeUndefined();
  });
});
