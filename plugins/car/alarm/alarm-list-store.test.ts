import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AlarmApi, AlarmService, HttpService, LiveService, MessageBus } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { AlarmListStore, checkHistoryFilter, type HistoryFilter } from './alarm-list-store';
import { trackWindow } from './alarm-time';

const NOW = new Date('2026-03-01T12:00:00+08:00');
const TERMINAL = '17400000001';

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: TERMINAL, displayNo: TERMINAL, authCode: 'x', plateNo: '告警测A1' });
  const { terminalId } = (await store.fleet.terminalAuth(TERMINAL))!;
  const raise = (alarmType: string, at: string) => store.alarms.open({ tenantId: demo.id, terminalId, alarmType, source: 'terminal', startTime: new Date(at), endTime: new Date(at), lon: 116.4, lat: 39.9, speed: 0, detail: {} });
  await raise('sos', '2026-02-28T09:00:00+08:00');
  await raise('fenceEnter', '2026-03-01T08:00:30+08:00');
  // another type, and the picked types outside the range
  await raise('powerCut', '2026-02-28T10:00:00+08:00');
  await raise('sos', '2026-02-28T07:59:00+08:00');
  await raise('fenceEnter', '2026-03-01T08:01:00+08:00');
});

afterAll(() => kit?.close());

/** The store over a kernel logged in as the demo admin, its clock at `now`. */
async function store(now = NOW) {
  const { kernel } = await kit.login();
  const s = new AlarmListStore({ http: kernel.get<HttpService>(HttpService), live: kernel.get<LiveService>(LiveService), alarms: kernel.get<AlarmService>(AlarmService), bus: kernel.get<MessageBus>(MessageBus), now: () => now });
  return { s };
}

const filter = (patch: Partial<HistoryFilter>): HistoryFilter => ({ start: '2026-03-01T00:00', end: '2026-03-02T00:00', alarmTypes: [], status: '', keyword: '', groupId: '', ...patch });

describe('AlarmListStore', () => {
  it('sends the picked alarm types as a comma list with the typed range as China time', async () => {
    const { s } = await store();
    kit.forget();
    s.setTab('history');
    s.setHistory({ alarmTypes: ['sos', 'fenceEnter'], start: '2026-02-28T08:00', end: '2026-03-01T08:00' });
    s.search();
    // the tab's first load and the search, answered in either order
    await vi.waitFor(() => expect(kit.requests(AlarmApi.history.path)).toHaveLength(2));
    const sent = kit.requests(AlarmApi.history.path).find((r) => r.query.alarmType !== undefined)!;
    expect(sent.query).toEqual({ current: '1', pageSize: '10', alarmType: 'sos,fenceEnter', start: '2026-02-28T08:00:00+08:00', end: '2026-03-01T08:00:59+08:00' });
    expect(sent.flag).toBe(1);
    // the server picks the two types within the typed minutes: the SOS at 09:00 and the fence entered at 08:00:30
    await vi.waitFor(() => expect(s.rows.map((r) => [r.alarmType, r.startTime])).toEqual([['fenceEnter', '2026-03-01T08:00:30+08:00'], ['sos', '2026-02-28T09:00:00+08:00']]));
  });

  it('starts the history range 24 hours back and ends it with today, on the China clock', async () => {
    const { s } = await store();
    expect(s.history.start).toBe('2026-02-28T12:00');
    expect(s.history.end).toBe('2026-03-01T23:59');
    // 23:30 UTC is already 07:30 of the next day in China
    const { s: early } = await store(new Date('2026-03-01T23:30:00Z'));
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
