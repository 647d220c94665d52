import { afterEach, describe, expect, it, vi } from 'vitest';
import { action, autorun, observable } from 'mobx';
import type { GeocodeService } from '../../services/geocode-service';
import { HttpService as HttpServiceToken, type HttpService } from '../../services/http-service';
import type { ServiceGetter } from '../../plugin';
import { prefetchAssetMonitor } from '../asset-monitor';
import type { Endpoint } from '../../endpoint';
import { MonitorApi } from '../../contracts/monitor';
import type { LiveService, LiveStatus, MonitorItem } from '../../services/live-service';
import type { MessageBus } from '../../services/message-bus';
import { monitorItem } from '../../testing/monitor-item';
import { MonitorStore } from './asset-monitor-store';
import { assetStatusView } from './asset-monitor-format';

const v = (terminalNo: string, plateNo: string, patch: Partial<MonitorItem> = {}): MonitorItem =>
  monitorItem(terminalNo, { plateNo, groupId: 1, speed: 10, course: 0, altitude: 0, statusFlags: 0, mileage: 0, ...patch });

const FLEET = [v('3', '京C'), v('1', '京A'), v('2', '京B', { online: false })];

/** A LiveService edge: an observable map and status the test writes to, as the channel would. */
function fakeLive() {
  const positions = observable.map<string, MonitorItem>(undefined, { deep: false });
  const state = observable({ status: 'offline' as LiveStatus, positionsLive: false });
  const setStatus = action((status: LiveStatus) => {
    state.status = status;
    if (status !== 'live') state.positionsLive = false;
  });
  const unwatch = vi.fn();
  return {
    positions,
    get status() {
      return state.status;
    },
    get positionsLive() {
      return state.positionsLive;
    },
    setStatus,
    watchPositions: vi.fn(() => {
      setStatus('connecting');
      return { dispose: unwatch };
    }),
    unwatch,
    merge: vi.fn(action((items: readonly MonitorItem[]) => items.forEach((i) => positions.set(i.terminalNo, i)))),
    /** The channel's snapshot arrives. */
    snapshot: action((items: readonly MonitorItem[]) => {
      positions.replace(items.map((i) => [i.terminalNo, i]));
      state.status = 'live';
      state.positionsLive = true;
    }),
  };
}

function setup(listReply: () => Promise<object> = async () => ({ flag: 1, msg: '', obj: { total: 3, list: FLEET } })) {
  const live = fakeLive();
  const get = vi.fn(async (url: string, _query?: object) => {
    if (url.endsWith('tree.json')) return { flag: 1, msg: '', obj: [{ id: 1, name: '车队', children: [] }] };
    return listReply();
  });
  // a contract call goes where the real service sends a GET: its path with the query
  const http = { get, call: (endpoint: Endpoint, query?: object) => get(endpoint.path, query) };
  const geocode = { getAddresses: vi.fn(async (items: { index: number }[]) => items.map((i) => ({ index: i.index, address: `地址${i.index}` }))), getAddress: vi.fn(), searchPlace: vi.fn() };
  const bus = { emit: vi.fn(() => 1), on: vi.fn() };
  const store = new MonitorStore({
    http: http as unknown as HttpService,
    live: live as unknown as LiveService,
    geocode: geocode as unknown as GeocodeService,
    bus: bus as unknown as MessageBus,
  });
  return { store, live, http, geocode, bus };
}

/** The store's edges around a given http fake. */
function setupDeps(http: { get: unknown }) {
  const { live, geocode, bus } = setup();
  return { http: http as unknown as HttpService, live: live as unknown as LiveService, geocode: geocode as unknown as GeocodeService, bus: bus as unknown as MessageBus };
}

afterEach(() => vi.useRealTimers());

describe('MonitorStore', () => {
  it('watches the live positions, loads the tree and shows what the channel’s snapshot brings, without asking list.json', async () => {
    const { store, live, http } = setup();
    const stop = store.start();
    expect(live.watchPositions).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(store.groups).toHaveLength(1));
    expect(store.loading).toBe(true);
    live.snapshot(FLEET);
    expect(store.loading).toBe(false);
    expect(store.items.map((i) => i.plateNo)).toEqual(['京A', '京B', '京C']);
    expect(http.get.mock.calls.map(([url]) => url)).toEqual([MonitorApi.tree.path]);
    stop();
    expect(live.unwatch).toHaveBeenCalledOnce();
  });

  it('keeps loading while the channel is live without its positions yet (the alarm desk opened it)', async () => {
    const { store, live } = setup();
    live.setStatus('live');
    const stop = store.start();
    live.setStatus('live');
    await vi.waitFor(() => expect(store.groups).toHaveLength(1));
    expect(store.liveStatus).toBe('connecting');
    expect(store.loading).toBe(true);
    live.snapshot(FLEET);
    expect(store.liveStatus).toBe('live');
    expect(store.loading).toBe(false);
    stop();
  });

  it('does not load again on start when a load already began', async () => {
    const { store, live, http } = setup();
    const loaded = store.load();
    const stop = store.start();
    await loaded;
    expect(live.watchPositions).toHaveBeenCalledOnce();
    expect(http.get).toHaveBeenCalledOnce();
    stop();
  });

  it('reads list.json (large page, its kind) when the channel goes offline before a snapshot reached the page, and not when it drops later', async () => {
    const { store, live, http } = setup();
    const stop = store.start();
    live.setStatus('offline');
    await vi.waitFor(() => expect(store.items.map((i) => i.plateNo)).toEqual(['京A', '京B', '京C']));
    expect(http.get).toHaveBeenCalledWith(MonitorApi.list.path, expect.objectContaining({ pageSize: 20000, assetKind: 'vehicle' }));
    expect(store.loading).toBe(false);
    stop();

    const second = setup();
    const again = second.store.start();
    second.live.snapshot(FLEET);
    second.live.setStatus('offline');
    second.live.setStatus('connecting');
    second.live.setStatus('offline');
    await vi.waitFor(() => expect(second.store.groups).toHaveLength(1));
    expect(second.http.get.mock.calls.filter(([url]) => url.endsWith('list.json'))).toEqual([]);
    again();
  });

  it('says why list.json failed and reads it again on 重试', async () => {
    let fail = true;
    const { store, live } = setup(async () => (fail ? { flag: 500, msg: '服务器内部错误', obj: null } : { flag: 1, msg: '', obj: { total: 3, list: FLEET } }));
    const stop = store.start();
    live.setStatus('offline');
    await vi.waitFor(() => expect(store.error).toBe('服务器内部错误'));
    expect(store.items).toEqual([]);
    fail = false;
    await store.load();
    expect(store.error).toBeUndefined();
    expect(store.items).toHaveLength(3);
    stop();
  });

  it('reads live positions: an update shows up in what the map and table get, without fetching', async () => {
    const { store, live, http } = setup();
    await store.load();
    live.snapshot(FLEET);
    const calls = http.get.mock.calls.length;
    live.positions.set('1', v('1', '京A', { lon: 117 }));
    expect(store.shown.find((i) => i.terminalNo === '1')?.lon).toBe(117);
    expect(http.get.mock.calls.length).toBe(calls);
  });

  it('filters by status and keyword and leaves out unticked vehicles', async () => {
    const { store, live } = setup();
    live.snapshot(FLEET);
    store.setStatus('online');
    expect(store.shown.map((i) => i.terminalNo)).toEqual(['1', '3']);
    store.setKeyword('c');
    expect(store.shown.map((i) => i.terminalNo)).toEqual(['3']);
    store.setKeyword('');
    store.setVisibility(['1'], false);
    expect(store.shown.map((i) => i.terminalNo)).toEqual(['3']);
    store.setVisibility(['1'], true);
    expect(store.shown).toHaveLength(2);
  });

  it('selecting a vehicle opens the host dialog through the message bus', async () => {
    const { store, bus, live } = setup();
    live.snapshot(FLEET);
    store.select('2');
    expect(store.selected).toBe('2');
    expect(bus.emit).toHaveBeenCalledWith('showVehInfo', { terminalNo: '2', plateNo: '京B', tab: 'follow' });
  });

  it('geocodes only the rows it is given, once per place', async () => {
    const { store, geocode, live } = setup();
    live.snapshot(FLEET);
    store.requestAddresses([store.items[0]]);
    await vi.waitFor(() => expect(store.addressOf(store.items[0])).toBe('地址0'));
    store.requestAddresses([store.items[0]]);
    // every vehicle stands at the same place here: one lookup answers them all
    expect(geocode.getAddresses).toHaveBeenCalledOnce();
    expect(store.addressOf(store.items[2])).toBe('地址0');
  });

  it('looks up a row in view as its first position arrives (its terminal came online), not at the next refresh', async () => {
    const { store, geocode, live } = setup();
    const stop = store.start();
    live.snapshot([v('9', '京Z', { lon: null, lat: null, online: false })]);
    store.requestAddresses(store.shown);
    expect(geocode.getAddresses).not.toHaveBeenCalled();
    live.positions.set('9', v('9', '京Z'));
    await vi.waitFor(() => expect(store.addressOf(store.shown[0]!)).toBe('地址0'));
    expect(geocode.getAddresses).toHaveBeenCalledOnce();
    // another report at the same place asks nothing more
    live.positions.set('9', v('9', '京Z', { speed: 0 }));
    await Promise.resolve();
    expect(geocode.getAddresses).toHaveBeenCalledOnce();
    stop();
  });

  it('counts expired assets apart: neither online nor offline', async () => {
    const { store, live } = setup();
    live.snapshot(FLEET);
    live.positions.set('4', v('4', '京D', { online: false, lon: null, lat: null, speed: null, gpsTime: null, expired: true, hint: '服务已到期，请续费' }));
    expect(store.shownCounts).toEqual({ shown: 4, online: 2, offline: 1, expired: 1 });
    // the server's status filter puts it with the assets that are not online
    store.setStatus('online');
    expect(store.shownCounts).toEqual({ shown: 2, online: 2, offline: 0, expired: 0 });
  });

  it('shows 服务已到期 with the server’s hint as the status of an expired asset', () => {
    const expired = v('4', '京D', { online: false, lon: null, lat: null, speed: null, expired: true, hint: '服务已到期，请续费' });
    expect(assetStatusView(expired)).toMatchObject({ state: 'expired', label: '服务已到期', title: '服务已到期，请续费' });
    expect(assetStatusView(v('1', '京A', { online: false }))).toEqual({ state: 'offline', label: '离线', color: '#8a8f98' });
    expect(assetStatusView(v('1', '京A', { speed: 30 }))).toMatchObject({ state: 'moving', label: '行驶' });
  });
});

describe('MonitorStore of 智能车联 and the other kinds of assets', () => {
  it('asks for the vehicles’ tree and shows only vehicles, whatever else the live channel carries for the tenant', async () => {
    const { store, live, http } = setup();
    await store.load();
    expect(http.get).toHaveBeenCalledWith(expect.stringContaining('tree.json'), { assetKind: 'vehicle' });
    live.snapshot(FLEET);
    live.merge([v('868710040000011', '王建国', { assetKind: 'person', protocol: 'watch' }), v('358710040000013', '豆豆', { assetKind: 'pet', protocol: 'gt06' })]);
    expect(store.items.map((i) => i.plateNo)).toEqual(['京A', '京B', '京C']);
    live.merge([v('4', '京D')]);
    expect(store.items.map((i) => i.plateNo)).toEqual(['京A', '京B', '京C', '京D']);
  });
});

describe('MonitorStore of 人员监控 grouped by 部门', () => {
  it('builds its tree from the people’s departments instead of tree.json, and keeps it while people only move', async () => {
    const live = fakeLive();
    const people = [v('1', '王建国', { assetKind: 'person', department: '生产部' }), v('2', '周敏', { assetKind: 'person', department: '' })];
    const get = vi.fn(async (_url: string, _query?: object) => ({ flag: 1, msg: '', obj: { total: 2, list: people } }));
    const http = { get, call: (endpoint: Endpoint, query?: object) => get(endpoint.path, query) };
    const store = new MonitorStore(
      { http: http as unknown as HttpService, live: live as unknown as LiveService, geocode: {} as GeocodeService, bus: {} as MessageBus },
      'person',
      'department',
    );
    await store.load();
    expect(http.get).not.toHaveBeenCalled();
    live.snapshot(people);
    expect(store.treeGroups.map((g) => g.name)).toEqual(['生产部', '未填写部门']);
    expect(store.groupOf?.(people[0])).toBe(store.treeGroups[0].id);
    // the tree observes the groups: a move leaves them as they were
    const seen: unknown[] = [];
    const stop = autorun(() => seen.push(store.treeGroups));
    live.merge([{ ...people[0], lon: 117 }]);
    expect(seen).toHaveLength(1);
    live.merge([v('3', '李娜', { assetKind: 'person', department: '质检部' })]);
    expect(store.treeGroups.map((g) => g.name)).toEqual(['生产部', '质检部', '未填写部门']);
    expect(seen).toHaveLength(2);
    stop();
  });

  it('a vehicle monitor keeps the vehicle groups of tree.json', async () => {
    const { store } = setup();
    await store.load();
    expect(store.treeGroups).toEqual([{ id: 1, name: '车队', children: [] }]);
    expect(store.groupOf).toBeUndefined();
  });
});

describe('prefetchAssetMonitor', () => {
  /** What a route's prefetch gets: the platform's services by token (only the two it uses here). */
  function services() {
    const prefetch = vi.fn();
    const get = ((token: symbol) => (token === HttpServiceToken ? { prefetch } : { loadMap: async () => ({ provider: 'amap', mapKey: 'k' }), config: {} })) as ServiceGetter;
    return { get, prefetch };
  }

  it("asks ahead for the tree exactly as the monitor's store then asks for it, for each kind", async () => {
    for (const kind of ['vehicle', 'pet', 'ebike'] as const) {
      const { get, prefetch } = services();
      // its code loads within the test, not into the next file's
      await prefetchAssetMonitor(get, kind);
      const { http } = setup();
      const store = new MonitorStore({ ...setupDeps(http) }, kind);
      await store.load();
      const [, asked] = http.get.mock.calls.find(([url]) => url === MonitorApi.tree.path)!;
      expect(prefetch.mock.calls).toEqual([[MonitorApi.tree, asked]]);
    }
  });

  it('asks nothing ahead for a monitor grouped by department (its tree is made of the people)', async () => {
    const { get, prefetch } = services();
    await prefetchAssetMonitor(get, 'person', 'department');
    expect(prefetch).not.toHaveBeenCalled();
  });
});
