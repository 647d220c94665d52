// @vitest-environment node
import { createPartHarness, type PartHarness } from '@tianlu/sdk/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../manifest.json';
import part from './index';
import { SETTINGS_TTL_MS } from './settings-cache';

const API = '/plugins/cold-chain/api';
const T0 = Date.parse('2026-11-27T00:00:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
/** Item 0xE1 of a temperature in the default encoding (signed 16-bit, 0.1 ℃). */
const e1 = (celsius: number) => ({ 'item.e1': (Math.round(celsius * 10) & 0xffff).toString(16).toUpperCase().padStart(4, '0') });

/** Tenant 1 has two trucks and a badge; tenant 2 a truck of its own. */
const ASSETS = [
  { terminalId: 11, tenantId: 1, terminalNo: '13800000011', displayNo: '013800000011', name: '沪A00011', assetKind: 'vehicle', groupId: null },
  { terminalId: 12, tenantId: 1, terminalNo: '13800000012', displayNo: '013800000012', name: '沪A00012', assetKind: 'vehicle', groupId: null },
  { terminalId: 13, tenantId: 1, terminalNo: '13800000013', displayNo: '013800000013', name: '张伟', assetKind: 'person', groupId: null },
  { terminalId: 21, tenantId: 2, terminalNo: '13900000021', displayNo: '013900000021', name: '苏E00021', assetKind: 'vehicle', groupId: null },
];

type Row = { terminalNo: string; name: string; latest: { celsius: number; time: string } | null; min: number; max: number; custom: boolean; state: string };

let harness: PartHarness<unknown>;

beforeAll(async () => {
  harness = await createPartHarness(part, { manifest, assets: ASSETS, now: new Date(T0 + 6 * 3_600_000) });
}, 60_000);
afterAll(() => harness?.close());

const feed = (terminalId: number, readings: [number, Record<string, string>][], extra: { backfill?: boolean } = {}) => {
  const tenantId = ASSETS.find((a) => a.terminalId === terminalId)!.tenantId;
  return harness.positions(readings.map(([minute, r]) => ({ tenantId, terminalId, deviceTime: at(minute), receivedTime: at(minute), lon: 121.47, lat: 31.23, readings: r, ...extra })));
};
const vehicles = async (user?: { tenantId: number }) => (await harness.call<{ list: Row[] }>('GET', `${API}/vehicles.json`, user && { user })).obj.list;

describe('冷链监控 的服务端', () => {
  it('decodes the cold box’s temperature from item 0xE1 for lists, tracks and the live channel', () => {
    expect(harness.decode(1, 11, e1(4))).toMatchObject({ 'cold-chain.t1': 4 });
    expect(harness.decode(1, 11, e1(-18.5))).toMatchObject({ 'cold-chain.t1': -18.5 });
    expect(harness.decode(1, 11, { 'item.e1': '7FFF' })['cold-chain.t1']).toBeUndefined();
    expect(harness.decode(1, 11, {})['cold-chain.t1']).toBeUndefined();
  });

  it('stores every reading and raises one 温度超限 per episode above the limit, ending it when back inside', async () => {
    const got = await feed(11, [[0, e1(4)], [1, e1(9.5)], [2, e1(10.2)], [3, e1(9)], [4, e1(5)], [5, {}], [6, e1(12.5)], [7, e1(11)]]);
    expect(got.map((p) => p.readings?.['cold-chain.t1'])).toEqual([4, 9.5, 10.2, 9, 5, undefined, 12.5, 11]);
    expect(harness.alarms.raised.map((a) => ({ type: a.alarmType, terminalId: a.terminalId, start: a.startTime.toISOString(), detail: a.detail }))).toEqual([
      { type: 'cold-chain.overTemp', terminalId: 11, start: at(1), detail: { celsius: 9.5, min: 2, max: 8 } },
      { type: 'cold-chain.overTemp', terminalId: 11, start: at(6), detail: { celsius: 12.5, min: 2, max: 8 } },
    ]);
    expect(harness.alarms.ended.map((a) => a.endTime?.toISOString())).toEqual([at(4)]);
    expect(harness.alarms.open()).toHaveLength(1);

    const readings = await harness.call<{ list: { time: string; celsius: number }[]; min: number; max: number }>('GET', `${API}/readings.json`, {
      query: { terminalNo: '13800000011', start: at(0), end: at(7) },
    });
    expect(readings).toMatchObject({ flag: 1, obj: { min: 2, max: 8 } });
    expect(readings.obj.list.map((r) => r.celsius)).toEqual([4, 9.5, 10.2, 9, 5, 12.5, 11]);
  });

  it('stores a blind-area upload but raises nothing for it', async () => {
    await feed(12, [[0, e1(15)], [1, e1(16)]], { backfill: true });
    expect(harness.alarms.raised.filter((a) => a.terminalId === 12)).toEqual([]);
    expect((await vehicles()).find((v) => v.terminalNo === '13800000012')).toMatchObject({ latest: { celsius: 16, time: at(1) }, state: 'over' });
  });

  it('lists the caller’s vehicles with their latest temperature, limits and state; another tenant’s none', async () => {
    expect(await vehicles()).toEqual([
      { terminalNo: '13800000011', displayNo: '013800000011', name: '沪A00011', latest: { celsius: 11, time: at(7) }, min: 2, max: 8, custom: false, state: 'over' },
      { terminalNo: '13800000012', displayNo: '013800000012', name: '沪A00012', latest: { celsius: 16, time: at(1) }, min: 2, max: 8, custom: false, state: 'over' },
    ]);
    expect(await vehicles({ tenantId: 2 })).toEqual([
      { terminalNo: '13900000021', displayNo: '013900000021', name: '苏E00021', latest: null, min: 2, max: 8, custom: false, state: 'none' },
    ]);
  });

  it('sets a vehicle’s own limits, checked in Chinese, on record in 操作日志, and puts it back on the default', async () => {
    const save = (body: unknown, options: object = {}) => harness.call<Row>('POST', `${API}/limits/save.json`, { body, ...options });
    expect(await save({ terminalNo: '13800000011', min: 9, max: 3 })).toEqual({ flag: 400, msg: '下限必须小于上限', obj: null });
    expect(await save({ terminalNo: '13800000011', min: -60, max: 3 })).toEqual({ flag: 400, msg: '温度范围 -50～80 ℃', obj: null });
    expect(await save({ terminalNo: '13900000021', min: 0, max: 5 })).toEqual({ flag: 400, msg: '车辆不存在或无权访问', obj: null });
    expect(await save({ terminalNo: '13800000013', min: 0, max: 5 })).toEqual({ flag: 400, msg: '车辆不存在或无权访问', obj: null });
    expect(await save({ terminalNo: '13800000011', min: 0, max: 12 }, { resources: [41001] })).toMatchObject({ flag: 403 });
    expect(harness.audits).toEqual([]);

    // by the number the console shows, with its leading zero
    expect(await save({ terminalNo: '013800000011', min: 0, max: 12.3 })).toMatchObject({ flag: 1, obj: { min: 0, max: 12.3, custom: true, state: 'normal' } });
    expect(harness.audits).toEqual([
      expect.objectContaining({ action: '设置温度上下限', target: '沪A00011（13800000011）', before: { 下限: 2, 上限: 8, 来源: '默认' }, after: { 下限: 0, 上限: 12.3, 来源: '单独设置' } }),
    ]);
    // the next reading is judged against them: 11 ℃ is inside, the open episode ends
    await feed(11, [[8, e1(11)]]);
    expect(harness.alarms.open()).toEqual([]);

    expect(await save({ terminalNo: '13800000011', reset: true })).toMatchObject({ flag: 1, obj: { min: 2, max: 8, custom: false, state: 'over' } });
    expect(harness.audits.at(-1)).toMatchObject({ action: '恢复默认温度上下限', after: { 来源: '默认' } });
  });

  it('reads another tenant’s settings, saved on 插件设置, within 30 s: its own item, encoding, default limits and trip gap', async () => {
    harness.settings.set(2, { itemId: 'E2', encoding: 'int8', defaultMin: -25, defaultMax: -15, tripGapMinutes: 60 });
    harness.clock.advance(SETTINGS_TTL_MS + 1);
    // -18 ℃ and -10 ℃ as signed bytes in item 0xE2; 0xE1 is not this tenant's
    await feed(21, [[0, { 'item.e2': 'EE' }], [30, { 'item.e2': 'F6', ...e1(4) }], [200, { 'item.e2': 'EE' }]]);
    expect(harness.decode(2, 21, { 'item.e2': 'EE' })).toMatchObject({ 'cold-chain.t1': -18 });
    expect(harness.alarms.raised.filter((a) => a.terminalId === 21).map((a) => a.detail)).toEqual([{ celsius: -10, min: -25, max: -15 }]);
    const trips = await harness.call('GET', `${API}/trips.json`, { query: { terminalNo: '13900000021', days: 1 }, user: { tenantId: 2 } });
    expect(trips).toEqual({
      flag: 1, msg: '成功',
      obj: [
        { start: at(200), end: at(200), readings: 1, minC: -18, maxC: -18, overCount: 0 },
        { start: at(0), end: at(30), readings: 2, minC: -18, maxC: -10, overCount: 1 },
      ],
    });
    expect(await harness.call('GET', `${API}/trips.json`, { query: { terminalNo: '13900000021' } })).toEqual({ flag: 400, msg: '车辆不存在或无权访问', obj: null });
  });

  it('thins a long range evenly to 5,000 points', async () => {
    const rows = Array.from({ length: 6001 }, (_, i) => ({ tenant_id: 1, terminal_id: 12, terminal_no: '13800000012', time: new Date(T0 - 86_400_000 + i * 10_000), celsius: i % 10, lon: null, lat: null }));
    for (let i = 0; i < rows.length; i += 1000) await harness.db.insertInto('readings').values(rows.slice(i, i + 1000)).execute();
    const res = await harness.call<{ list: { time: string }[] }>('GET', `${API}/readings.json`, {
      query: { terminalNo: '13800000012', start: new Date(T0 - 86_400_000).toISOString(), end: new Date(T0 - 1000).toISOString() },
    });
    expect(res.obj.list).toHaveLength(5000);
    expect(res.obj.list[0]!.time).toBe(rows[0]!.time.toISOString());
    expect(res.obj.list.at(-1)!.time).toBe(rows.at(-1)!.time.toISOString());
    expect(await harness.call('GET', `${API}/readings.json`, { query: { terminalNo: '13800000012', start: '2026-11-27 08:00:00', end: '2026-11-26 08:00:00' } })).toEqual({
      flag: 400, msg: '结束时间必须晚于开始时间', obj: null,
    });
  });

  it('exports the readings into 下载中心 for roles with either 导出 button', async () => {
    const body = { terminalNo: '13800000011', start: at(0), end: at(4) };
    expect(await harness.call('POST', `${API}/export.json`, { body, resources: [41001, 4100101] })).toMatchObject({ flag: 403 });
    const started = await harness.call<{ id: number; fileName: string }>('POST', `${API}/export.json`, { body, resources: [41002, 4100201] });
    expect(started).toMatchObject({ flag: 1, obj: { fileName: expect.stringMatching(/^冷链监控-温度记录-\d{8}\.xlsx$/) } });
    const [done] = (await harness.exports.settled()).filter((e) => e.id === started.obj.id);
    expect(done).toMatchObject({ status: '可下载', title: '温度记录', headers: ['车牌', '终端号', '时间', '温度(℃)', '下限', '上限', '状态'] });
    expect(done!.rows).toEqual([
      ['沪A00011', '13800000011', '2026-11-27 08:00:00', 4, 2, 8, '正常'],
      ['沪A00011', '13800000011', '2026-11-27 08:01:00', 9.5, 2, 8, '超限'],
      ['沪A00011', '13800000011', '2026-11-27 08:02:00', 10.2, 2, 8, '超限'],
      ['沪A00011', '13800000011', '2026-11-27 08:03:00', 9, 2, 8, '超限'],
      ['沪A00011', '13800000011', '2026-11-27 08:04:00', 5, 2, 8, '正常'],
    ]);
  });

  it('answers nothing to a role not granted the plugin', async () => {
    expect(await harness.call('GET', `${API}/vehicles.json`, { platform: false })).toMatchObject({ flag: 403 });
  });
});
