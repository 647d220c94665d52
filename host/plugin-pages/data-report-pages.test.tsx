import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogService, ServiceProvider, ToastService, type Alarm, type DialogService as Dialogs, type ToastService as Toasts } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { flag, FakeServer, ok, storeUser } from '../../core/test/fake-server';
import AlarmInfoPage from '../../plugins/data-report/pages/alarm-info-page';
import DayOnlinePage from '../../plugins/data-report/pages/day-online-page';
import MileageReportPage from '../../plugins/data-report/pages/mileage-report-page';
import plugin from '../../plugins/data-report/data-report-plugin';


const MILEAGE = '/car/v1/accelerate/report/mileage/list.json';
const ONLINE = '/car/v1/accelerate/report/online/dayOnline.json';
const ALARMS = '/car/v1/accelerate/report/alarm/newQueryAlarm';
const GROUPS = '/car/v1/accelerate/report/groups.json';
const EXPORT = '/car/v1/accelerate/export/exportDataReport.json';

const mileageRow = (plate: string, day: string, mileage: number) => ({
  terminalNo: '013800000001', plateNo: plate, groupName: '一组', day, mileage, mileageSource: 'odometer', drivingSeconds: 7260,
  maxSpeed: 62, avgSpeed: 41.5, reports: 1440, firstTime: `${day}T07:00:00+08:00`, lastTime: `${day}T19:00:00+08:00`,
});

function setup(page: ReactElement, routes: (server: FakeServer) => void) {
  storeUser();
  const server = new FakeServer().on('GET', GROUPS, ok([{ id: 1, name: '一组', children: [{ id: 2, name: '二组' }] }]));
  routes(server);
  const container = createKernel({ httpAdapter: server.adapter });
  render(<ServiceProvider container={container}>{page}</ServiceProvider>);
  const queries = (path: string) => server.to(path).map((r) => Object.fromEntries(r.query));
  return { server, container, queries };
}

const shown = (text: string) => screen.findByText(text);

// only Date is faked: China time 2026-05-20 10:00
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T10:00:00+08:00'));
});
afterEach(() => vi.useRealTimers());

describe('数据报表 plugin', () => {
  it('routes and menus the reports at the catalogue paths', () => {
    expect(plugin.routes.map((r) => [r.menuId, r.path, r.title])).toEqual([
      [2001, '/data-report/overview', '概览'],
      [2010, '/data-report/dataReport/mileageReport', '里程报表'],
      [2020, '/data-report/dataReport/alarmInfo', '告警明细'],
      [2030, '/data-report/dataReport/carDayOnline', '日在线'],
      [2040, '/data-report/dataReport/tripReport', '行程报表'],
      [2050, '/data-report/dataReport/stopReport', '停车报表'],
      [2060, '/data-report/dataReport/overspeedReport', '超速报表'],
      [2070, '/data-report/dataReport/mileageSummary', '里程汇总'],
      [2080, '/data-report/dataReport/fuelReport', '油耗报表'],
      [2090, '/data-report/dataReport/offlineReport', '离线报表'],
    ]);
    expect(plugin.menus?.map((m) => m.id)).toEqual([2001, 2010, 2020, 2030, 2040, 2050, 2060, 2070, 2080, 2090]);
  });
});

describe('里程报表', () => {
  const mileage = (server: FakeServer) =>
    server.on('GET', MILEAGE, (req) =>
      ok({
        total: 23,
        list: req.query.get('current') === '2' ? [mileageRow('京A00002', '2026-05-19', 80)] : [mileageRow('京A00001', '2026-05-18', 123.45)],
        totals: { vehicles: 3, mileage: 987.6, drivingSeconds: 90_000, maxSpeed: 88, avgSpeed: 45.2, reports: 30_000 },
        days: [{ day: '2026-05-18', mileage: 500, vehicles: 3 }, { day: '2026-05-19', mileage: 487.6, vehicles: 2 }],
      }),
    );

  it('shows the last seven days per vehicle and day, the totals and a bar per day; pages on the server', async () => {
    const { queries } = setup(<MileageReportPage />, mileage);
    expect(await shown('京A00001')).toBeTruthy();
    expect(queries(MILEAGE)[0]).toEqual({ current: '1', pageSize: '10', start: '2026-05-14', end: '2026-05-20' });
    const row = screen.getByText('京A00001').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('123.45')).toBeTruthy();
    expect(within(row).getByText('2小时1分')).toBeTruthy();
    expect(within(row).getByText('里程表')).toBeTruthy();
    const totals = screen.getByRole('group', { name: '合计' });
    expect(totals.textContent).toContain('车辆：3 辆');
    expect(totals.textContent).toContain('总里程：987.60 km');
    expect(totals.textContent).toContain('行驶时长：25小时0分');
    const bars = screen.getByRole('img', { name: '每日里程' });
    expect(bars.querySelectorAll('[data-day]')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await shown('京A00002')).toBeTruthy();
    expect(queries(MILEAGE).at(-1)).toEqual({ current: '2', pageSize: '10', start: '2026-05-14', end: '2026-05-20' });
  });

  it('queries with a quick range, the group and the keyword; refuses a range it cannot query', async () => {
    const { queries } = setup(<MileageReportPage />, mileage);
    await shown('京A00001');
    const search = screen.getByRole('search', { name: '里程报表查询' });
    fireEvent.click(within(search).getByRole('button', { name: '昨天' }));
    fireEvent.click(within(search).getByRole('combobox', { name: '车组' }));
    fireEvent.click(await screen.findByRole('option', { name: '二组' }));
    fireEvent.change(within(search).getByLabelText('车牌号/终端号'), { target: { value: ' 京A ' } });
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queries(MILEAGE)).toHaveLength(2));
    expect(queries(MILEAGE)[1]).toEqual({ current: '1', pageSize: '10', start: '2026-05-19', end: '2026-05-19', groupId: '2', keyword: '京A' });

    fireEvent.click(within(search).getByRole('button', { name: '本月' }));
    expect((within(search).getByLabelText('开始日期') as HTMLInputElement).value).toBe('2026-05-01');
    fireEvent.change(within(search).getByLabelText('开始日期'), { target: { value: '2026-04-01' } });
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    expect(await shown('查询日期范围不能超过 31 天')).toBeTruthy();
    fireEvent.change(within(search).getByLabelText('结束日期'), { target: { value: '2026-03-01' } });
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    expect(await shown('结束日期不能早于开始日期')).toBeTruthy();
    expect(queries(MILEAGE)).toHaveLength(2);
  });

  it("speaks the shown rows' kind in its filters and totals, neutral words before any row", async () => {
    let rows: object[] = [];
    const { queries } = setup(<MileageReportPage />, (server) =>
      server.on('GET', MILEAGE, () => ok({ total: rows.length, list: rows, totals: { vehicles: rows.length, mileage: 1.5, drivingSeconds: 600, maxSpeed: 8, avgSpeed: 3, reports: 20 }, days: [] })),
    );
    const search = screen.getByRole('search', { name: '里程报表查询' });
    await waitFor(() => expect(queries(MILEAGE)).toHaveLength(1));
    expect(within(search).getByLabelText('名称/终端号')).toBeTruthy();
    expect(within(search).getByRole('combobox', { name: '分组' })).toBeTruthy();
    rows = [{ ...mileageRow('豆豆', '2026-05-19', 1.5), assetKind: 'pet' }];
    fireEvent.change(within(search).getByLabelText('名称/终端号'), { target: { value: '豆豆' } });
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    expect(await shown('豆豆')).toBeTruthy();
    expect(within(search).getByLabelText('宠物名/终端号')).toBeTruthy();
    expect(within(search).getByRole('combobox', { name: '分组' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '合计' }).textContent).toContain('宠物：1 只');
    expect(screen.getByRole('table', { name: '里程报表' }).textContent).not.toMatch(/车牌号|车组|车辆|行驶/);
  });

  it('导出 queues the export of the shown filter, says so and opens the download tip', async () => {
    const { server, container } = setup(<MileageReportPage />, (s) => mileage(s).on('POST', EXPORT, ok({ id: 9, fileName: '里程报表.xlsx' })));
    await shown('京A00001');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(server.to(EXPORT)).toHaveLength(1));
    expect(server.to(EXPORT)[0]!.body).toEqual({ reportType: 'mileage', params: { start: '2026-05-14', end: '2026-05-20' } });
    await waitFor(() => expect(container.get<Toasts>(ToastService).current?.text).toBe('已加入下载中心'));
    expect(container.get<Dialogs>(DialogService).downloadTipVisible).toBe(true);
  });

  it('shows the server’s refusal of an export', async () => {
    const { container } = setup(<MileageReportPage />, (s) => mileage(s).on('POST', EXPORT, flag(403, '无权限访问')));
    await shown('京A00001');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(container.get<Toasts>(ToastService).current).toMatchObject({ text: '无权限访问', intent: 'error' }));
    expect(container.get<Dialogs>(DialogService).downloadTipVisible).toBe(false);
  });
});

describe('车辆日在线', () => {
  it('shows each vehicle per day online or not with its duration, and the online rate per day', async () => {
    const { queries } = setup(<DayOnlinePage />, (s) =>
      s.on('GET', ONLINE, ok({
        total: 2,
        vehicles: 2,
        list: [
          { terminalNo: '013800000001', plateNo: '京A00001', groupName: '一组', day: '2026-05-20', online: true, onlineSeconds: 3700, reports: 370, firstTime: '2026-05-20T08:00:00+08:00', lastTime: '2026-05-20T09:01:40+08:00' },
          { terminalNo: '013800000002', plateNo: '京A00002', groupName: '一组', day: '2026-05-20', online: false, onlineSeconds: 0, reports: 0, firstTime: null, lastTime: null },
        ],
        days: [{ day: '2026-05-20', online: 1, total: 2, rate: 0.5 }],
      })),
    );
    expect(await shown('京A00001')).toBeTruthy();
    expect(queries(ONLINE)[0]).toEqual({ current: '1', pageSize: '10', start: '2026-05-14', end: '2026-05-20' });
    // vehicles' rows are headed in their words
    expect(screen.getByRole('heading', { name: '车辆日在线' })).toBeTruthy();
    const online = screen.getByText('京A00001').closest('[role="row"]') as HTMLElement;
    expect(within(online).getByText('在线')).toBeTruthy();
    expect(within(online).getByText('1小时1分')).toBeTruthy();
    const offline = screen.getByText('京A00002').closest('[role="row"]') as HTMLElement;
    expect(within(offline).getByText('离线')).toBeTruthy();
    const rates = screen.getByRole('table', { name: '每日在线率' });
    expect(within(rates).getByText('50.0%')).toBeTruthy();
  });

  it('is titled in its rows’ words: 人员日在线 for people, 资产日在线 for several kinds', async () => {
    const row = (terminalNo: string, name: string, assetKind: string) => ({
      terminalNo, plateNo: name, groupName: '生产部', assetKind, day: '2026-05-20', online: true, onlineSeconds: 60, reports: 6, firstTime: null, lastTime: null,
    });
    let list = [row('868710040000093', '张三', 'person')];
    setup(<DayOnlinePage />, (s) => s.on('GET', ONLINE, () => ok({ total: list.length, vehicles: list.length, list, days: [] })));
    expect(await screen.findByRole('heading', { name: '人员日在线' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '人员日在线' });
    expect(within(table).getByText('张三')).toBeTruthy();
    expect(screen.getByRole('region', { name: '人员日在线' }).textContent).not.toMatch(/车辆|车牌|车组/);

    list = [row('868710040000093', '张三', 'person'), row('358710069990023', '粤B·D30001', 'ebike')];
    fireEvent.click(within(screen.getByRole('search', { name: '日在线查询' })).getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('heading', { name: '资产日在线' })).toBeTruthy();
  });
});

describe('告警明细', () => {
  const alarm: Alarm = {
    id: 5, alarmType: 'overspeed', alarmName: '超速报警', source: 'terminal', level: 'normal', terminalNo: '013800000001', plateNo: '京A00001', vehicleId: 1,
    groupId: 1, groupName: '一组', startTime: '2026-05-19T10:00:00+08:00', endTime: '2026-05-19T10:02:30+08:00', lon: 116.4, lat: 39.9, speed: 95,
    detail: {}, status: 1, processNote: '已提醒司机', processUser: 'admin', processTime: '2026-05-19T11:00:00+08:00',
  };

  it('reads the alarm history of the chosen days with type and status, and exports the same filter', async () => {
    const { queries, server } = setup(<AlarmInfoPage />, (s) => s.on('GET', ALARMS, ok({ total: 1, list: [alarm] })).on('POST', EXPORT, ok({ id: 3 })));
    expect(await shown('京A00001')).toBeTruthy();
    expect(queries(ALARMS)[0]).toEqual({ current: '1', pageSize: '10', start: '2026-05-14T00:00:00+08:00', end: '2026-05-20T23:59:59+08:00' });
    const row = screen.getByText('京A00001').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('超速报警')).toBeTruthy();
    expect(within(row).getByText('2分')).toBeTruthy();
    expect(within(row).getByText('已提醒司机')).toBeTruthy();
    expect(screen.getByRole('group', { name: '合计' }).textContent).toContain('告警：1 条');

    const search = screen.getByRole('search', { name: '告警明细查询' });
    fireEvent.click(within(search).getByRole('combobox', { name: '告警类型' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: '超速报警' }));
    fireEvent.click(within(search).getByRole('combobox', { name: '处理状态' }));
    fireEvent.click(await screen.findByRole('option', { name: '已处理' }));
    fireEvent.click(within(search).getByRole('button', { name: '今天' }));
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queries(ALARMS)).toHaveLength(2));
    const expected = { start: '2026-05-20T00:00:00+08:00', end: '2026-05-20T23:59:59+08:00', alarmType: 'overspeed', status: '1' };
    expect(queries(ALARMS)[1]).toEqual({ current: '1', pageSize: '10', ...expected });
    fireEvent.click(within(search).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(server.to(EXPORT)).toHaveLength(1));
    expect(server.to(EXPORT)[0]!.body).toEqual({ reportType: 'alarm', params: { ...expected, status: 1 } });
  });
});
