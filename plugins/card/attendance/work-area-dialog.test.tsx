import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AttendanceApi, expectOk, HttpService, MapSettingsApi, transformCoord, type HttpService as Http } from '@tianlu/sdk';
import { startPageServer, type AddedUser, type PageServer } from '../../../testing/plugin-page-kit';
import type { WorkArea, WorkShift } from './attendance-api';
import { WorkAreaDialog } from './work-area-dialog';

let kit: PageServer;
let tenantId: number;
let adminId: number;
/** 一号厂区 (116.3, 39.8, 300 m) and its 白班, binding 张三 and 装配部. */
let area: WorkArea;
let shift: WorkShift;
/** A user who sees only 王五 (in Shanghai, of 财务部). */
let shanghai: AddedUser;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  tenantId = admin.tenantId;
  adminId = admin.id;
  const beijing = await store.fleet.ensureGroup(tenantId, null, '北京员工');
  const east = await store.fleet.ensureGroup(tenantId, null, '上海员工');
  const person = async (n: number, name: string, department: string, groupId: number, at: [number, number]) => {
    const no = `8687100400000${n}`;
    const { vehicleId, terminalId } = await store.fleet.provision({ tenantId, groupId, terminalNo: no, displayNo: no, authCode: '', imei: no, protocol: 'watch', plateNo: name, assetKind: 'person', profile: { department } });
    const t = new Date(Date.now() - 60_000);
    await store.positions.writeBatch([{ terminalNo: no, terminalId, tenantId, deviceTime: t, receivedTime: t, lon: at[0], lat: at[1], altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false }]);
    return vehicleId;
  };
  const zhangSan = await person(11, '张三', '', beijing, [116.41, 39.91]);
  await person(12, '李四', '装配部', beijing, [116.45, 39.95]);
  await person(13, '王五', '财务部', east, [121.47, 31.23]);
  const { kernel } = await kit.login();
  const http = kernel.get<Http>(HttpService);
  area = expectOk(await http.call(AttendanceApi.saveArea, { name: '一号厂区', center: [116.3, 39.8], radius: 300 }));
  shift = expectOk(await http.call(AttendanceApi.saveShift, { name: '白班', workAreaId: area.id, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5], vehicleIds: [zhangSan], departments: ['装配部'] }));
  shanghai = await kit.addUser({ account: 'area_sh', platforms: [8], resources: [8100], groupIds: [east] });
});

afterAll(() => kit?.close());
afterEach(() => vi.unstubAllGlobals());

async function renderArea(opts: { area?: WorkArea; who?: AddedUser } = {}) {
  kit.forget();
  await kit.render(<WorkAreaDialog area={opts.area} areas={[area]} shifts={[shift]} onSaved={() => undefined} onClose={() => undefined} />, opts.who);
  const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  return { field, type };
}

describe('新增考勤区域', () => {
  it('clears a refusal once its field is changed, and keeps one about another field', async () => {
    const { type } = await renderArea();
    type('区域名称', '一号厂区');
    type('圆心经度', '116.397');
    type('圆心纬度', '39.909');
    type('半径（米）', '5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('半径必须在 10 到 5000 米之间');
    expect(kit.requests(AttendanceApi.saveArea.path)[0]).toMatchObject({ body: { radius: 5 }, flag: 400 });
    // a change elsewhere leaves the refusal of 半径 in place; fixing 半径 takes it away
    type('圆心纬度', '39.91');
    expect(screen.getByRole('alert').textContent).toBe('半径必须在 10 到 5000 米之间');
    type('半径（米）', '200');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    // 一号厂区 is taken
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('区域名称已存在');
    expect(kit.requests(AttendanceApi.saveArea.path)[1]).toMatchObject({ body: { name: '一号厂区', radius: 200 }, flag: 400 });
    type('区域名称', '二号厂区');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('考勤区域 map and centre', () => {
  it('opens on the area and the people it binds (by person and by 部门), with their marks', async () => {
    await renderArea({ area });
    expect((await screen.findByText('地图显示绑定人员 2 人：张三、李四')).textContent).toBeTruthy();
    const map = screen.getByRole('region', { name: '考勤区域地图' });
    expect(map.getAttribute('data-marked')).toBe('868710040000011,868710040000012');
    // from the area's 300 m around 116.3, 39.8 to 李四 at 116.45, 39.95; not 王五 in 上海
    expect(map.getAttribute('data-bounds')).toBe('116.296488,39.797302,116.450000,39.950000');
  });

  it('opens a new area on every person, none marked, not on the existing areas', async () => {
    await renderArea();
    await screen.findByText(/地图显示人员 3 人/);
    const map = screen.getByRole('region', { name: '考勤区域地图' });
    expect(map.getAttribute('data-marked')).toBe('');
    expect(map.getAttribute('data-bounds')).toBe('116.410000,31.230000,121.470000,39.950000');
  });

  it('opens on the area itself when none of its people has a position', async () => {
    await renderArea({ area, who: shanghai });
    expect(await screen.findByText('没有已定位的绑定人员，地图显示本区域')).toBeTruthy();
    const map = screen.getByRole('region', { name: '考勤区域地图' });
    expect(map.getAttribute('data-marked')).toBe('');
    expect(map.getAttribute('data-bounds')).toBe('116.296488,39.797302,116.303512,39.802698');
  });

  it('stores a centre typed in GCJ-02 as its WGS84 equivalent', async () => {
    const { type, field } = await renderArea();
    await screen.findByText(/地图显示人员 3 人/);
    fireEvent.change(screen.getByRole('combobox', { name: '坐标系' }), { target: { value: 'GCJ02' } });
    expect(screen.getByText(/显示与输入的是 GCJ-02（高德） 坐标/)).toBeTruthy();
    type('区域名称', '三号厂区');
    type('粘贴坐标', '116.403963, 39.915119');
    expect(field('圆心经度').value).toBe('116.403963');
    expect(field('圆心纬度').value).toBe('39.915119');
    type('半径（米）', '200');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(AttendanceApi.saveArea.path)[0]?.flag).toBe(1));
    const [lon, lat] = (kit.requests(AttendanceApi.saveArea.path)[0]!.body as { center: [number, number] }).center;
    const expected = transformCoord([116.403963, 39.915119], 'GCJ02', 'WGS84');
    expect(lon).toBeCloseTo(expected[0], 6);
    expect(lat).toBeCloseTo(expected[1], 6);
    // the offset is real: the stored point is not the typed one
    expect(Math.abs(lon - 116.403963)).toBeGreaterThan(0.004);
    expect((kit.requests(AttendanceApi.saveArea.path)[0]!.answer as WorkArea).center).toEqual([lon, lat]);
  });

  it('refuses a pasted text that is not two numbers, in Chinese, and keeps the centre', async () => {
    const { type, field } = await renderArea({ area });
    type('粘贴坐标', '天安门');
    expect(await screen.findByText('请粘贴“经度,纬度”，例如 116.397,39.909')).toBeTruthy();
    expect(field('圆心经度').value).toBe('116.3');
    type('圆心纬度', '95');
    expect(await screen.findByText('圆心纬度须为 -90 到 90 之间的数字')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // the form stays as it is and nothing is sent while the centre is not usable
    await screen.findByText('圆心纬度须为 -90 到 90 之间的数字');
    expect(kit.requests(AttendanceApi.saveArea.path)).toHaveLength(0);
  });

  it('finds a place by address and fills the centre with it', async () => {
    // the tenant's 高德 key; 高德's geocoding service answers as it does (GCJ-02), a stand-in on the network
    await kit.server.store.mapSettings.save(tenantId, { provider: 'amap', amapKey: 'amap_test' }, adminId, new Date());
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.host !== 'restapi.amap.com') return realFetch(input, init);
      const address = url.searchParams.get('address');
      const geocodes = address === '天安门' ? [{ formatted_address: '北京市东城区天安门', location: '116.397499,39.908722' }] : [];
      return new Response(JSON.stringify({ status: '1', count: String(geocodes.length), geocodes }), { headers: { 'content-type': 'application/json' } });
    });
    try {
      const { field, type } = await renderArea();
      fireEvent.change(await screen.findByRole('textbox', { name: '按地址查找' }), { target: { value: '天安门' } });
      fireEvent.click(screen.getByRole('button', { name: '查找' }));
      expect(await screen.findByText('已定位到 北京市东城区天安门')).toBeTruthy();
      const [hit] = kit.requests(MapSettingsApi.searchPlace.path)[0]!.answer as { lon: number; lat: number }[];
      expect(kit.requests(MapSettingsApi.searchPlace.path)[0]?.body).toEqual({ address: '天安门' });
      // the server turned 高德's GCJ-02 into WGS84
      const wgs = transformCoord([116.397499, 39.908722], 'GCJ02', 'WGS84');
      expect(hit!.lon).toBeCloseTo(wgs[0], 6);
      expect(hit!.lat).toBeCloseTo(wgs[1], 6);
      expect(field('圆心经度').value).toBe(String(hit!.lon));
      expect(field('圆心纬度').value).toBe(String(hit!.lat));
      type('按地址查找', '不存在的地方');
      fireEvent.click(screen.getByRole('button', { name: '查找' }));
      expect(await screen.findByText('没有找到“不存在的地方”')).toBeTruthy();
      expect(field('圆心经度').value).toBe(String(hit!.lon));
    } finally {
      await kit.server.store.db.deleteFrom('tenant_map_settings').execute();
    }
  });

  it('without a geocoding service shows the hint linking to 地图设置 instead of the search box', async () => {
    await renderArea();
    expect(await screen.findByText(/配置地图服务后可按地址查找/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '地图设置' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '按地址查找' })).toBeNull();
  });
});
