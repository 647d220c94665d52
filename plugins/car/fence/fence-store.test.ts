import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_VOCABULARY, expectOk, FenceApi, HttpService, MIXED_ASSET_WORDS, vehicleWordsAvoided, type AssetKind, type HttpService as Http } from '@tianlu/sdk';
import { startPageServer, type AddedUser, type PageServer } from '../../../testing/plugin-page-kit';
import { checkDraft, FenceStore } from './fence-store';

let kit: PageServer;
/**
 * A dispatcher of 华北 (京A00001 at 116.41,39.91 and 粤A00004 at 113.26,23.13) and 华东 (沪A00002 at
 * 121.47,31.23 and 沪A00003 without a position); 围栏一 (a circle on 京A00001) and 围栏二 (a polygon).
 */
let dispatcher: AddedUser;
/** A user of 车队 (a vehicle), 生产部 (two people) and 宠物 (a pet), none with a position. */
let mixed: AddedUser;
/** vehicleId by plate or name. */
const ids: Record<string, number> = {};
/** Group ids by name. */
const groups: Record<string, number> = {};

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  const tenantId = admin.tenantId;
  for (const name of ['华北', '华东', '车队', '生产部', '宠物']) groups[name] = await store.fleet.ensureGroup(tenantId, null, name);
  let n = 0;
  const provision = async (name: string, group: string, assetKind: AssetKind = 'vehicle', at?: [number, number]) => {
    const no = `138000060${String(++n).padStart(2, '0')}`;
    const { vehicleId, terminalId } = await store.fleet.provision({ tenantId, groupId: groups[group]!, terminalNo: no, displayNo: no, authCode: 'x', plateNo: name, assetKind });
    ids[name] = vehicleId;
    if (at) {
      const t = new Date(Date.now() - 60_000);
      await store.positions.writeBatch([{ terminalNo: no, terminalId, tenantId, deviceTime: t, receivedTime: t, lon: at[0], lat: at[1], altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false }]);
    }
  };
  await provision('京A00001', '华北', 'vehicle', [116.41, 39.91]);
  await provision('沪A00002', '华东', 'vehicle', [121.47, 31.23]);
  await provision('沪A00003', '华东');
  await provision('粤A00004', '华北', 'vehicle', [113.26, 23.13]);
  await provision('资产1', '车队');
  await provision('资产2', '生产部', 'person');
  await provision('资产3', '生产部', 'person');
  await provision('资产4', '宠物', 'pet');
  dispatcher = await kit.addUser({ account: 'fence_bj', platforms: [8], resources: [8100, 8500], groupIds: [groups.华北!, groups.华东!] });
  mixed = await kit.addUser({ account: 'fence_mixed', platforms: [8], resources: [8100, 8500], groupIds: [groups.车队!, groups.生产部!, groups.宠物!] });
  const { kernel } = await kit.login();
  const http = kernel.get<Http>(HttpService);
  expectOk(await http.call(FenceApi.save, { name: '围栏一', shape: 'circle', center: [116.4, 39.9], radius: 500, trigger: 'both', vehicleIds: [ids.京A00001!], groupIds: [] }));
  expectOk(await http.call(FenceApi.save, { name: '围栏二', shape: 'polygon', points: [[121.46, 31.22], [121.48, 31.22], [121.48, 31.24]], trigger: 'both', vehicleIds: [], groupIds: [] }));
});

afterAll(() => kit?.close());

/** The store of `who` (default the demo admin), loaded from the server. */
async function setup(who?: AddedUser) {
  const { kernel } = await kit.login(who);
  kit.forget();
  const store = new FenceStore(kernel.get<Http>(HttpService));
  await store.load();
  return { store };
}

const byName = (store: FenceStore, name: string) => store.fences.find((f) => f.name === name)!;

describe('FenceStore', () => {
  it('draws every fence, the focused one highlighted', async () => {
    const { store } = await setup();
    const [one, two] = [byName(store, '围栏一'), byName(store, '围栏二')];
    store.focus(two.id);
    expect(store.shapes.filter((s) => [String(one.id), String(two.id)].includes(s.id)).map((s) => [s.id, s.kind, s.highlighted])).toEqual([
      [String(one.id), 'circle', false],
      [String(two.id), 'polygon', true],
    ]);
  });

  it('creates a circle: drawing it fills the draft, saving sends WGS84 geometry with the bindings', async () => {
    const { store } = await setup();
    const before = store.fences.map((f) => f.name);
    store.create();
    expect(store.drawing).toBe('circle');
    store.patch({ name: ' 北京仓库 ', trigger: 'enter' });
    store.drawn({ kind: 'circle', center: [116.397, 39.909], radius: 300 });
    expect(store.drawing).toBeUndefined();
    store.toggleVehicle(ids.京A00001!, true);
    store.toggleGroup(groups.华东!, true);
    store.toggleVehicle(ids.粤A00004!, true);
    store.toggleVehicle(ids.京A00001!, false);
    expect(await store.save()).toBe(true);
    const sent = kit.requests(FenceApi.save.path)[0]!;
    expect(sent.body).toEqual({ name: '北京仓库', shape: 'circle', center: [116.397, 39.909], radius: 300, trigger: 'enter', vehicleIds: [ids.粤A00004], groupIds: [groups.华东] });
    expect(sent.flag).toBe(1);
    expect(store.draft).toBeUndefined();
    expect(store.fences.map((f) => f.name)).toEqual([...before, '北京仓库']);
    expect(store.focused).toBe((sent.answer as { id: number }).id);
    expect(byName(store, '北京仓库')).toMatchObject({ shape: 'circle', center: [116.397, 39.909], radius: 300, trigger: 'enter', vehicleIds: [ids.粤A00004], groupIds: [groups.华东] });
  });

  it('switching the shape drops what was drawn; editing sends the id and only the new geometry', async () => {
    const { store } = await setup();
    const { kernel } = await kit.login();
    const saved = expectOk(await kernel.get<Http>(HttpService).call(FenceApi.save, { name: '改形围栏', shape: 'circle', center: [116.4, 39.9], radius: 500, trigger: 'both', vehicleIds: [ids.京A00001!], groupIds: [] }));
    await store.load();
    kit.forget();
    const at = store.fences.findIndex((f) => f.id === saved.id);
    store.edit(store.fences[at]!);
    store.setShape('polygon');
    expect(store.draft?.center).toBeUndefined();
    expect(store.drawing).toBe('polygon');
    store.drawn({ kind: 'polygon', points: [[1, 1], [2, 1], [2, 2]] });
    await store.save();
    expect(kit.requests(FenceApi.save.path)[0]).toMatchObject({
      body: { id: saved.id, name: '改形围栏', shape: 'polygon', points: [[1, 1], [2, 1], [2, 2]], trigger: 'both', vehicleIds: [ids.京A00001], groupIds: [] },
      flag: 1,
    });
    expect(store.fences[at]?.shape).toBe('polygon');
  });

  it('refuses a draft without a name or a shape and sends nothing; shows the server refusal', async () => {
    const { store } = await setup();
    store.create();
    expect(await store.save()).toBe(false);
    expect(store.draftErrors).toEqual({ name: '请输入围栏名称', shape: '请在地图上绘制圆形围栏' });
    expect(kit.requests(FenceApi.save.path)).toHaveLength(0);
    store.patch({ name: '围栏一' });
    store.drawn({ kind: 'circle', center: [1, 1], radius: 50 });
    expect(await store.save()).toBe(false);
    expect(kit.requests(FenceApi.save.path)[0]?.flag).toBe(400);
    expect(store.saveError).toBe('围栏名称已存在');
    expect(store.draft?.name).toBe('围栏一');
  });
});

describe('the map while a fence is drafted', () => {
  it('opens on the vehicles the fence binds, by vehicle or group; a new fence on every positioned vehicle', async () => {
    const { store } = await setup(dispatcher);
    expect(store.vehicles.map((v) => v.plateNo).sort()).toEqual(['京A00001', '沪A00002', '沪A00003', '粤A00004']);
    expect(store.mapVehicles).toEqual([]);
    const one = byName(store, '围栏一');
    store.edit(one);
    expect(store.mapVehicles.map((v) => v.plateNo)).toEqual(['京A00001']);
    expect(store.mapView).toBe(`fence-${one.id}`);
    store.toggleGroup(groups.华东!, true);
    expect(store.mapVehicles.map((v) => v.plateNo).sort()).toEqual(['京A00001', '沪A00002']);
    store.cancel();
    store.create();
    expect(store.mapView).toBe('new');
    expect(store.mapVehicles.map((v) => v.plateNo).sort()).toEqual(['京A00001', '沪A00002', '粤A00004']);
  });

  it('fits the fence and its bound assets, again as the binding changes; marks them; counts those without a position', async () => {
    const { store } = await setup(dispatcher);
    const no = (plate: string) => store.vehicles.find((v) => v.plateNo === plate)!.terminalNo;
    expect(store.mapFit).toBeUndefined();
    const one = byName(store, '围栏一');
    store.edit(one);
    const first = store.mapFit;
    // a view to fit: the fence edited with its one positioned asset
    expect(first).toBe(`fence-${one.id}|${no('京A00001')}`);
    expect(store.markedTerminals).toEqual([no('京A00001')]);
    expect(store.unplacedBound).toBe(0);
    // a group chosen: a new view to fit, its positioned asset marked, the one without a position counted
    store.toggleGroup(groups.华东!, true);
    expect(store.mapFit).not.toBe(first);
    expect([...store.markedTerminals!].sort()).toEqual([no('京A00001'), no('沪A00002')].sort());
    expect(store.unplacedBound).toBe(1);
    // renaming changes nothing the view fits
    const grouped = store.mapFit;
    store.patch({ name: '新名字' });
    expect(store.mapFit).toBe(grouped);
    // an asset checked
    store.toggleVehicle(ids.粤A00004!, true);
    expect(store.mapFit).not.toBe(grouped);
    expect(store.markedTerminals).toContain(no('粤A00004'));
    // a new fence binding nothing keeps the map's own view and marks nothing
    store.cancel();
    store.create();
    expect(store.mapFit).toBeUndefined();
    expect(store.markedTerminals).toBeUndefined();
    store.toggleVehicle(ids.沪A00003!, true);
    // once it binds something, the new fence is fitted too (with no positioned asset to mark)
    expect(store.mapFit).toBe('new|');
    expect(store.markedTerminals).toEqual([]);
    expect(store.unplacedBound).toBe(1);
  });
});

describe('the words of a fence', () => {
  it('speaks of what it binds in the words of their kind; the list of the assets to bind in the words of all of them', async () => {
    const { store } = await setup(mixed);
    expect(store.vehicles.map((v) => v.plateNo).sort()).toEqual(['资产1', '资产2', '资产3', '资产4']);
    const words = (names: string[], groupIds: number[] = []) => {
      const w = store.wordsOf({ vehicleIds: names.map((n) => ids[n]!), groupIds });
      return [w.noun, w.groupLabel, w.unit];
    };
    expect(words(['资产2', '资产3'])).toEqual([ASSET_VOCABULARY.person.noun, ASSET_VOCABULARY.person.groupLabel, ASSET_VOCABULARY.person.unit]);
    // a group binds the assets in it
    expect(words([], [groups.生产部!])).toEqual([ASSET_VOCABULARY.person.noun, ASSET_VOCABULARY.person.groupLabel, ASSET_VOCABULARY.person.unit]);
    expect(words(['资产4'])).toEqual([ASSET_VOCABULARY.pet.noun, ASSET_VOCABULARY.pet.groupLabel, ASSET_VOCABULARY.pet.unit]);
    expect(words(['资产1'])).toEqual([ASSET_VOCABULARY.vehicle.noun, ASSET_VOCABULARY.vehicle.groupLabel, ASSET_VOCABULARY.vehicle.unit]);
    expect(words(['资产1', '资产2'])).toEqual([MIXED_ASSET_WORDS.noun, MIXED_ASSET_WORDS.groupLabel, MIXED_ASSET_WORDS.unit]);
    // binding nothing listed: the words of every asset it may bind
    expect(words([])).toEqual([MIXED_ASSET_WORDS.noun, MIXED_ASSET_WORDS.groupLabel, MIXED_ASSET_WORDS.unit]);
  });

  it('among people only, speaks of people and never of vehicles', async () => {
    const people = await kit.addUser({ account: 'fence_people', platforms: [8], resources: [8100, 8500], groupIds: [groups.生产部!] });
    const { store } = await setup(people);
    expect(store.vehicles.map((v) => v.plateNo).sort()).toEqual(['资产2', '资产3']);
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
