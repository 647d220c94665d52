import { describe, expect, it } from 'vitest';
import { checkHistoryFilter, defaultHistoryFilter, historyQuery, type HistoryFilter } from './alarm-history-query';

const filter = (patch: Partial<HistoryFilter>): HistoryFilter => ({ start: '2026-03-01T00:00', end: '2026-03-02T00:00', alarmTypes: [], status: '', keyword: '', groupId: '', ...patch });

describe('history filter', () => {
  it('needs both times, an end after the start and at most 31 days', () => {
    expect(checkHistoryFilter(filter({}))).toEqual({});
    expect(checkHistoryFilter(filter({ start: '' }))).toEqual({ start: '请选择开始时间' });
    expect(checkHistoryFilter(filter({ end: '2026-03-01T00:00' }))).toEqual({ end: '结束时间必须晚于开始时间' });
    expect(checkHistoryFilter(filter({ end: '2026-04-01T00:00' }))).toEqual({});
    expect(checkHistoryFilter(filter({ end: '2026-04-01T00:01' }))).toEqual({ end: '查询时间范围不能超过 31 天' });
  });

  it('starts the range 24 hours back and ends it with today, on the China clock', () => {
    const noon = defaultHistoryFilter(Date.parse('2026-03-01T12:00:00+08:00'));
    expect([noon.start, noon.end]).toEqual(['2026-02-28T12:00', '2026-03-01T23:59']);
    // 23:30 UTC is already 07:30 of the next day in China
    const early = defaultHistoryFilter(Date.parse('2026-03-01T23:30:00Z'));
    expect([early.start, early.end]).toEqual(['2026-03-01T07:30', '2026-03-02T23:59']);
  });

  it('sends the picked types as a comma list and the typed minutes as China time, the end minute whole', () => {
    expect(historyQuery(filter({ alarmTypes: ['sos', 'fenceEnter'], start: '2026-02-28T08:00', end: '2026-03-01T08:00', keyword: ' 京A ', status: '0', groupId: '7' }))).toEqual({
      start: '2026-02-28T08:00:00+08:00', end: '2026-03-01T08:00:59+08:00', alarmType: 'sos,fenceEnter', status: 0, keyword: '京A', groupId: 7,
    });
    expect(historyQuery(filter({}))).toEqual({ start: '2026-03-01T00:00:00+08:00', end: '2026-03-02T00:00:59+08:00' });
  });
});
