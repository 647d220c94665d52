import { describe, expect, it, vi } from 'vitest';
import type { HttpService, MonitorItem } from '@tianlu/sdk';
import { ASSET_VOCABULARY, FenceApi, MIXED_ASSET_WORDS, vehicleWordsAvoided, type Endpoint } from '@tianlu/sdk';
import { checkDraft, FenceStore, type Fence } from './fence-store';

const fence = (id: number, patch: Partial<Fence> = {}): Fence => ({
  id,
  name: `围栏${id}`,
  shape: 'circle',
  center: [116.4, 39.9],
  radius: 500,
  trigger: 'both',
  vehicleIds: [1],
  groupIds: [],
  createTime: '2026-03-01T10:00:00+08:00',
  ...patch,
});

function setup(saveReply: (body: Record<string, unknown>) => { flag: number; msg: string; obj: unknown } = (b) => ({ flag: 1, msg: '', obj: { ...b, id: b.id ?? 9, createTime: '2026-03-02T10:00:00+08:00' } })) {
  const postJson = vi.fn(async (_url: string, body: Record<string, unknown>) => saveReply(body));
  const get = vi.fn(async (url: string) => ({
    flag: 1,
    msg: '',
    obj: url.endsWith('fence/list.json') ? [fence(1), fence(2, { shape: 'polygon', center: undefined, radius: undefined, points: [[121.46, 31.22], [121.48, 31.22], [121.48, 31.24]] })] : url.endsWith('tree.json') ? [] : { total: 0, list: [] },
  }));
  // a contract call goes where the real service sends it: GET by path, POST as JSON
  const call = (endpoint: Endpoint, input?: Record<string, unknown>) => (endpoint.method === 'GET' ? get(endpoint.path) : postJson(endpoint.path, input!));
  const store = new FenceStore({ get, postJson, call } as unknown as HttpService);
  return { store, postJson };
}

describe('FenceStore', () => {
  it('draws every fence, the focused one highlighted', async () => {
    const { store } = setup();
    await store.load();
    store.focus(2);
    expect(store.shapes.map((s) => [s.id, s.kind, s.highlighted])).toEqual([
      ['1', 'circle', false],
      ['2', 'polygon', true],
    ]);
  });

  it('creates a circle: drawing it fills the draft, saving sends WGS84 geometry with the bindings', async () => {
    const { store, postJson } = setup();
    await store.load();
    store.create();
    expect(store.drawing).toBe('circle');
    store.patch({ name: ' 北京仓库 ', trigger: 'enter' });
    store.drawn({ kind: 'circle', center: [116.397, 39.909], radius: 300 });
    expect(store.drawing).toBeUndefined();
    store.toggleVehicle(5, true);
    store.toggleGroup(3, true);
    store.toggleVehicle(6, true);
    store.toggleVehicle(5, false);
    expect(await store.save()).toBe(true);
    expect(postJson).toHaveBeenCalledWith(FenceApi.save.path, { name: '北京仓库', shape: 'circle', center: [116.397, 39.909], radius: 300, trigger: 'enter', vehicleIds: [6], groupIds: [3] });
    expect(store.draft).toBeUndefined();
    expect(store.fences.map((f) => f.name)).toEqual(['围栏1', '围栏2', '北京仓库']);
    expect(store.focused).toBe(9);
  });

  it('switching the shape drops what was drawn; editing sends the id and only the new geometry', async () => {
    const { store, postJson } = setup();
    await store.load();
    store.edit(store.fences[0]!);
    store.setShape('polygon');
    expect(store.draft?.center).toBeUndefined();
    expect(store.drawing).toBe('polygon');
    store.drawn({ kind: 'polygon', points: [[1, 1], [2, 1], [2, 2]] });
    await store.save();
    expect(postJson.mock.calls[0]![1]).toEqual({ id: 1, name: '围栏1', shape: 'polygon', points: [[1, 1], [2, 1], [2, 2]], trigger: 'both', vehicleIds: [1], groupIds: [] });
    expect(store.fences[0]?.shape).toBe('polygon');
  });

  it('refuses a draft without a name or a shape and sends nothing; shows the server refusal', async () => {
    const { store, postJson } = setup(() => ({ flag: 400, msg: '围栏名称已存在', obj: null }));
    await store.load();
    store.create();
    expect(await store.save()).toBe(false);
    expect(store.draftErrors).toEqual({ name: '请输入围栏名称', shape: '请在地图上绘制圆形围栏' });
    expect(postJson).not.toHaveBeenCalled();
    store.patch({ name: '围栏1' });
    store.drawn({ kind: 'circle', center: [1, 1], radius: 50 });
    expect(await store.save()).toBe(false);
    expect(store.saveError).toBe('围栏名称已存在');
    expect(store.draft?.name).toBe('围栏1');
  });
});

describe('the map while a fence is drafted', () => {
  it('opens on the vehicles the fence binds, by vehicle or group; a new fence on every positioned vehicle', async () => {
    const { store } = setup();
    await store.load();
    const vehicle = (vehicleId: number, lon: number | null, lat: number | null, groupId: number | null = null) =>
      ({ terminalNo: `00000000000${vehicleId}`, plateNo: `京A0000${vehicleId}`, vehicleId, groupId, lon, lat }) as MonitorItem;
    store.vehicles = [vehicle(1, 116.41, 39.91), vehicle(2, 121.47, 31.23, 5), vehicle(3, null, null), vehicle(4, 113.26, 23.13)];
    expect(store.mapVehicles).toEqual([]);
    store.edit(store.fences[0]!);
    expect(store.mapVehicles.map((v) => v.vehicleId)).toEqual([1]);
    expect(store.mapView).toBe('fence-1');
    store.toggleGroup(5, true);
    expect(store.mapVehicles.map((v) => v.vehicleId)).toEqual([1, 2]);
    store.cancel();
    store.create();
    expect(store.mapView).toBe('new');
    expect(store.mapVehicles.map((v) => v.vehicleId)).toEqual([1, 2, 4]);
  });

  it('fits the fence and its bound assets, again as the binding changes; marks them; counts those without a position', async () => {
    const { store } = setup();
    await store.load();
    const vehicle = (vehicleId: number, lon: number | null, lat: number | null, groupId: number | null = null) =>
      ({ terminalNo: `00000000000${vehicleId}`, plateNo: `京A0000${vehicleId}`, vehicleId, groupId, lon, lat }) as MonitorItem;
    store.vehicles = [vehicle(1, 116.41, 39.91), vehicle(2, 121.47, 31.23, 5), vehicle(3, null, null, 5), vehicle(4, 113.26, 23.13)];
    expect(store.mapFit).toBeUndefined();
    store.edit(store.fences[0]!);
    const first = store.mapFit;
    // a view to fit: the fence edited with its one positioned asset
    expect(first).toBe('fence-1|000000000001');
    expect(store.markedTerminals).toEqual(['000000000001']);
    expect(store.unplacedBound).toBe(0);
    // a group chosen: a new view to fit, its positioned asset marked, the one without a position counted
    store.toggleGroup(5, true);
    expect(store.mapFit).not.toBe(first);
    expect(store.markedTerminals).toEqual(['000000000001', '000000000002']);
    expect(store.unplacedBound).toBe(1);
    // renaming changes nothing the view fits
    const grouped = store.mapFit;
    store.patch({ name: '新名字' });
    expect(store.mapFit).toBe(grouped);
    // an asset checked
    store.toggleVehicle(4, true);
    expect(store.mapFit).not.toBe(grouped);
    expect(store.markedTerminals).toContain('000000000004');
    // a new fence binding nothing keeps the map's own view and marks nothing
    store.cancel();
    store.create();
    expect(store.mapFit).toBeUndefined();
    expect(store.markedTerminals).toBeUndefined();
    store.toggleVehicle(3, true);
    // once it binds something, the new fence is fitted too (with no positioned asset to mark)
    expect(store.mapFit).toBe('new|');
    expect(store.markedTerminals).toEqual([]);
    expect(store.unplacedBound).toBe(1);
  });
});

describe('the words of a fence', () => {
  it('speaks of what it binds in the words of their kind; the list of the assets to bind in the words of all of them', async () => {
    const { store } = setup();
    await store.load();
    const asset = (vehicleId: number, assetKind: string, groupId: number | null = null) =>
      ({ terminalNo: `00000000000${vehicleId}`, plateNo: `资产${vehicleId}`, vehicleId, groupId, assetKind, lon: null, lat: null }) as MonitorItem;
    store.vehicles = [asset(1, 'vehicle', 7), asset(2, 'person', 8), asset(3, 'person', 8), asset(4, 'pet')];
    const words = (vehicleIds: number[], groupIds: number[] = []) => {
      const w = store.wordsOf({ vehicleIds, groupIds });
      return [w.noun, w.groupLabel, w.unit];
    };
    expect(words([2, 3])).toEqual([ASSET_VOCABULARY.person.noun, ASSET_VOCABULARY.person.groupLabel, ASSET_VOCABULARY.person.unit]);
    // a group binds the assets in it
    expect(words([], [8])).toEqual([ASSET_VOCABULARY.person.noun, ASSET_VOCABULARY.person.groupLabel, ASSET_VOCABULARY.person.unit]);
    expect(words([4])).toEqual([ASSET_VOCABULARY.pet.noun, ASSET_VOCABULARY.pet.groupLabel, ASSET_VOCABULARY.pet.unit]);
    expect(words([1])).toEqual([ASSET_VOCABULARY.vehicle.noun, ASSET_VOCABULARY.vehicle.groupLabel, ASSET_VOCABULARY.vehicle.unit]);
    expect(words([1, 2])).toEqual([MIXED_ASSET_WORDS.noun, MIXED_ASSET_WORDS.groupLabel, MIXED_ASSET_WORDS.unit]);
    // binding nothing listed: the words of every asset it may bind
    expect(words([])).toEqual([MIXED_ASSET_WORDS.noun, MIXED_ASSET_WORDS.groupLabel, MIXED_ASSET_WORDS.unit]);
    store.vehicles = [asset(2, 'person'), asset(3, 'person')];
    expect(store.words.noun).toBe(ASSET_VOCABULARY.person.noun);
    for (const word of vehicleWordsAvoided('person')) expect(Object.values(store.wordsOf({ vehicleIds: [], groupIds: [] }))).not.toContain(word);
  });
});

describe('fence draft rules', () => {
  it('checks the name length, the radius range and the vertex count', () => {
    const base = { name: 'a', trigger: 'both' as const, vehicleIds: [], groupIds: [] };
    expect(checkDraft({ ...base, name: 'x'.repeat(51), shape: 'circle', center: [1, 1], radius: 100 })).toEqual({ name: '围栏名称不能超过 50 个字' });
    expect(checkDraft({ ...base, shape: 'circle', center: [1, 1], radius: 5 })).toEqual({ shape: '半径必须在 10 到 100000 米之间' });
    expect(checkDraft({ ...base, shape: 'polygon', points: [[1, 1], [2, 2]] })).toEqual({ shape: '请在地图上绘制多边形围栏（至少 3 个顶点）' });
  });
});
