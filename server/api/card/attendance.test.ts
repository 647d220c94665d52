import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import type { PositionRow } from '../../gateway/gateway-ports';
import type { AttendancePerson } from '../../store/attendance-queries';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';
import type { DayItem, MonthItem } from './attendance-views';

const BASE = '/car/v4/api/card/attendance';
const RECORDS = '/car/v1/accelerate/export/listExportRecord.json';
const DOWNLOAD = '/car/v1/accelerate/export/download.json';
// Monday 2026-06-01 … Wednesday 06-03; "today" is Thursday 06-04 at noon
const clock = new ManualClock(new Date('2026-06-04T12:00:00+08:00'));
const GATE: [number, number] = [116.4, 39.9];
const IN = { lon: 116.4005, lat: 39.9002 };
const OUT = { lon: 116.413, lat: 39.9 };

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let tenantId: number;
let people: AttendancePerson[];

/** Reports every 10 minutes from `from` to `to` (China time, both included) on `day` at `where`. */
function reports(person: AttendancePerson, day: string, from: string, to: string, where: { lon: number; lat: number }): PositionRow[] {
  const rows: PositionRow[] = [];
  for (let t = Date.parse(`${day}T${from}:00+08:00`); t <= Date.parse(`${day}T${to}:00+08:00`); t += 600_000) {
    rows.push({
      terminalNo: `t${person.terminalId}`, terminalId: String(person.terminalId), tenantId: String(tenantId), deviceTime: new Date(t), receivedTime: new Date(t),
      ...where, altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false,
    });
  }
  return rows;
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock, config: { simAssets: true } });
  ({ admin, other } = await demoTenantClients(server.app));
  tenantId = (await server.store.org.findTenantByName('天路演示'))!.id;
  const scope = { userId: 0, tenantId, tenantIds: [tenantId], groupIds: null };
  people = (await server.store.attendance.people(scope)).filter((p) => p.terminalId !== null).slice(0, 3);
  const [late, early, absent] = people as [AttendancePerson, AttendancePerson, AttendancePerson];
  await server.store.positions.writeBatch([
    // 06-01: outside until 09:20 (shift 09:00, grace 5) → 迟到 20 min; inside 09:20–18:00 → 8 h 40 min
    ...reports(late, '2026-06-01', '07:00', '09:10', OUT), ...reports(late, '2026-06-01', '09:20', '18:00', IN),
    // 06-02: on time, 08:50–18:00 → 9 h 10 min
    ...reports(late, '2026-06-02', '08:50', '18:00', IN),
    // 06-01: inside 08:40–15:30, then away → 早退 150 min, 6 h 50 min on site
    ...reports(early, '2026-06-01', '08:40', '15:30', IN), ...reports(early, '2026-06-01', '15:40', '19:00', OUT),
    // the third person stays away all day → 缺勤
    ...reports(absent, '2026-06-01', '08:00', '18:00', OUT),
  ]);
});
afterAll(() => server.close());

describe('考勤区域 and 班次', () => {
  let areaId: number;

  it('refuses bad work areas and shifts in Chinese and saves nothing', async () => {
    expect(await admin.postJson(`${BASE}/workArea/save.json`, { name: '总部', center: GATE })).toMatchObject({ flag: 400, msg: '半径不能为空' });
    expect(await admin.postJson(`${BASE}/workArea/save.json`, { name: '总部', center: GATE, radius: 5 })).toMatchObject({ flag: 400, msg: '半径必须在 10 到 5000 米之间' });
    expect(await admin.postJson(`${BASE}/workArea/save.json`, { name: ' ', center: GATE, radius: 200 })).toMatchObject({ flag: 400, msg: '区域名称不能为空' });
    expect(await admin.postJson(`${BASE}/workArea/save.json`, { name: '总部', radius: 200 })).toMatchObject({ flag: 400, msg: '圆心不能为空' });
    expect((await admin.get(`${BASE}/workArea/list.json`)).obj).toEqual([]);

    const area = await admin.postJson<{ id: number }>(`${BASE}/workArea/save.json`, { name: '总部', center: GATE, radius: 200 });
    expect(area).toMatchObject({ flag: 1, obj: { name: '总部', center: GATE, radius: 200 } });
    areaId = area.obj.id;
    expect(await admin.postJson(`${BASE}/workArea/save.json`, { name: '总部', center: GATE, radius: 300 })).toMatchObject({ flag: 400, msg: '区域名称已存在' });

    const shift = { name: '白班', workAreaId: areaId, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5] };
    expect(await admin.postJson(`${BASE}/shift/save.json`, { ...shift, endTime: '08:00' })).toMatchObject({ flag: 400, msg: '下班时间必须晚于上班时间' });
    expect(await admin.postJson(`${BASE}/shift/save.json`, { ...shift, startTime: '9点' })).toMatchObject({ flag: 400, msg: '上班时间格式不正确，应为 HH:MM，例如 09:00' });
    expect(await admin.postJson(`${BASE}/shift/save.json`, { ...shift, weekdays: [] })).toMatchObject({ flag: 400, msg: '工作日不能为空' });
    expect(await admin.postJson(`${BASE}/shift/save.json`, { ...shift, graceMinutes: 500 })).toMatchObject({ flag: 400, msg: '宽限分钟不能大于 120' });
    expect(await admin.postJson(`${BASE}/shift/save.json`, { ...shift, weekdays: [8] })).toMatchObject({ flag: 400 });
    expect((await admin.get(`${BASE}/shift/list.json`)).obj).toEqual([]);

    const saved = await admin.postJson(`${BASE}/shift/save.json`, { ...shift, vehicleIds: people.map((p) => p.vehicleId) });
    expect(saved).toMatchObject({ flag: 1, obj: { ...shift, vehicleIds: people.map((p) => p.vehicleId) } });
  });

  it('keeps another tenant out of the areas and shifts', async () => {
    // 其他公司 has not bought 智能工牌
    expect(await other.get(`${BASE}/workArea/list.json`)).toMatchObject({ flag: 403 });
    expect(await other.postJson(`${BASE}/workArea/delete.json`, { id: areaId })).toMatchObject({ flag: 403 });
    expect(await other.get(`${BASE}/day.json`, { day: '2026-06-01' })).toMatchObject({ flag: 403 });
    expect((await admin.get<unknown[]>(`${BASE}/workArea/list.json`)).obj).toHaveLength(1);
  });
});

describe('考勤报表', () => {
  const byName = (list: { name: string }[], i: number) => list.find((l) => l.name === people[i]!.name)!;

  it('computes 迟到, 早退, 缺勤 and hours on site of a day from stored positions', async () => {
    const res = await admin.get<{ total: number; list: DayItem[] }>(`${BASE}/day.json`, { day: '2026-06-01', pageSize: 50 });
    expect(res.obj.total).toBe(3);
    expect(byName(res.obj.list, 0)).toMatchObject({
      status: '迟到', lateMinutes: 20, earlyMinutes: 0, arrival: '2026-06-01T09:20:00+08:00', departure: '2026-06-01T18:00:00+08:00', onSiteHours: 8.7,
    });
    expect(byName(res.obj.list, 1)).toMatchObject({ status: '早退', lateMinutes: 0, earlyMinutes: 150, departure: '2026-06-01T15:30:00+08:00', onSiteHours: 6.8 });
    expect(byName(res.obj.list, 2)).toMatchObject({ status: '缺勤', absent: true, arrival: null, onSiteHours: 0 });
    expect((await admin.get<{ total: number; list: DayItem[] }>(`${BASE}/day.json`, { day: '2026-06-01', pageSize: 1, current: 2 })).obj.list).toHaveLength(1);
    // Saturday is not a working day of the shift
    expect((await admin.get(`${BASE}/day.json`, { day: '2026-06-06' })).obj).toEqual({ total: 0, list: [] });
    expect(await admin.get(`${BASE}/day.json`, { day: '2026-02-30' })).toMatchObject({ flag: 400, msg: '日期格式不正确，应为 YYYY-MM-DD，例如 2026-01-01' });
  });

  it('sums a month up to today: work days, late, early, absent and hours', async () => {
    const res = await admin.get<{ total: number; list: MonthItem[] }>(`${BASE}/month.json`, { month: '2026-06', pageSize: 50 });
    // 06-01 … 06-03 have ended; 06-04 (today) is scheduled but its shift has not ended
    expect(byName(res.obj.list, 0)).toMatchObject({ workDays: 4, presentDays: 2, lateDays: 1, earlyDays: 0, absentDays: 1, onSiteHours: 17.8 });
    expect(byName(res.obj.list, 1)).toMatchObject({ workDays: 4, presentDays: 1, lateDays: 0, earlyDays: 1, absentDays: 2 });
    expect(byName(res.obj.list, 2)).toMatchObject({ workDays: 4, presentDays: 0, absentDays: 3 });
    expect(await admin.get(`${BASE}/month.json`, { month: '2026-13' })).toMatchObject({ flag: 400, msg: '月份格式不正确，应为 YYYY-MM，例如 2026-01' });
  });

  it('exports the month through 下载中心', async () => {
    expect(await admin.postJson(`${BASE}/export.json`, { kind: 'month' })).toMatchObject({ flag: 400, msg: '月份不能为空' });
    const res = await admin.postJson<{ id: number; fileName: string }>(`${BASE}/export.json`, { kind: 'month', month: '2026-06' });
    expect(res).toMatchObject({ flag: 1, obj: { fileName: '考勤月报-2026-06.xlsx' } });
    let status = 0;
    for (let i = 0; i < 200 && status === 0; i++) {
      const page = await admin.postForm<{ list: { id: number; status: number }[] }>(RECORDS, { current: 1, pageSize: 50 });
      status = page.obj.list.find((r) => r.id === res.obj.id)?.status ?? 0;
      if (status === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(1);
    const file = await server.app.inject({ method: 'GET', url: DOWNLOAD, query: { id: String(res.obj.id) }, headers: { sessionId: admin.sessionId!, userId: String(admin.userId) } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = book.getWorksheet('考勤月报')!;
    expect(ws.getRow(1).getCell(1).value).toBe('姓名');
    const row = ws.getRows(2, 3)!.find((r) => r.getCell(1).value === people[0]!.name)!;
    expect([6, 7, 8, 9, 10, 11].map((c) => row.getCell(c).value)).toEqual([4, 2, 1, 0, 1, 17.8]);
  });
});

describe('stays.json', () => {
  it('gives a person’s stays at their work areas with the badge’s terminal number', async () => {
    const res = await admin.get<{ terminalNo: string; areas: { name: string }[]; stays: { areaName: string; start: string; end: string; seconds: number }[] }>(
      `${BASE}/stays.json`, { vehicleId: people[0]!.vehicleId, day: '2026-06-01' },
    );
    expect(res.obj.terminalNo).toBe(people[0]!.terminalNo);
    expect(res.obj.areas.map((a) => a.name)).toEqual(['总部']);
    expect(res.obj.stays).toEqual([{ areaId: expect.any(Number), areaName: '总部', start: '2026-06-01T09:20:00+08:00', end: '2026-06-01T18:00:00+08:00', seconds: 520 * 60 }]);
    expect(await admin.get(`${BASE}/stays.json`, { vehicleId: 999999, day: '2026-06-01' })).toMatchObject({ flag: 404, msg: '人员不存在' });
    expect(await other.get(`${BASE}/stays.json`, { vehicleId: people[0]!.vehicleId, day: '2026-06-01' })).toMatchObject({ flag: 403 });
  });
});
