import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackAnswer, TrackPointPage } from '../../../sdk/track';
import type { PositionRow } from '../../gateway/gateway-ports';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

const LIST = '/car/v4/api/track/list.json';
const POINTS = '/car/v4/api/track/points.json';
const EXPORT = '/car/v4/api/track/export.json';
const TERMINAL = '013800000001';
// one report every 5 s from 08:00 China time: 40 min east, 20 min parked with ACC off, 40 min north
const T0 = Date.parse('2026-05-01T08:00:00+08:00');
const START = '2026-05-01T00:00:00+08:00';
const END = '2026-05-01T23:59:59+08:00';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;

function day(terminalId: number, tenantId: number): PositionRow[] {
  const rows: PositionRow[] = [];
  let lon = 116.3;
  let lat = 39.9;
  let km = 5000;
  const push = (i: number, speed: number, course: number, acc: boolean, alarm = 0) =>
    rows.push({
      terminalNo: '13800000001', terminalId, tenantId, deviceTime: new Date(T0 + i * 5000), receivedTime: new Date(T0 + i * 5000),
      lon, lat, altitude: 50, speed, course, alarmFlags: alarm, statusFlags: acc ? 3 : 2, mileage: km, extras: {}, backfill: false,
    });
  let i = 0;
  for (; i < 480; i++, lon += 0.0005, km += 0.0425) push(i, 30, 90, true, i >= 200 && i < 210 ? 2 : 0);
  for (; i < 720; i++) push(i, 0, 90, false);
  for (; i < 1200; i++, lat += 0.0005, km += 0.0556) push(i, 40, 0, true);
  return rows;
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2 } });
  ({ admin, other } = await demoTenantClients(server.app));
  const user = await server.store.users.findByAccount('admin');
  const terminal = await server.store.fleet.findTerminal(user!.tenantId, '13800000001');
  await server.store.positions.writeBatch(day(terminal!.id, user!.tenantId));
});
afterAll(() => server.close());

describe('track/list.json', () => {
  it('answers every stored position by default, with stops, alarms and totals of the day', async () => {
    const res = await admin.get<TrackAnswer>(LIST, { terminalNo: TERMINAL, start: START, end: END });
    expect(res.flag).toBe(1);
    const t = res.obj;
    expect(t.points).toHaveLength(1200);
    expect(t.totalPoints).toBe(1200);
    expect(t.simplified).toBe(false);
    expect(t.points[0]).toMatchObject({ terminalNo: TERMINAL, lon: 116.3, lat: 39.9, speed: 30, course: 90, acc: true, located: true, gpsTime: '2026-05-01T08:00:00+08:00' });
    expect(t.stops).toEqual([{ startTime: '2026-05-01T08:40:00+08:00', endTime: '2026-05-01T09:00:00+08:00', durationSeconds: 1200, lon: expect.closeTo(116.54, 5), lat: 39.9 }]);
    expect(t.alarms).toEqual([expect.objectContaining({ startTime: '2026-05-01T08:16:40+08:00', endTime: '2026-05-01T08:17:25+08:00', alarmFlags: 2 })]);
    expect(t.totals).toMatchObject({ mileageSource: 'odometer', stopCount: 1, stopSeconds: 1200, maxSpeed: 40, startTime: '2026-05-01T08:00:00+08:00' });
    expect(t.totals.mileageKm).toBeCloseTo(480 * 0.0425 + 479 * 0.0556, 0);
    // 480 reports of 5 s before parking, then 479 intervals up to the last report
    expect(t.totals.drivingSeconds).toBe(480 * 5 + 479 * 5);
  });

  it('simplifies for a zoom, keeping the stop, the alarm points and both ends', async () => {
    const res = await admin.get<TrackAnswer>(LIST, { terminalNo: TERMINAL, start: START, end: END, zoom: 10 });
    const t = res.obj;
    expect(t.simplified).toBe(true);
    expect(t.totalPoints).toBe(1200);
    expect(t.points.length).toBeLessThan(40);
    const times = t.points.map((p) => p.gpsTime);
    expect(times).toContain('2026-05-01T08:00:00+08:00');
    expect(times).toContain('2026-05-01T09:39:55+08:00');
    expect(times).toContain('2026-05-01T08:40:00+08:00'); // the stop's start
    expect(times).toContain('2026-05-01T09:00:00+08:00'); // where it drove on
    expect(t.points.filter((p) => p.alarmFlags !== 0)).toHaveLength(10);
    expect(t.speedSeries?.t.length).toBeGreaterThan(2);
    expect(Math.max(...t.speedSeries!.v)).toBe(40);
  });

  it('refines one part of the map with bbox', async () => {
    // the northbound leg only (lon 116.54)
    const res = await admin.get<TrackAnswer>(LIST, { terminalNo: TERMINAL, start: START, end: END, zoom: 18, bbox: '116.53,39.95,116.55,40.2' });
    const inside = res.obj.points.filter((p) => p.lat >= 39.95);
    expect(inside.length).toBeGreaterThan(0);
    expect(res.obj.points.every((p) => p.lon > 116.5)).toBe(true);
  });

  it('uses the stop threshold asked for', async () => {
    const res = await admin.get<TrackAnswer>(LIST, { terminalNo: TERMINAL, start: START, end: END, stopMinutes: 30 });
    expect(res.obj.stops).toEqual([]);
    expect(res.obj.stopMinutes).toBe(30);
  });

  it('refuses bad input with a message naming the field', async () => {
    const bad = async (query: Record<string, string | number>) => (await admin.get(LIST, { terminalNo: TERMINAL, start: START, end: END, ...query })) as { flag: number; msg: string };
    expect(await bad({ end: '2026-04-30T00:00:00+08:00' })).toMatchObject({ flag: 400, msg: '结束时间不能早于开始时间' });
    expect(await bad({ end: '2026-05-09T00:00:00+08:00' })).toMatchObject({ flag: 400, msg: '查询时间范围不能超过 7 天' });
    expect(await bad({ start: '昨天' })).toMatchObject({ flag: 400, msg: expect.stringContaining('开始时间格式不正确') });
    expect(await bad({ zoom: 30 })).toMatchObject({ flag: 400, msg: expect.stringContaining('缩放级别') });
    expect(await bad({ zoom: 12, bbox: '1,2,3' })).toMatchObject({ flag: 400, msg: expect.stringContaining('地图范围格式不正确') });
    expect(await bad({ bbox: '116,39,117,40' })).toMatchObject({ flag: 400, msg: '按地图范围查询时缩放级别不能为空' });
  });

  it('does not show one tenant’s track to another', async () => {
    const res = await other.get<TrackAnswer>(LIST, { terminalNo: TERMINAL, start: START, end: END });
    expect(res).toMatchObject({ flag: 404, msg: '终端不存在', obj: null });
  });
});

describe('track/points.json', () => {
  it('pages every position in time order', async () => {
    const res = await admin.get<TrackPointPage>(POINTS, { terminalNo: TERMINAL, start: START, end: END, current: 3, pageSize: 50 });
    expect(res.obj.total).toBe(1200);
    expect(res.obj.list).toHaveLength(50);
    expect(res.obj.list[0].gpsTime).toBe('2026-05-01T08:08:20+08:00'); // position 100: 500 s after 08:00
    expect(res.obj.list[49].gpsTime).toBe('2026-05-01T08:12:25+08:00');
  });

  it('is 404 for another tenant and 400 for a page too big', async () => {
    expect(await other.get(POINTS, { terminalNo: TERMINAL, start: START, end: END })).toMatchObject({ flag: 404 });
    expect(await admin.get(POINTS, { terminalNo: TERMINAL, start: START, end: END, pageSize: 500 })).toMatchObject({ flag: 400, msg: expect.stringContaining('每页条数') });
  });
});

describe('track/export.json', () => {
  const exportAs = (client: ApiClient, body: object) =>
    server.app.inject({ method: 'POST', url: EXPORT, payload: body, headers: { sessionId: client.sessionId!, userId: String(client.userId) } });

  it('streams a spreadsheet of every position and the stops', async () => {
    const res = await exportAs(admin, { terminalNo: TERMINAL, start: START, end: END });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('轨迹-'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const points = book.getWorksheet('轨迹点')!;
    expect(points.rowCount).toBe(1201);
    expect(points.getRow(1).getCell(2).value).toBe('车牌号');
    expect(points.getRow(1).getCell(4).value).toBe('定位时间');
    expect(points.getRow(2).getCell(4).value).toBe('2026-05-01 08:00:00');
    expect(points.getRow(202).getCell(13).value).toBe('超速报警');
    const stops = book.getWorksheet('停留点')!;
    expect(stops.rowCount).toBe(2);
    expect(stops.getRow(2).getCell(4).value).toBe(20);
    expect(String(stops.getRow(2).getCell(7).value)).toContain('北京');
  });

  it("heads a person's track 姓名 and names its alarms as a person's, never 车牌号 or 车辆…", async () => {
    const terminal = await admin.postJson<{ id: number }>('/car/v1/api/system/terminal/add.json', { terminalNo: '868710040009901', edition: 'watch', model: 'TL-B1 工牌' });
    const person = await admin.postJson<{ id: number }>('/car/v1/api/system/vehicle/add.json', { plateNo: '李四', assetKind: 'person', plateColor: 0, profile: { employeeNo: 'E0901' } });
    expect(await admin.postJson('/car/v1/api/system/vehicle/bind.json', { vehicleId: person.obj.id, terminalId: terminal.obj.id })).toMatchObject({ flag: 1 });
    const user = await server.store.users.findByAccount('admin');
    // a position with 非法位移 (bit 28)
    await server.store.positions.writeBatch([0, 1].map((i) => ({
      terminalNo: '868710040009901', terminalId: terminal.obj.id, tenantId: user!.tenantId, deviceTime: new Date(T0 + i * 60_000), receivedTime: new Date(T0 + i * 60_000),
      lon: 116.3, lat: 39.9, altitude: 50, speed: 4, course: 0, alarmFlags: i ? 1 << 28 : 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false,
    })));
    const res = await exportAs(admin, { terminalNo: '868710040009901', start: START, end: END });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const points = book.getWorksheet('轨迹点')!;
    expect(points.getRow(1).getCell(2).value).toBe('姓名');
    expect(points.getRow(2).getCell(2).value).toBe('李四');
    expect(points.getRow(3).getCell(13).value).toBe('人员非法位移');
  });

  it('answers an envelope, not a file, for another tenant or bad input', async () => {
    expect((await exportAs(other, { terminalNo: TERMINAL, start: START, end: END })).json()).toMatchObject({ flag: 404 });
    expect((await exportAs(admin, { terminalNo: TERMINAL, start: END, end: START })).json()).toMatchObject({ flag: 400, msg: '结束时间不能早于开始时间' });
  });
});

describe('track/settings.json', () => {
  it('tells the console the range limit and the default stop threshold', async () => {
    expect((await admin.get('/car/v4/api/track/settings.json')).obj).toEqual({ maxRangeDays: 7, stopMinutes: 3 });
  });
});

describe('trips.json', () => {
  interface Trips {
    trips: { start: string; end: string; distance: number; seconds: number; maxSpeed: number }[];
    days: { day: string; count: number; distance: number }[];
    totals: { count: number; distance: number; seconds: number };
  }

  it('splits the day at the 20-minute stop into two trips with distance, duration and speed, per day and in total', async () => {
    const res = await admin.get<Trips>('/car/v4/api/track/trips.json', { terminalNo: TERMINAL, start: START, end: END });
    expect(res.flag).toBe(1);
    const [east, north] = res.obj.trips;
    expect(res.obj.trips).toHaveLength(2);
    expect(east).toMatchObject({ start: '2026-05-01T08:00:00+08:00', end: '2026-05-01T08:40:00+08:00', seconds: 2400, maxSpeed: 30 });
    expect(east!.distance).toBeCloseTo(20.4, 0);
    expect(north!.start).toBe('2026-05-01T09:00:00+08:00');
    expect(north!.distance).toBeCloseTo(26.6, 0);
    expect(res.obj.days).toEqual([{ day: '2026-05-01', count: 2, distance: res.obj.totals.distance, seconds: res.obj.totals.seconds }]);
    expect(res.obj.totals.count).toBe(2);
  });

  it('answers another tenant 404 and checks the stop threshold', async () => {
    expect(await other.get('/car/v4/api/track/trips.json', { terminalNo: TERMINAL, start: START, end: END })).toMatchObject({ flag: 404 });
    const bad = await admin.get('/car/v4/api/track/trips.json', { terminalNo: TERMINAL, start: START, end: END, stopMinutes: 0 });
    expect(bad.flag).toBe(400);
  });
});
