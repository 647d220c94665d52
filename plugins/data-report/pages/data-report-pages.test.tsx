import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlarmApi, DialogService, ReportApi, ToastService, type DialogService as Dialogs, type MileagePage, type ToastService as Toasts } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import plugin from '../data-report-plugin';
import AlarmInfoPage from './alarm-info-page';
import DayOnlinePage from './day-online-page';
import MileageReportPage from './mileage-report-page';

/** China time 2026-05-20 10:00: the server's clock, and the page's (only Date is faked there). */
const NOW = new Date('2026-05-20T10:00:00+08:00');
/** 数据报表's platform and its report menus. */
const REPORTS = { platforms: [20], mileage: 2010, alarm: 2020, dayOnline: 2030 } as const;

let kit: PageServer;
let tenantId: number;
let pet: Report;
let groups: Record<'一组' | '二组' | '三组' | '宠物组' | '生产部', number>;

interface Report { terminalId: number; terminalNo: string }
type Fields = { lon?: number; lat?: number; speed?: number; statusFlags?: number; mileage?: number };
const at = (asset: Report, iso: string | number, fields: Fields = {}) => ({
  terminalNo: asset.terminalNo, terminalId: asset.terminalId, tenantId, deviceTime: new Date(iso), receivedTime: new Date(iso), lon: 116.4, lat: 39.9, altitude: 50,
  speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false, ...fields,
});

async function provision(group: number, terminalNo: string, name: string, assetKind?: string): Promise<Report> {
  const { terminalId } = await kit.server.store.fleet.provision({ tenantId, groupId: group, terminalNo, displayNo: terminalNo, authCode: 'x', plateNo: name, ...(assetKind && { assetKind }) });
  return { terminalId, terminalNo };
}

/**
 * 一组 (with 二组 below it): 京A00001 drove 121 km in 2小时1分 on 05-18 (a report a minute, odometer read),
 * 京A00002 … 京A00011 each stood still for one report on 05-19; 京A00001 overspeeded on 05-19 (handled).
 * 三组: 京A00031 online from 08:00 to 09:01:40 today, 京A00032 silent. 宠物组: 豆豆, silent until a test.
 * 生产部: 张三's badge.
 */
beforeAll(async () => {
  kit = await startPageServer({ clock: { now: () => new Date(NOW) } });
  const { store } = kit.server;
  tenantId = (await store.org.findTenantByName('天路演示'))!.id;
  const one = await store.fleet.ensureGroup(tenantId, null, '一组');
  groups = {
    一组: one, 二组: await store.fleet.ensureGroup(tenantId, one, '二组'), 三组: await store.fleet.ensureGroup(tenantId, null, '三组'),
    宠物组: await store.fleet.ensureGroup(tenantId, null, '宠物组'), 生产部: await store.fleet.ensureGroup(tenantId, null, '生产部'),
  };
  const rows = [];
  const driven = await provision(one, '013800000001', '京A00001');
  const t0 = Date.parse('2026-05-18T08:00:00+08:00');
  for (let i = 0; i < 122; i++) rows.push(at(driven, t0 + i * 60_000, { speed: 60, statusFlags: 3, mileage: 5000 + i, lon: 116.3 + i * 0.01 }));
  for (let n = 2; n <= 11; n++) {
    const plate = `京A000${String(n).padStart(2, '0')}`;
    rows.push(at(await provision(one, `0138000000${String(n).padStart(2, '0')}`, plate), '2026-05-19T09:00:00+08:00'));
  }
  const online = await provision(groups.三组, '013800000031', '京A00031');
  await provision(groups.三组, '013800000032', '京A00032');
  const today = Date.parse('2026-05-20T08:00:00+08:00');
  for (let i = 0; i <= 370; i++) rows.push(at(online, today + i * 10_000, { statusFlags: 3 }));
  pet = await provision(groups.宠物组, '868710040000077', '豆豆', 'pet');
  await provision(groups.生产部, '868710040000093', '张三', 'person');
  await store.positions.writeBatch(rows);

  const alarm = await store.alarms.open({
    tenantId, terminalId: driven.terminalId, alarmType: 'overspeed', source: 'terminal', startTime: new Date('2026-05-19T10:00:00+08:00'), lon: 116.4, lat: 39.9, speed: 95, detail: {},
  });
  await store.alarms.end(driven.terminalId, 'overspeed', new Date('2026-05-19T10:02:30+08:00'));
  await store.alarms.process([alarm!.id], '已提醒司机', 'admin', new Date('2026-05-19T11:00:00+08:00'));
});

afterAll(async () => {
  await kit?.close();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  kit.forget();
});
afterEach(() => vi.useRealTimers());

const shown = (text: string) => screen.findByText(text);
const queries = (path: string) => kit.requests(path).map((r) => r.query);
/** The table row holding every one of `texts`. */
const rowWith = (...texts: string[]) => screen.getAllByRole('row').find((r) => texts.every((t) => r.textContent?.includes(t))) as HTMLElement;

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
  const MILEAGE = ReportApi.mileage.path;

  it('shows the last seven days per vehicle and day, the totals and a bar per day; pages on the server', async () => {
    await kit.render(<MileageReportPage />);
    expect(await shown('京A00001')).toBeTruthy();
    expect(queries(MILEAGE)[0]).toEqual({ current: '1', pageSize: '10', start: '2026-05-14', end: '2026-05-20' });
    const answer = kit.requests(MILEAGE)[0]!.answer as MileagePage;
    expect(answer.list[0]).toMatchObject({ plateNo: '京A00001', day: '2026-05-18', mileage: 121, mileageSource: 'odometer', drivingSeconds: 7260 });
    const row = screen.getByText('京A00001').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('121.00')).toBeTruthy();
    expect(within(row).getByText('2小时1分')).toBeTruthy();
    expect(within(row).getByText('里程表')).toBeTruthy();
    expect(screen.queryByText('京A00011')).toBeNull();
    const totals = screen.getByRole('group', { name: '合计' });
    // 一组's eleven and 三组's 京A00031, which reported today
    expect(answer.totals).toMatchObject({ vehicles: 12, mileage: 121, drivingSeconds: 7260 });
    expect(totals.textContent).toContain('车辆：12 辆');
    expect(totals.textContent).toContain('总里程：121.00 km');
    expect(totals.textContent).toContain('行驶时长：2小时1分');
    const bars = screen.getByRole('img', { name: '每日里程' });
    expect(answer.days.map((d) => d.day)).toEqual(['2026-05-18', '2026-05-19', '2026-05-20']);
    expect(bars.querySelectorAll('[data-day]')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await shown('京A00011')).toBeTruthy();
    expect(queries(MILEAGE).at(-1)).toEqual({ current: '2', pageSize: '10', start: '2026-05-14', end: '2026-05-20' });
  });

  it('queries with a quick range, the group and the keyword; refuses a range it cannot query', async () => {
    await kit.render(<MileageReportPage />);
    await shown('京A00001');
    const search = screen.getByRole('search', { name: '里程报表查询' });
    fireEvent.click(within(search).getByRole('button', { name: '昨天' }));
    fireEvent.click(within(search).getByRole('combobox', { name: '车组' }));
    fireEvent.click(await screen.findByRole('option', { name: '二组' }));
    fireEvent.change(within(search).getByLabelText('车牌号/终端号'), { target: { value: ' 京A ' } });
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queries(MILEAGE)).toHaveLength(2));
    expect(queries(MILEAGE)[1]).toEqual({ current: '1', pageSize: '10', start: '2026-05-19', end: '2026-05-19', groupId: String(groups.二组), keyword: '京A' });

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
    const keeper = await kit.addUser({ account: 'pet_keeper', platforms: [...REPORTS.platforms], resources: [REPORTS.mileage], groupIds: [groups.宠物组] });
    await kit.render(<MileageReportPage />, keeper);
    const search = screen.getByRole('search', { name: '里程报表查询' });
    await waitFor(() => expect(kit.requests(MILEAGE)[0]?.answer).toMatchObject({ total: 0 }));
    expect(within(search).getByLabelText('名称/终端号')).toBeTruthy();
    expect(within(search).getByRole('combobox', { name: '分组' })).toBeTruthy();
    // 豆豆's collar reports this morning
    await kit.server.store.positions.writeBatch([
      at(pet, '2026-05-20T08:00:00+08:00', { mileage: 10 }), at(pet, '2026-05-20T08:10:00+08:00', { mileage: 11.5 }),
    ]);
    fireEvent.change(within(search).getByLabelText('名称/终端号'), { target: { value: '豆豆' } });
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    expect(await shown('豆豆')).toBeTruthy();
    expect(within(search).getByLabelText('宠物名/终端号')).toBeTruthy();
    expect(within(search).getByRole('combobox', { name: '分组' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '合计' }).textContent).toContain('宠物：1 只');
    expect(screen.getByRole('table', { name: '里程报表' }).textContent).not.toMatch(/车牌号|车组|车辆|行驶/);
  });

  it('导出 queues the export of the shown filter, says so and opens the download tip', async () => {
    const { kernel } = await kit.render(<MileageReportPage />);
    await shown('京A00001');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(kit.requests(ReportApi.export.path)[0]?.flag).toBe(1));
    expect(kit.requests(ReportApi.export.path)[0]!.body).toEqual({ reportType: 'mileage', params: { start: '2026-05-14', end: '2026-05-20' } });
    await waitFor(() => expect(kernel.get<Toasts>(ToastService).current?.text).toBe('已加入下载中心'));
    expect(kernel.get<Dialogs>(DialogService).downloadTipVisible).toBe(true);
  });

  it('shows the server’s refusal of an export', async () => {
    const clerk = await kit.addUser({ account: 'mileage_clerk', platforms: [...REPORTS.platforms], resources: [REPORTS.mileage] });
    const { kernel } = await kit.render(<MileageReportPage />, clerk);
    await shown('京A00001');
    // 里程报表 is taken from the clerk's role while the page is open
    const { db } = kit.server.store;
    await db.deleteFrom('role_resources').where('role_id', '=', clerk.roleId).where('resource_id', '=', REPORTS.mileage).execute();
    await kit.server.store.org.grantResources(clerk.roleId, [REPORTS.alarm]);
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(kernel.get<Toasts>(ToastService).current).toMatchObject({ text: '无权限访问', intent: 'error' }));
    expect(kit.requests(ReportApi.export.path)[0]?.flag).toBe(403);
    expect(kernel.get<Dialogs>(DialogService).downloadTipVisible).toBe(false);
  });
});

describe('车辆日在线', () => {
  const ONLINE = ReportApi.dayOnline.path;

  it('shows each vehicle per day online or not with its duration, and the online rate per day', async () => {
    const watcher = await kit.addUser({ account: 'group_three', platforms: [...REPORTS.platforms], resources: [REPORTS.dayOnline], groupIds: [groups.三组] });
    await kit.render(<DayOnlinePage />, watcher);
    expect(await screen.findAllByText('京A00031')).toHaveLength(7);
    expect(queries(ONLINE)[0]).toEqual({ current: '1', pageSize: '10', start: '2026-05-14', end: '2026-05-20' });
    // vehicles' rows are headed in their words
    expect(screen.getByRole('heading', { name: '车辆日在线' })).toBeTruthy();
    const online = rowWith('京A00031', '2026-05-20');
    expect(within(online).getByText('在线')).toBeTruthy();
    expect(within(online).getByText('1小时1分')).toBeTruthy();
    expect(within(rowWith('京A00031', '2026-05-19')).getByText('离线')).toBeTruthy();
    const offline = rowWith('京A00032', '2026-05-14');
    expect(within(offline).getByText('离线')).toBeTruthy();
    const rates = screen.getByRole('table', { name: '每日在线率' });
    expect(within(within(rates).getByText('2026-05-20').closest('tr') as HTMLElement).getByText('50.0%')).toBeTruthy();
  });

  it('is titled in its rows’ words: 人员日在线 for people, 资产日在线 for several kinds', async () => {
    const hr = await kit.addUser({ account: 'hr', platforms: [...REPORTS.platforms], resources: [REPORTS.dayOnline], groupIds: [groups.生产部] });
    await kit.render(<DayOnlinePage />, hr);
    expect(await screen.findByRole('heading', { name: '人员日在线' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '人员日在线' });
    expect(within(table).getAllByText('张三').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: '人员日在线' }).textContent).not.toMatch(/车辆|车牌|车组/);

    // an e-bike joins 生产部
    await provision(groups.生产部, '358710069990023', '粤B·D30001', 'ebike');
    fireEvent.click(within(screen.getByRole('search', { name: '日在线查询' })).getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('heading', { name: '资产日在线' })).toBeTruthy();
  });
});

describe('告警明细', () => {
  const ALARMS = AlarmApi.history.path;

  it('reads the alarm history of the chosen days with type and status, and exports the same filter', async () => {
    await kit.render(<AlarmInfoPage />);
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
    // the alarm was on 05-19: none today
    await waitFor(() => expect(kit.requests(ALARMS)[1]?.answer).toMatchObject({ total: 0 }));
    fireEvent.click(within(search).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(kit.requests(ReportApi.export.path)[0]?.flag).toBe(1));
    expect(kit.requests(ReportApi.export.path)[0]!.body).toEqual({ reportType: 'alarm', params: { ...expected, status: 1 } });
  });
});
