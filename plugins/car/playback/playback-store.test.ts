import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KernelApi, GeocodeService, HttpService, MonitorApi, ToastService, type GeocodeService as Geocode, type HttpService as Http, type ToastService as Toast } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchPlayback } from './playback-query';
import { BASE_ZOOM, PlaybackStore } from './playback-store';

const NOW = Date.parse('2026-05-02T09:30:00+08:00');
const T0 = Date.parse('2026-05-01T08:00:00+08:00');
const TERMINAL = '13800007001';
const DAY = '?urlType=blank&terminalNo=13800007001&start=2026-05-01T00:00:00%2B08:00&end=2026-05-01T23:59:59%2B08:00';
/** What the console's geocoding service asks the server. */
const GEOCODE = KernelApi.geocode.path;

let kit: PageServer;

/**
 * 京A00001 on 2026-05-01: 600 reports every 5 s eastward from 116.0 along 40.0 with a small zigzag (the map
 * simplifies it away when zoomed out), a ten-minute stop, then 400 more eastward.
 */
beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const tenantId = (await store.org.findTenantByName('天路演示'))!.id;
  const { terminalId } = await store.fleet.provision({ tenantId, groupId: null, terminalNo: TERMINAL, displayNo: TERMINAL, authCode: 'x', plateNo: '京A00001' });
  const row = (at: number, lon: number, lat: number, moving: boolean) => ({
    terminalNo: TERMINAL, terminalId, tenantId, deviceTime: new Date(at), receivedTime: new Date(at), lon, lat, altitude: 0, speed: moving ? 30 : 0, course: 90,
    alarmFlags: 0, statusFlags: moving ? 3 : 2, mileage: undefined, extras: {}, backfill: false,
  });
  const rows = [];
  let t = T0;
  for (let i = 0; i < 600; i++, t += 5000) rows.push(row(t, 116.0 + i * 0.0002, 40.0 + (i % 2) * 0.0001, true));
  for (let i = 0; i < 120; i++, t += 5000) rows.push(row(t, 116.12, 40.0, false));
  for (let i = 0; i < 400; i++, t += 5000) rows.push(row(t, 116.12 + i * 0.0002, 40.0 + (i % 2) * 0.0001, true));
  await store.positions.writeBatch(rows);
});

afterAll(() => kit?.close());

/** The store over a kernel logged in as the demo admin, its clock at NOW. */
async function setup(afterFirstFrame?: (fn: () => void) => void) {
  const { kernel } = await kit.login();
  kit.forget();
  const geocode = kernel.get<Geocode>(GeocodeService);
  const lookups = vi.spyOn(geocode, 'getAddresses');
  const store = new PlaybackStore({ http: kernel.get<Http>(HttpService), geocode, toast: kernel.get<Toast>(ToastService), now: () => NOW, afterFirstFrame });
  return { store, lookups };
}

/** The addresses the server answered the console's lookups with. */
const answeredAddresses = () => kit.requests(GEOCODE).flatMap((r) => (r.answer as { address: string }[] | undefined)?.map((a) => a.address) ?? []);

let store: PlaybackStore | undefined;
afterEach(() => store?.dispose());

describe('PlaybackStore', () => {
  it('queries the vehicle and range of the link, simplified for the map, and the first page of points', async () => {
    const s = await setup();
    store = s.store;
    expect(s.store.applyQuery(DAY)).toBe(true);
    await s.store.query();
    const track = kit.requests(MonitorApi.track.path)[0]!;
    expect(track.query).toEqual({ terminalNo: TERMINAL, start: '2026-05-01T00:00:00+08:00', end: '2026-05-01T23:59:59+08:00', zoom: String(BASE_ZOOM), stopMinutes: '3' });
    const answer = track.answer as { points: unknown[]; totalPoints: number; simplified: boolean; stops: unknown[] };
    expect(answer).toMatchObject({ totalPoints: 1120, simplified: true });
    expect(s.store.playback.length).toBe(answer.points.length);
    expect(s.store.playback.length).toBeLessThan(1120);
    expect(s.store.playback.stops).toHaveLength(1);
    // the point table follows the first frame the map draws
    await vi.waitFor(() => expect(s.store.rows).toHaveLength(50), { timeout: 10_000 });
    expect(kit.requests(MonitorApi.trackPoints.path)[0]?.query).toMatchObject({ current: '1', pageSize: '50' });
    expect(s.store.pagination.total).toBe(1120);
    await vi.waitFor(() => expect(answeredAddresses()).toContain(s.store.stopAddresses.get(0)), { timeout: 10_000 });
  });

  it('puts the track on the map first: the point table, stop addresses and chart follow its first frame', async () => {
    const later: (() => void)[] = [];
    const s = await setup((fn) => later.push(fn));
    store = s.store;
    s.store.applyQuery(DAY);
    await s.store.query();
    expect(s.store.playback.length).toBeGreaterThan(0);
    expect(s.store.chartReady).toBe(false);
    expect(kit.requests().map((r) => r.path)).toEqual([MonitorApi.track.path]);
    expect(s.lookups).not.toHaveBeenCalled();
    later.shift()!();
    expect(s.store.chartReady).toBe(true);
    await vi.waitFor(() => expect(s.store.rows).toHaveLength(50));
    await vi.waitFor(() => expect(answeredAddresses()).toContain(s.store.stopAddresses.get(0)));
  });

  it('refines the view when zoomed in past the loaded zoom, once per view', async () => {
    const s = await setup();
    store = s.store;
    s.store.applyQuery(DAY);
    await s.store.query();
    const coarse = s.store.playback.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      s.store.onViewChange({ zoom: BASE_ZOOM, bounds: [115.9, 39.9, 116.4, 40.2] }); // nothing finer needed
      s.store.onViewChange({ zoom: 15, bounds: [116.0, 39.98, 116.1, 40.04] });
      vi.advanceTimersByTime(400);
    } finally {
      vi.useRealTimers();
    }
    const refine = () => kit.requests(MonitorApi.track.path).filter((r) => r.query.bbox);
    await vi.waitFor(() => expect(refine()).toHaveLength(1));
    await vi.waitFor(() => expect(s.store.playback.length).toBeGreaterThan(coarse));
    expect(refine()[0]!.query.zoom).toBe('15');
    // the box asked for covers the view and a margin around it
    const [minLon, minLat, maxLon, maxLat] = String(refine()[0]!.query.bbox).split(',').map(Number);
    expect(minLon).toBeLessThan(116.0);
    expect(maxLon).toBeGreaterThan(116.1);
    expect(minLat).toBeLessThan(39.98);
    expect(maxLat).toBeGreaterThan(40.04);
    const loaded = s.store.loadedPoints;
    // a view inside what was refined asks nothing
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      s.store.onViewChange({ zoom: 15, bounds: [116.02, 39.99, 116.08, 40.03] });
      vi.advanceTimersByTime(400);
    } finally {
      vi.useRealTimers();
    }
    // a refinement starts as its timer fires: none did
    expect(s.store.refining).toBe(false);
    expect(refine()).toHaveLength(1);
    expect(s.store.loadedPoints).toBe(loaded);
  });

  it('says what is wrong with the form before asking the server', async () => {
    const s = await setup();
    store = s.store;
    await s.store.query();
    expect(s.store.error).toBe('请选择车辆');
    s.store.setTerminal(TERMINAL);
    s.store.setRange(Date.parse('2026-05-01T00:00:00+08:00'), Date.parse('2026-05-09T00:00:00+08:00'));
    await s.store.query();
    expect(s.store.error).toBe('查询时间范围不能超过 7 天');
    s.store.setRange(Date.parse('2026-05-02T00:00:00+08:00'), Date.parse('2026-05-01T00:00:00+08:00'));
    await s.store.query();
    expect(s.store.error).toBe('结束时间不能早于开始时间');
    expect(kit.requests(MonitorApi.track.path)).toEqual([]);
  });

  it('shows the server’s message when the terminal is not the user’s', async () => {
    const s = await setup();
    store = s.store;
    s.store.setTerminal('13800007099');
    await s.store.query();
    expect(kit.requests(MonitorApi.track.path)[0]?.flag).toBe(404);
    expect(s.store.error).toBe('终端不存在');
    expect(s.store.answer).toBeUndefined();
  });

  it('looks up the address of each row in view once', async () => {
    const s = await setup();
    store = s.store;
    s.store.setTerminal(TERMINAL);
    s.store.setRange(Date.parse('2026-05-01T08:00:00+08:00'), Date.parse('2026-05-01T08:10:00+08:00'));
    await s.store.query();
    await vi.waitFor(() => expect(s.store.rows.length).toBeGreaterThan(1));
    const before = s.lookups.mock.calls.length;
    s.store.requestAddresses(s.store.rows);
    s.store.requestAddresses(s.store.rows);
    await vi.waitFor(() => expect(answeredAddresses()).toContain(s.store.addresses.get(s.store.rows[1]!.gpsTime)));
    expect(s.lookups).toHaveBeenCalledTimes(before + 1);
  });
});

describe('轨迹回放 asked ahead by its route', () => {
  it('asks the stop settings and the vehicles beside the page’s code; the page’s first load takes those answers', async () => {
    const asked = [MonitorApi.trackSettings.path, MonitorApi.list.path];
    const kernel = await kit.askAhead(prefetchPlayback, asked);
    const page = new PlaybackStore({ http: kernel.get<Http>(HttpService), geocode: kernel.get<Geocode>(GeocodeService), toast: kernel.get<Toast>(ToastService), now: () => NOW });
    try {
      await page.loadSettings();
      expect(page.vehicles.map((v) => v.plateNo)).toContain('京A00001');
      // nothing asked a second time
      expect(kit.askedTimes(asked)).toEqual([1, 1]);
    } finally {
      page.dispose();
    }
  });
});
