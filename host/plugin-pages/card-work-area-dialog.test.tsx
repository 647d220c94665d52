import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttendanceApi, MapSettingsApi, MonitorApi, ServiceProvider, transformCoord } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, ok, storeUser } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import { monitorItem } from '../../sdk/testing/monitor-item';
import type { WorkArea, WorkShift } from '../../plugins/card/attendance/attendance-api';
import { WorkAreaDialog } from '../../plugins/card/attendance/work-area-dialog';

function renderDialog() {
  storeUser();
  const server = new FakeServer().on('POST', AttendanceApi.saveArea.path, (req) =>
    flag(400, (req.body as { radius?: number }).radius === 5 ? '半径必须在 10 到 5000 米之间' : '区域名称已存在'));
  const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: new FakeWebSockets().factory });
  render(
    <ServiceProvider container={container}>
      <WorkAreaDialog onSaved={() => undefined} onClose={() => undefined} />
    </ServiceProvider>,
  );
  const field = (label: string) => screen.getByRole('textbox', { name: label });
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  return { type };
}

describe('新增考勤区域', () => {
  it('clears a refusal once its field is changed, and keeps one about another field', async () => {
    const { type } = renderDialog();
    type('区域名称', '一号厂区');
    type('圆心经度', '116.397');
    type('圆心纬度', '39.909');
    type('半径（米）', '5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('半径必须在 10 到 5000 米之间');
    // a change elsewhere leaves the refusal of 半径 in place; fixing 半径 takes it away
    type('圆心纬度', '39.91');
    expect(screen.getByRole('alert').textContent).toBe('半径必须在 10 到 5000 米之间');
    type('半径（米）', '200');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('区域名称已存在');
    type('区域名称', '二号厂区');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

const AREA: WorkArea = { id: 3, name: '一号厂区', center: [116.3, 39.8], radius: 300, createTime: '2026-05-01T08:00:00+08:00' };
const SHIFT: WorkShift = { id: 1, name: '白班', workAreaId: 3, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5], vehicleIds: [11], departments: ['装配部'], memberStarts: {} };
const person = (no: string, name: string, lon: number, lat: number, extra: { vehicleId: number; department: string }) =>
  monitorItem(no, { plateNo: name, assetKind: 'person', lon, lat, ...extra });
const PEOPLE = [
  person('000000000011', '张三', 116.41, 39.91, { vehicleId: 11, department: '' }),
  person('000000000012', '李四', 116.45, 39.95, { vehicleId: 12, department: '装配部' }),
  person('000000000013', '王五', 121.47, 31.23, { vehicleId: 13, department: '财务部' }),
];

function renderArea(opts: { geocoder?: boolean; people?: typeof PEOPLE; area?: WorkArea } = {}) {
  storeUser();
  const saved: unknown[] = [];
  const server = new FakeServer()
    .on('GET', MonitorApi.list.path, (req) => ok({ total: 3, list: req.query.get('assetKind') === 'person' ? opts.people ?? PEOPLE : [] }))
    .on('POST', AttendanceApi.saveArea.path, (req) => {
      saved.push(req.body);
      return ok(null);
    })
    .on('POST', MapSettingsApi.searchPlace.path, (req) =>
      ok((req.body as { address: string }).address === '天安门' ? [{ name: '北京市东城区天安门', lon: 116.391, lat: 39.907 }] : []));
  if (opts.geocoder !== undefined) server.on('GET', MapSettingsApi.browserConfig.path, ok({ provider: 'offline', geocoder: opts.geocoder }));
  const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: new FakeWebSockets().factory });
  render(
    <ServiceProvider container={container}>
      <WorkAreaDialog area={opts.area} areas={[AREA]} shifts={[SHIFT]} onSaved={() => undefined} onClose={() => undefined} />
    </ServiceProvider>,
  );
  const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  return { server, saved, field, type };
}

describe('考勤区域 map and centre', () => {
  it('opens on the area and the people it binds (by person and by 部门), with their marks', async () => {
    renderArea({ area: AREA });
    expect((await screen.findByText('地图显示绑定人员 2 人：张三、李四')).textContent).toBeTruthy();
    const map = screen.getByRole('region', { name: '考勤区域地图' });
    expect(map.getAttribute('data-marked')).toBe('000000000011,000000000012');
    // from the area's 300 m around 116.3, 39.8 to 李四 at 116.45, 39.95; not 王五 in 上海
    expect(map.getAttribute('data-bounds')).toBe('116.296488,39.797302,116.450000,39.950000');
  });

  it('opens a new area on every person, none marked, not on the existing areas', async () => {
    renderArea();
    await screen.findByText(/地图显示人员 3 人/);
    const map = screen.getByRole('region', { name: '考勤区域地图' });
    expect(map.getAttribute('data-marked')).toBe('');
    expect(map.getAttribute('data-bounds')).toBe('116.410000,31.230000,121.470000,39.950000');
  });

  it('opens on the area itself when none of its people has a position', async () => {
    renderArea({ area: AREA, people: [PEOPLE[2]!] });
    expect(await screen.findByText('没有已定位的绑定人员，地图显示本区域')).toBeTruthy();
    const map = screen.getByRole('region', { name: '考勤区域地图' });
    expect(map.getAttribute('data-marked')).toBe('');
    expect(map.getAttribute('data-bounds')).toBe('116.296488,39.797302,116.303512,39.802698');
  });

  it('stores a centre typed in GCJ-02 as its WGS84 equivalent', async () => {
    const { saved, type, field } = renderArea();
    await screen.findByText(/地图显示人员 3 人/);
    fireEvent.change(screen.getByRole('combobox', { name: '坐标系' }), { target: { value: 'GCJ02' } });
    expect(screen.getByText(/显示与输入的是 GCJ-02（高德） 坐标/)).toBeTruthy();
    type('区域名称', '二号厂区');
    type('粘贴坐标', '116.403963, 39.915119');
    expect(field('圆心经度').value).toBe('116.403963');
    expect(field('圆心纬度').value).toBe('39.915119');
    type('半径（米）', '200');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [lon, lat] = (saved[0] as { center: [number, number] }).center;
    const expected = transformCoord([116.403963, 39.915119], 'GCJ02', 'WGS84');
    expect(lon).toBeCloseTo(expected[0], 6);
    expect(lat).toBeCloseTo(expected[1], 6);
    // the offset is real: the stored point is not the typed one
    expect(Math.abs(lon - 116.403963)).toBeGreaterThan(0.004);
  });

  it('refuses a pasted text that is not two numbers, in Chinese, and keeps the centre', async () => {
    const { type, field, saved } = renderArea({ area: AREA });
    type('粘贴坐标', '天安门');
    expect(await screen.findByText('请粘贴“经度,纬度”，例如 116.397,39.909')).toBeTruthy();
    expect(field('圆心经度').value).toBe('116.3');
    type('圆心纬度', '95');
    expect(await screen.findByText('圆心纬度须为 -90 到 90 之间的数字')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // the form stays as it is and nothing is sent while the centre is not usable
    await screen.findByText('圆心纬度须为 -90 到 90 之间的数字');
    expect(saved).toHaveLength(0);
  });

  it('finds a place by address and fills the centre with it', async () => {
    const { field, type, server } = renderArea({ geocoder: true });
    fireEvent.change(await screen.findByRole('textbox', { name: '按地址查找' }), { target: { value: '天安门' } });
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    expect(await screen.findByText('已定位到 北京市东城区天安门')).toBeTruthy();
    expect(field('圆心经度').value).toBe('116.391');
    expect(field('圆心纬度').value).toBe('39.907');
    expect(server.to(MapSettingsApi.searchPlace.path)[0]?.body).toEqual({ address: '天安门' });
    type('按地址查找', '不存在的地方');
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    expect(await screen.findByText('没有找到“不存在的地方”')).toBeTruthy();
    expect(field('圆心经度').value).toBe('116.391');
  });

  it('without a geocoding service shows the hint linking to 地图设置 instead of the search box', async () => {
    renderArea({ geocoder: false });
    expect(await screen.findByText(/配置地图服务后可按地址查找/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '地图设置' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '按地址查找' })).toBeNull();
  });
});
