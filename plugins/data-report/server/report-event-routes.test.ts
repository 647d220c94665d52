import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addScopedUser, ApiClient, createTestServer, demoTenantClients, downloadWorkbook, ManualClock, reportDayTrack, waitExportDone, type PositionRow, type TestServer,
} from '../../../server/module/testing';
import type { FuelReportItem, MileageSummaryItem, OfflineReportItem, OverspeedReportItem, StopReportItem, TripReportItem } from './report-event-views';
import { ReportApi } from '../../../sdk/contracts';

const TRIPS = ReportApi.trips.path;
const STOPS = ReportApi.stops.path;
const OVERSPEED = ReportApi.overspeed.path;
const SUMMARY = ReportApi.mileageSummary.path;
const FUEL = ReportApi.fuel.path;
const OFFLINE = ReportApi.offline.path;
const MILEAGE = ReportApi.mileage.path;
const EXPORT = ReportApi.export.path;

// 05-01 and 05-02 have ended (their events are stored once), 05-03 is today
const clock = new ManualClock(new Date('2026-05-03T12:00:00+08:00'));
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let tenantId: number;
const terminals: { id: number; no: string; plate: string; groupId: number | null; vehicleId: number }[] = [];

type Page<T, Totals = Record<string, number>> = { total: number; list: T[]; totals: Totals; days: { day: string; count: number; distance: number; seconds: number }[] };
const RANGE = { start: '2026-05-01', end: '2026-05-03', pageSize: 50 };

/** The hand-made day of report-track-fixture.ts for one terminal (fuel in the extras, as the gateway stores item 0x02). */
function fixtureRows(terminal: number, day: string): PositionRow[] {
  const t = terminals[terminal]!;
  return reportDayTrack(day).map((p) => ({
    terminalNo: t.no.replace(/^0+/, ''), terminalId: t.id, tenantId, deviceTime: new Date(p.t), receivedTime: new Date(p.t),
    lon: p.lon, lat: p.lat, altitude: 50, speed: p.speed, course: 0, alarmFlags: 0, statusFlags: p.acc ? 3 : 2, mileage: undefined,
    extras: { fuel: p.fuel }, backfill: false,
  }));
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock, config: { simDevices: 3 } });
  ({ admin, other } = await demoTenantClients(server.app));
  tenantId = (await server.store.users.findByAccount('admin'))!.tenantId;
  const rows = await server.store.db
    .selectFrom('terminals as t').innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .select(['t.id', 't.display_no', 'v.plate_no', 'v.group_id', 'v.id as vehicle_id']).where('t.tenant_id', '=', tenantId).orderBy('t.display_no').execute();
  for (const r of rows) terminals.push({ id: r.id, no: r.display_no, plate: r.plate_no!, groupId: r.group_id, vehicleId: r.vehicle_id });
  // terminal 0 drives the day on 05-01 under a 100 km/h limit, terminal 1 on 05-02 under 130 km/h
  await server.store.db.updateTable('vehicles').set({ speed_limit: 100 }).where('id', '=', terminals[0]!.vehicleId).execute();
  await server.store.db.updateTable('vehicles').set({ speed_limit: 130 }).where('id', '=', terminals[1]!.vehicleId).execute();
  await server.store.positions.writeBatch(fixtureRows(0, '2026-05-01'));
  await server.store.positions.writeBatch(fixtureRows(1, '2026-05-02'));
});
afterAll(() => server.close());

const mine = <T extends { terminalNo: string }>(list: T[]) => list.filter((r) => r.terminalNo === terminals[0]!.no || r.terminalNo === terminals[1]!.no);

describe('行程报表', () => {
  it('answers each trip with its start and end, distance, duration and speeds, split by the 10-minute stop', async () => {
    const res = await admin.get<Page<TripReportItem>>(TRIPS, RANGE);
    expect(res.flag).toBe(1);
    expect(res.obj.total).toBe(4);
    const [a, b] = res.obj.list.filter((r) => r.terminalNo === terminals[0]!.no);
    expect(a).toMatchObject({
      plateNo: terminals[0]!.plate, day: '2026-05-01', start: '2026-05-01T08:00:00+08:00', end: '2026-05-01T08:20:10+08:00', seconds: 1210, maxSpeed: 36,
      distance: 12.01, startLon: 116, startLat: 30, endLat: 30.108,
    });
    expect(a!.startAddress).toEqual(expect.any(String));
    expect(b).toMatchObject({ start: '2026-05-01T08:30:10+08:00', end: '2026-05-01T08:50:10+08:00', seconds: 1200, maxSpeed: 120, distance: 11.91 });
    expect(res.obj.totals).toMatchObject({ count: 4, vehicles: 2, seconds: 2 * 2410, maxSpeed: 120 });
    expect(res.obj.totals.distance).toBeCloseTo(2 * 23.92, 1);
    expect(res.obj.days.map((d) => [d.day, d.count])).toEqual([['2026-05-01', 2], ['2026-05-02', 2]]);
  });

  it('pages on the server', async () => {
    const all = await admin.get<Page<TripReportItem>>(TRIPS, RANGE);
    const page = await admin.get<Page<TripReportItem>>(TRIPS, { ...RANGE, current: 2, pageSize: 1 });
    expect(page.obj.total).toBe(4);
    expect(page.obj.list).toEqual([all.obj.list[1]]);
  });

  it('narrows to a plate and leaves days without the vehicle empty', async () => {
    const res = await admin.get<Page<TripReportItem>>(TRIPS, { start: '2026-05-02', end: '2026-05-02', keyword: terminals[0]!.plate });
    expect(res.obj).toMatchObject({ total: 0, list: [] });
  });
});

describe('停车报表', () => {
  it('lists the stops with their place, duration and ACC, and filters by ACC', async () => {
    const res = await admin.get<Page<StopReportItem>>(STOPS, RANGE);
    expect(res.obj.total).toBe(4);
    expect(mine(res.obj.list).filter((s) => s.terminalNo === terminals[0]!.no).map((s) => [s.start, s.end, s.seconds, s.acc, s.accSeconds])).toEqual([
      ['2026-05-01T08:20:10+08:00', '2026-05-01T08:30:10+08:00', 600, false, 0],
      ['2026-05-01T08:50:10+08:00', '2026-05-01T09:00:00+08:00', 590, true, 590],
    ]);
    expect(res.obj.totals).toMatchObject({ count: 4, seconds: 2 * 1190, accOn: 2, accOff: 2, accSeconds: 2 * 590 });
    const idling = await admin.get<Page<StopReportItem>>(STOPS, { ...RANGE, acc: 1 });
    expect(idling.obj.list.map((s) => s.seconds)).toEqual([590, 590]);
  });
});

describe('超速报表', () => {
  it('finds the stretch above the vehicle’s limit, and follows a changed limit', async () => {
    const res = await admin.get<Page<OverspeedReportItem>>(OVERSPEED, RANGE);
    expect(res.obj.list.map((o) => [o.terminalNo, o.start, o.end, o.seconds, o.maxSpeed, o.speedLimit])).toEqual([
      [terminals[0]!.no, '2026-05-01T08:36:50+08:00', '2026-05-01T08:38:50+08:00', 120, 120, 100],
    ]);
    expect(res.obj.totals).toMatchObject({ count: 1, vehicles: 1, seconds: 120, maxSpeed: 120 });
    await server.store.db.updateTable('vehicles').set({ speed_limit: 110 }).where('id', '=', terminals[1]!.vehicleId).execute();
    const after = await admin.get<Page<OverspeedReportItem>>(OVERSPEED, RANGE);
    expect(after.obj.list.map((o) => [o.terminalNo, o.day, o.speedLimit])).toEqual([[terminals[0]!.no, '2026-05-01', 100], [terminals[1]!.no, '2026-05-02', 110]]);
  });

  it('uses the tenant’s 平台超速 limit and duration for a vehicle without its own 限速', async () => {
    await server.store.db.updateTable('vehicles').set({ speed_limit: null }).where('id', 'in', [terminals[0]!.vehicleId, terminals[1]!.vehicleId]).execute();
    await server.store.alarms.settings.saveControls(tenantId, [{ alarmType: 'platformOverspeed', enabled: true, thresholds: { speedLimit: 115, minDurationSeconds: 60 } }], clock.now());
    const res = await admin.get<Page<OverspeedReportItem>>(OVERSPEED, RANGE);
    expect(res.obj.list.map((o) => [o.terminalNo, o.seconds, o.speedLimit])).toEqual([[terminals[0]!.no, 120, 115], [terminals[1]!.no, 120, 115]]);
    await server.store.alarms.settings.saveControls(tenantId, [{ alarmType: 'platformOverspeed', enabled: true, thresholds: { speedLimit: 115, minDurationSeconds: 121 } }], clock.now());
    expect((await admin.get<Page<OverspeedReportItem>>(OVERSPEED, RANGE)).obj.total).toBe(0);
  });
});

describe('油耗报表', () => {
  it('answers fuel used, refuelled and the drop per vehicle and day with the consumption per 100 km', async () => {
    const res = await admin.get<Page<FuelReportItem>>(FUEL, RANGE);
    expect(res.obj.total).toBe(2);
    expect(res.obj.list[0]).toMatchObject({
      terminalNo: terminals[0]!.no, day: '2026-05-01', readings: 361, firstLitres: 60, lastLitres: 70, usedLitres: 20, addedLitres: 30, drops: 1, dropLitres: 8, distance: 23.92,
    });
    expect(res.obj.list[0]!.per100Km).toBeCloseTo((20 / 23.92) * 100, 1);
    expect(res.obj.totals).toMatchObject({ vehicles: 2, used: 40, added: 60, drops: 2, dropLitres: 16 });
  });
});

describe('里程汇总', () => {
  it('sums the mileage of 里程报表 per group and month', async () => {
    const res = await admin.get<{ total: number; list: MileageSummaryItem[]; totals: { mileage: number; vehicles: number }; months: { month: string; mileage: number }[] }>(
      SUMMARY, { start: '2026-04', end: '2026-05' },
    );
    expect(res.flag).toBe(1);
    const daily = await admin.get<{ totals: { mileage: number } }>(MILEAGE, { start: '2026-05-01', end: '2026-05-03' });
    // 240 steps of 100.075 m a vehicle (the trips leave out the step that leaves the stop, where the first trip report is)
    expect(res.obj.totals.mileage).toBeCloseTo(2 * 240 * 0.100075, 1);
    expect(res.obj.totals.mileage).toBeCloseTo(daily.obj.totals.mileage, 1);
    expect(res.obj.totals.vehicles, JSON.stringify(res.obj)).toBe(2);
    expect(res.obj.list.every((r) => r.month === '2026-05')).toBe(true);
    expect(res.obj.list.reduce((n, r) => n + r.vehicles, 0)).toBe(2);
    expect(res.obj.months).toEqual([{ month: '2026-05', mileage: res.obj.totals.mileage }]);
  });

  it('refuses a malformed or too long month range in Chinese', async () => {
    expect(await admin.get(SUMMARY, { start: '2026-13', end: '2026-05' })).toMatchObject({ flag: 400, msg: '开始月份格式不正确，应为 YYYY-MM，例如 2026-01' });
    expect(await admin.get(SUMMARY, { start: '2025-01', end: '2026-05' })).toMatchObject({ flag: 400, msg: '查询月份范围不能超过 12 个月' });
    expect(await admin.get(SUMMARY, { start: '2026-05', end: '2026-04' })).toMatchObject({ flag: 400, msg: '结束月份不能早于开始月份' });
  });
});

describe('离线报表', () => {
  it('lists the assets silent for longer than the threshold, longest first, and those that never reported', async () => {
    const day = await admin.get<{ total: number; list: OfflineReportItem[]; totals: { offline: number; assets: number; never: number } }>(OFFLINE, { hours: 24, pageSize: 200 });
    expect(day.flag).toBe(1);
    const reported = day.obj.list.filter((r) => r.lastTime !== null);
    expect(reported.map((r) => [r.terminalNo, r.lastTime, r.offlineSeconds])).toEqual([
      [terminals[0]!.no, '2026-05-01T09:00:00+08:00', 51 * 3600],
      [terminals[1]!.no, '2026-05-02T09:00:00+08:00', 27 * 3600],
    ]);
    expect(day.obj.totals.never).toBe(day.obj.total - 2);
    expect(day.obj.list.slice(0, day.obj.totals.never).every((r) => r.lastTime === null)).toBe(true);
    const longer = await admin.get<{ list: OfflineReportItem[] }>(OFFLINE, { hours: 30, pageSize: 200 });
    expect(longer.obj.list.filter((r) => r.lastTime !== null).map((r) => r.terminalNo)).toEqual([terminals[0]!.no]);
  });

  it('refuses a threshold out of range', async () => {
    expect(await admin.get(OFFLINE, { hours: 0 })).toMatchObject({ flag: 400 });
  });
});

describe('menus', () => {
  it('each report needs its own menu, its export too', async () => {
    await addScopedUser(server.store, { tenantId, account: 'report_trips', password: 'Report1234', role: '只看行程', platformIds: [20], resourceIds: [2040] });
    const limited = new ApiClient(server.app);
    await limited.login('report_trips', 'Report1234');
    expect((await limited.get(TRIPS, RANGE)).flag).toBe(1);
    for (const path of [STOPS, OVERSPEED, FUEL]) expect(await limited.get(path, RANGE)).toMatchObject({ flag: 403 });
    expect(await limited.get(OFFLINE, {})).toMatchObject({ flag: 403 });
    expect(await limited.postJson(EXPORT, { reportType: 'fuel', params: { start: '2026-05-01', end: '2026-05-01' } })).toMatchObject({ flag: 403 });
  });
});

describe('reports of another tenant', () => {
  it('answers 分组不存在 (reports serve every kind) for a group the caller may not see and none of the first tenant’s rows', async () => {
    expect(await other.get(TRIPS, { ...RANGE, groupId: terminals[0]!.groupId! })).toMatchObject({ flag: 404, msg: '分组不存在' });
    expect((await other.get<Page<TripReportItem>>(TRIPS, RANGE)).obj.total).toBe(0);
    expect((await other.get<Page<FuelReportItem>>(FUEL, RANGE)).obj.total).toBe(0);
  });
});

describe('导出', () => {
  it('writes 行程报表 to 下载中心 with a row per trip', async () => {
    const res = await admin.postJson<{ id: number; fileName: string }>(EXPORT, { reportType: 'trip', params: { start: '2026-05-01', end: '2026-05-01' } });
    expect(res).toMatchObject({ flag: 1, obj: { fileName: '行程报表-2026-05-01至2026-05-01.xlsx' } });
    expect((await waitExportDone(admin, res.obj.id)).status).toBe(1);
    const sheet = (await downloadWorkbook(server.app, admin, res.obj.id)).getWorksheet('行程报表')!;
    expect(sheet.getRow(1).getCell(8).text).toBe('里程(km)');
    const first = sheet.getRow(2);
    expect([first.getCell(2).text, first.getCell(4).text, first.getCell(6).text, first.getCell(8).value, first.getCell(10).value]).toEqual([
      terminals[0]!.no, '2026-05-01 08:00:00', '2026-05-01 08:20:10', 12.01, 36,
    ]);
    expect(sheet.rowCount).toBe(3);
  });

  it('writes 油耗报表, 里程汇总 and 离线报表, and refuses their bad parameters', async () => {
    for (const [reportType, params, sheetName] of [
      ['fuel', { start: '2026-05-01', end: '2026-05-02' }, '油耗报表'], ['mileageSummary', { start: '2026-05', end: '2026-05' }, '里程汇总'], ['offline', { hours: 24 }, '离线报表'],
    ] as const) {
      const res = await admin.postJson<{ id: number }>(EXPORT, { reportType, params });
      expect(res.flag).toBe(1);
      expect((await waitExportDone(admin, res.obj.id)).status).toBe(1);
      expect((await downloadWorkbook(server.app, admin, res.obj.id)).getWorksheet(sheetName)!.rowCount).toBeGreaterThan(1);
    }
    expect(await admin.postJson(EXPORT, { reportType: 'offline', params: { hours: 'x' } })).toMatchObject({ flag: 400, msg: '离线时长必须是整数' });
    expect(await admin.postJson(EXPORT, { reportType: 'stop', params: { start: '2026-05-01', end: '2026-05-01', acc: 3 } })).toMatchObject({ flag: 400, msg: 'ACC 状态不能大于 1' });
  });
});
