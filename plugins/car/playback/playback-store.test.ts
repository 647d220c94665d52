import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, toChinaIso, type Endpoint, type Envelope, type GeocodeService, type HttpService, type ToastService, type TrackAnswer, type TrackPoint } from '@tianlu/sdk';
import { quickRange } from './playback-range';
import { BASE_ZOOM, PlaybackStore } from './playback-store';

const NOW = Date.parse('2026-05-02T09:30:00+08:00');
const T0 = Date.parse('2026-05-01T08:00:00+08:00');

function point(seconds: number, lon: number, lat: number): TrackPoint {
  const iso = toChinaIso(T0 + seconds * 1000);
  return {
    terminalNo: '013800000001', plateNo: '京A00001', lon, lat, speed: 30, course: 90, altitude: 0, gpsTime: iso, receivedTime: iso,
    alarmFlags: 0, statusFlags: 3, acc: true, located: true, mileage: null,
  };
}

function answer(points: TrackPoint[], extra: Partial<TrackAnswer> = {}): TrackAnswer {
  return {
    terminalNo: '013800000001', plateNo: '京A00001', points, totalPoints: 1000, simplified: true, stopMinutes: 3,
    stops: points.length > 2 ? [{ startTime: points[1].gpsTime, endTime: points[2].gpsTime, durationSeconds: 600, lon: 116.1, lat: 40 }] : [],
    alarms: [],
    totals: { mileageKm: 12, mileageSource: 'odometer', drivingSeconds: 3000, stopCount: 1, stopSeconds: 600, maxSpeed: 60, startTime: points[0].gpsTime, endTime: points[points.length - 1].gpsTime },
    speedSeries: { t: [T0], v: [30] },
    ...extra,
  };
}

const ok = <T,>(obj: T): Envelope<T> => ({ flag: 1, msg: '', obj });

function setup(routes: Record<string, (query: Record<string, unknown>) => Envelope | Promise<Envelope>>, afterFirstFrame?: (fn: () => void) => void) {
  const calls: { url: string; query: Record<string, unknown> }[] = [];
  const get = vi.fn(async (url: string, query: Record<string, unknown> = {}) => {
    calls.push({ url, query });
    const route = routes[url];
    if (!route) throw new HttpError('网络异常');
    const res = await route(query);
    return res;
  });
  // a contract call goes where the real service sends a GET: its path with the query
  const call = (endpoint: Endpoint, query?: Record<string, unknown>) => get(endpoint.path, query);
  const http = { get, call, downloadBlob: vi.fn(async () => undefined) } as unknown as HttpService;
  const geocode = { getAddresses: vi.fn(async (items: { index: number }[]) => items.map((i) => ({ index: i.index, address: `地址${i.index}` }))) } as unknown as GeocodeService;
  const toast = { show: vi.fn() } as unknown as ToastService;
  const store = new PlaybackStore({ http, geocode, toast, now: () => NOW, afterFirstFrame });
  return { store, calls, http, geocode, toast };
}

const coarse = [point(0, 116.0, 40.0), point(600, 116.1, 40.0), point(1200, 116.1, 40.0), point(1800, 116.2, 40.1)];
const page = (q: Record<string, unknown>) => ok({ total: 1000, list: [point(Number(q.current) * 10, 116, 40), point(Number(q.current) * 10 + 5, 116.001, 40)] });

let store: PlaybackStore | undefined;
afterEach(() => store?.dispose());

describe('PlaybackStore', () => {
  it('queries the vehicle and range of the link, simplified for the map, and the first page of points', async () => {
    const s = setup({ '/car/v4/api/track/list.json': () => ok(answer(coarse)), '/car/v4/api/track/points.json': page });
    store = s.store;
    expect(s.store.applyQuery('?urlType=blank&terminalNo=013800000001&start=2026-05-01T00:00:00%2B08:00&end=2026-05-01T23:59:59%2B08:00')).toBe(true);
    await s.store.query();
    expect(s.calls[0]).toEqual({
      url: '/car/v4/api/track/list.json',
      query: { terminalNo: '013800000001', start: '2026-05-01T00:00:00+08:00', end: '2026-05-01T23:59:59+08:00', zoom: BASE_ZOOM, stopMinutes: 3 },
    });
    expect(s.store.playback.length).toBe(4);
    expect(s.store.playback.stops).toHaveLength(1);
    await vi.waitFor(() => expect(s.store.rows).toHaveLength(2));
    expect(s.calls[1]).toMatchObject({ url: '/car/v4/api/track/points.json', query: { current: 1, pageSize: 50 } });
    expect(s.store.pagination.total).toBe(1000);
    await vi.waitFor(() => expect(s.store.stopAddresses.get(0)).toBe('地址0'));
  });

  it('puts the track on the map first: the point table, stop addresses and chart follow its first frame', async () => {
    const later: (() => void)[] = [];
    const s = setup({ '/car/v4/api/track/list.json': () => ok(answer(coarse)), '/car/v4/api/track/points.json': page }, (fn) => later.push(fn));
    store = s.store;
    s.store.applyQuery('?terminalNo=013800000001&start=2026-05-01T00:00:00%2B08:00&end=2026-05-01T23:59:59%2B08:00');
    await s.store.query();
    expect(s.store.playback.length).toBe(4);
    expect(s.store.chartReady).toBe(false);
    expect(s.calls.map((c) => c.url)).toEqual(['/car/v4/api/track/list.json']);
    expect(s.geocode.getAddresses).not.toHaveBeenCalled();
    later.shift()!();
    expect(s.store.chartReady).toBe(true);
    await vi.waitFor(() => expect(s.store.rows).toHaveLength(2));
    await vi.waitFor(() => expect(s.store.stopAddresses.get(0)).toBe('地址0'));
  });

  it('refines the view when zoomed in past the loaded zoom, once per view', async () => {
    const refined = [point(300, 116.05, 40.02), point(900, 116.1, 40.0)];
    const s = setup({
      '/car/v4/api/track/list.json': (q) => ok(q.bbox ? answer(refined) : answer(coarse)),
      '/car/v4/api/track/points.json': page,
    });
    store = s.store;
    s.store.applyQuery('?terminalNo=013800000001&start=2026-05-01T00:00:00%2B08:00&end=2026-05-01T23:59:59%2B08:00');
    await s.store.query();
    vi.useFakeTimers();
    try {
      s.store.onViewChange({ zoom: BASE_ZOOM, bounds: [116, 39.9, 116.3, 40.2] }); // nothing finer needed
      s.store.onViewChange({ zoom: 15, bounds: [116.0, 39.98, 116.1, 40.04] });
      await vi.advanceTimersByTimeAsync(400);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(s.store.playback.length).toBe(6));
    const refine = s.calls.filter((c) => c.query.bbox);
    expect(refine).toHaveLength(1);
    expect(refine[0].query.zoom).toBe(15);
    // the box asked for covers the view and a margin around it
    const [minLon, minLat, maxLon, maxLat] = String(refine[0].query.bbox).split(',').map(Number);
    expect(minLon).toBeLessThan(116.0);
    expect(maxLon).toBeGreaterThan(116.1);
    expect(minLat).toBeLessThan(39.98);
    expect(maxLat).toBeGreaterThan(40.04);
    // a view inside what was refined asks nothing
    vi.useFakeTimers();
    try {
      s.store.onViewChange({ zoom: 15, bounds: [116.02, 39.99, 116.08, 40.03] });
      await vi.advanceTimersByTimeAsync(400);
    } finally {
      vi.useRealTimers();
    }
    expect(s.calls.filter((c) => c.query.bbox)).toHaveLength(1);
    expect(s.store.loadedPoints).toBe(6);
  });

  it('says what is wrong with the form before asking the server', async () => {
    const s = setup({});
    store = s.store;
    await s.store.query();
    expect(s.store.error).toBe('请选择车辆');
    s.store.setTerminal('013800000001');
    s.store.setRange(Date.parse('2026-05-01T00:00:00+08:00'), Date.parse('2026-05-09T00:00:00+08:00'));
    await s.store.query();
    expect(s.store.error).toBe('查询时间范围不能超过 7 天');
    s.store.setRange(Date.parse('2026-05-02T00:00:00+08:00'), Date.parse('2026-05-01T00:00:00+08:00'));
    await s.store.query();
    expect(s.store.error).toBe('结束时间不能早于开始时间');
    expect(s.calls).toEqual([]);
  });

  it('shows the server’s message when the terminal is not the user’s', async () => {
    const s = setup({ '/car/v4/api/track/list.json': () => ({ flag: 404, msg: '终端不存在', obj: null }) });
    store = s.store;
    s.store.setTerminal('013800000099');
    await s.store.query();
    expect(s.store.error).toBe('终端不存在');
    expect(s.store.answer).toBeUndefined();
  });

  it('looks up the address of each row in view once', async () => {
    const s = setup({ '/car/v4/api/track/list.json': () => ok(answer(coarse, { stops: [] })), '/car/v4/api/track/points.json': page });
    store = s.store;
    s.store.setTerminal('013800000001');
    await s.store.query();
    await vi.waitFor(() => expect(s.store.rows).toHaveLength(2));
    s.store.requestAddresses(s.store.rows);
    s.store.requestAddresses(s.store.rows);
    await vi.waitFor(() => expect(s.store.addresses.get(s.store.rows[1].gpsTime)).toBe('地址1'));
    expect(s.geocode.getAddresses).toHaveBeenCalledTimes(1);
  });
});

describe('time ranges', () => {
  it('offers 今天, 昨天 and 最近3天 in China time', () => {
    expect(quickRange('today', NOW).map(toChinaIso)).toEqual(['2026-05-02T00:00:00+08:00', '2026-05-02T09:30:00+08:00']);
    expect(quickRange('yesterday', NOW).map(toChinaIso)).toEqual(['2026-05-01T00:00:00+08:00', '2026-05-01T23:59:59+08:00']);
    expect(quickRange('last3days', NOW).map(toChinaIso)).toEqual(['2026-04-30T00:00:00+08:00', '2026-05-02T09:30:00+08:00']);
  });
});
