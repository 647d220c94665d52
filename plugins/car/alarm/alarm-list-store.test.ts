import { describe, expect, it, vi } from 'vitest';
import { AlarmApi, type AlarmService, type HttpService, type LiveService, type MessageBus } from '@tianlu/sdk';
import { AlarmListStore, checkHistoryFilter, type HistoryFilter } from './alarm-list-store';
import { trackWindow } from './alarm-time';

function store(now = new Date('2026-03-01T12:00:00+08:00')) {
  const get = vi.fn(async () => ({ flag: 1, msg: '', obj: { total: 0, list: [] } }));
  // contract calls and plain GETs alike
  const http = { get, call: get } as unknown as HttpService;
  const live = { connect: vi.fn(), disconnect: vi.fn(), on: vi.fn(() => ({ dispose: vi.fn() })) } as unknown as LiveService;
  const s = new AlarmListStore({ http, live, alarms: {} as AlarmService, bus: {} as MessageBus, now: () => now });
  return { s, get };
}

const filter = (patch: Partial<HistoryFilter>): HistoryFilter => ({ start: '2026-03-01T00:00', end: '2026-03-02T00:00', alarmTypes: [], status: '', keyword: '', groupId: '', ...patch });

describe('AlarmListStore', () => {
  it('sends the picked alarm types as a comma list with the typed range as China time', async () => {
    const { s, get } = store();
    s.setTab('history');
    s.setHistory({ alarmTypes: ['sos', 'fenceEnter'], start: '2026-02-28T08:00', end: '2026-03-01T08:00' });
    s.search();
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    const [endpoint, query] = get.mock.calls.at(-1) as unknown as [unknown, Record<string, unknown>];
    expect(endpoint).toBe(AlarmApi.history);
    expect(query).toEqual({ current: 1, pageSize: 10, alarmType: 'sos,fenceEnter', start: '2026-02-28T08:00:00+08:00', end: '2026-03-01T08:00:59+08:00' });
  });

  it('starts the history range 24 hours back and ends it with today, on the China clock', () => {
    const { s } = store();
    expect(s.history.start).toBe('2026-02-28T12:00');
    expect(s.history.end).toBe('2026-03-01T23:59');
    // 23:30 UTC is already 07:30 of the next day in China
    const { s: early } = store(new Date('2026-03-01T23:30:00Z'));
    expect(early.history.start).toBe('2026-03-01T07:30');
    expect(early.history.end).toBe('2026-03-02T23:59');
  });
});

describe('history filter', () => {
  it('needs both times, an end after the start and at most 31 days', () => {
    expect(checkHistoryFilter(filter({}))).toEqual({});
    expect(checkHistoryFilter(filter({ start: '' }))).toEqual({ start: '请选择开始时间' });
    expect(checkHistoryFilter(filter({ end: '2026-03-01T00:00' }))).toEqual({ end: '结束时间必须晚于开始时间' });
    expect(checkHistoryFilter(filter({ end: '2026-04-01T00:00' }))).toEqual({});
    expect(checkHistoryFilter(filter({ end: '2026-04-01T00:01' }))).toEqual({ end: '查询时间范围不能超过 31 天' });
  });
});

describe('track window', () => {
  it('spans ten minutes before the start to ten minutes after the end, or after now while the alarm lasts', () => {
    const ended = trackWindow({ startTime: '2026-03-01T10:00:00+08:00', endTime: '2026-03-01T10:30:00+08:00' });
    expect(ended).toEqual({ start: '2026-03-01T09:50:00+08:00', end: '2026-03-01T10:40:00+08:00' });
    const open = trackWindow({ startTime: '2026-03-01T02:00:00Z', endTime: null }, new Date('2026-03-01T11:00:00+08:00'));
    expect(open).toEqual({ start: '2026-03-01T09:50:00+08:00', end: '2026-03-01T11:10:00+08:00' });
  });
});
