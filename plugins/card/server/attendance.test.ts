import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRecord } from '../../../server/module';
import {
  createTestServer, demoTenantClients, downloadWorkbook, ManualClock, waitExportDone, type ApiClient, type PositionRow, type TestServer,
} from '../../../server/module/testing';
import { AttendanceQueries } from './attendance-queries';
import type { AttendanceDayItem, AttendanceMonthItem } from '../../../sdk/attendance';
import { AttendanceApi, CardApi } from '../../../sdk/contracts';

// Monday 2026-06-01 … Wednesday 06-03; "today" is Thursday 06-04 at noon
const clock = new ManualClock(new Date('2026-06-04T12:00:00+08:00'));
const GATE: [number, number] = [116.4, 39.9];
const IN = { lon: 116.4005, lat: 39.9002 };
const OUT = { lon: 116.413, lat: 39.9 };

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let tenantId: number;
let people: PersonRecord[];
/** The three people of 白班. */
const trio = () => people.slice(0, 3);

/** Reports every 10 minutes from `from` to `to` (China time, both included) on `day` at `where`. */
function reports(person: PersonRecord, day: string, from: string, to: string, where: { lon: number; lat: number }): PositionRow[] {
  const rows: PositionRow[] = [];
  for (let t = Date.parse(`${day}T${from}:00+08:00`); t <= Date.parse(`${day}T${to}:00+08:00`); t += 600_000) {
    rows.push({
      terminalNo: `t${person.terminalId}`, terminalId: person.terminalId!, tenantId, deviceTime: new Date(t), receivedTime: new Date(t),
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
  // from an empty 考勤管理: without the demo's own area and shifts
  const attendance = new AttendanceQueries(server.store.db);
  for (const area of await attendance.listAreas(scope)) await attendance.deleteArea(area.id);
  people = (await server.store.people.list(scope)).filter((p) => p.terminalId !== null).slice(0, 6);
  const [late, early, absent] = people as [PersonRecord, PersonRecord, PersonRecord];
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
    expect(await admin.postJson(AttendanceApi.saveArea.path, { name: '总部', center: GATE })).toMatchObject({ flag: 400, msg: '半径不能为空' });
    expect(await admin.postJson(AttendanceApi.saveArea.path, { name: '总部', center: GATE, radius: 5 })).toMatchObject({ flag: 400, msg: '半径必须在 10 到 5000 米之间' });
    expect(await admin.postJson(AttendanceApi.saveArea.path, { name: ' ', center: GATE, radius: 200 })).toMatchObject({ flag: 400, msg: '区域名称不能为空' });
    expect(await admin.postJson(AttendanceApi.saveArea.path, { name: '总部', radius: 200 })).toMatchObject({ flag: 400, msg: '圆心不能为空' });
    expect((await admin.get(AttendanceApi.areas.path)).obj).toEqual([]);

    const area = await admin.postJson<{ id: number }>(AttendanceApi.saveArea.path, { name: '总部', center: GATE, radius: 200 });
    expect(area).toMatchObject({ flag: 1, obj: { name: '总部', center: GATE, radius: 200 } });
    areaId = area.obj.id;
    expect(await admin.postJson(AttendanceApi.saveArea.path, { name: '总部', center: GATE, radius: 300 })).toMatchObject({ flag: 400, msg: '区域名称已存在' });

    const shift = { name: '白班', workAreaId: areaId, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5] };
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, endTime: '09:00' })).toMatchObject({ flag: 400, msg: '下班时间不能与上班时间相同' });
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, startsOn: '2026-06-31' })).toMatchObject({ flag: 400, msg: '生效日期格式不正确，应为 YYYY-MM-DD，例如 2026-01-01' });
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, startTime: '9点' })).toMatchObject({ flag: 400, msg: '上班时间格式不正确，应为 HH:MM，例如 09:00' });
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, weekdays: [] })).toMatchObject({ flag: 400, msg: '工作日不能为空' });
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, graceMinutes: 500 })).toMatchObject({ flag: 400, msg: '宽限分钟不能大于 120' });
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, weekdays: [8] })).toMatchObject({ flag: 400 });
    expect((await admin.get(AttendanceApi.shifts.path)).obj).toEqual([]);

    // HR sets the shift up on Thursday to apply from Monday 06-01
    const saved = await admin.postJson(AttendanceApi.saveShift.path, { ...shift, vehicleIds: trio().map((p) => p.vehicleId), startsOn: '2026-06-01' });
    expect(saved).toMatchObject({ flag: 1, obj: { ...shift, vehicleIds: trio().map((p) => p.vehicleId) } });
    expect((saved.obj as { memberStarts: Record<string, string> }).memberStarts).toEqual(Object.fromEntries(trio().map((p) => [`v:${p.vehicleId}`, '2026-06-01'])));
  });

  it('keeps another tenant out of the areas and shifts', async () => {
    // 其他公司 has not bought 智能工牌
    expect(await other.get(AttendanceApi.areas.path)).toMatchObject({ flag: 403 });
    expect(await other.postJson(AttendanceApi.removeArea.path, { id: areaId })).toMatchObject({ flag: 403 });
    expect(await other.get(AttendanceApi.day.path, { day: '2026-06-01' })).toMatchObject({ flag: 403 });
    expect((await admin.get<unknown[]>(AttendanceApi.areas.path)).obj).toHaveLength(1);
  });
});

describe('考勤报表', () => {
  const byName = (list: { name: string }[], i: number) => list.find((l) => l.name === people[i]!.name)!;

  it('computes 迟到, 早退, 缺勤 and hours on site of a day from stored positions', async () => {
    const res = await admin.get<{ total: number; list: AttendanceDayItem[] }>(AttendanceApi.day.path, { day: '2026-06-01', pageSize: 50 });
    expect(res.obj.total).toBe(3);
    expect((res.obj as unknown as { summary: unknown }).summary).toEqual({ expected: 3, present: 2, late: 1, early: 1, absent: 1, leave: 0 });
    expect(byName(res.obj.list, 0)).toMatchObject({
      status: '迟到', lateMinutes: 20, earlyMinutes: 0, arrival: '2026-06-01T09:20:00+08:00', departure: '2026-06-01T18:00:00+08:00', onSiteHours: 8.7,
    });
    expect(byName(res.obj.list, 1)).toMatchObject({ status: '早退', lateMinutes: 0, earlyMinutes: 150, departure: '2026-06-01T15:30:00+08:00', onSiteHours: 6.8 });
    expect(byName(res.obj.list, 2)).toMatchObject({ status: '缺勤', absent: true, arrival: null, onSiteHours: 0 });
    expect((await admin.get<{ total: number; list: AttendanceDayItem[] }>(AttendanceApi.day.path, { day: '2026-06-01', pageSize: 1, current: 2 })).obj.list).toHaveLength(1);
    // Saturday is not a working day of the shift
    expect((await admin.get(AttendanceApi.day.path, { day: '2026-06-06' })).obj).toMatchObject({ total: 0, list: [] });
    expect(await admin.get(AttendanceApi.day.path, { day: '2026-02-30' })).toMatchObject({ flag: 400, msg: '日期格式不正确，应为 YYYY-MM-DD，例如 2026-01-01' });
  });

  it('sums a month up to today: work days, late, early, absent and hours', async () => {
    const res = await admin.get<{ total: number; list: AttendanceMonthItem[] }>(AttendanceApi.month.path, { month: '2026-06', pageSize: 50 });
    // 06-01 … 06-03 have ended; 06-04 (today) is scheduled but its shift has not ended
    expect(byName(res.obj.list, 0)).toMatchObject({ workDays: 4, presentDays: 2, lateDays: 1, earlyDays: 0, absentDays: 1, onSiteHours: 17.8 });
    expect(byName(res.obj.list, 1)).toMatchObject({ workDays: 4, presentDays: 1, lateDays: 0, earlyDays: 1, absentDays: 2 });
    expect(byName(res.obj.list, 2)).toMatchObject({ workDays: 4, presentDays: 0, absentDays: 3 });
    expect(await admin.get(AttendanceApi.month.path, { month: '2026-13' })).toMatchObject({ flag: 400, msg: '月份格式不正确，应为 YYYY-MM，例如 2026-01' });
  });

  it('exports the month through 下载中心', async () => {
    expect(await admin.postJson(AttendanceApi.export.path, { kind: 'month' })).toMatchObject({ flag: 400, msg: '月份不能为空' });
    const res = await admin.postJson<{ id: number; fileName: string }>(AttendanceApi.export.path, { kind: 'month', month: '2026-06' });
    expect(res).toMatchObject({ flag: 1, obj: { fileName: '考勤月报-2026-06.xlsx' } });
    expect(await waitExportDone(admin, res.obj.id)).toMatchObject({ status: 1 });
    const ws = (await downloadWorkbook(server.app, admin, res.obj.id)).getWorksheet('考勤月报')!;
    expect(ws.getRow(1).getCell(1).value).toBe('姓名');
    // five person columns, then one per day of June (30), then the totals
    expect([6, 35, 36].map((c) => ws.getRow(1).getCell(c).value)).toEqual(['1', '30', '应出勤(天)']);
    const row = ws.getRows(2, 3)!.find((r) => r.getCell(1).value === people[0]!.name)!;
    // 06-01 迟, 06-02 √, 06-03 缺, 06-04 未结束; later days not yet
    expect([6, 7, 8, 9, 10].map((c) => row.getCell(c).value ?? '')).toEqual(['迟', '√', '缺', '…', '']);
    expect([36, 37, 38, 39, 40, 41, 42].map((c) => row.getCell(c).value)).toEqual([4, 2, 1, 0, 1, 0, 17.8]);
  });
});

describe('stays.json', () => {
  it('gives a person’s stays at their work areas with the badge’s terminal number', async () => {
    const res = await admin.get<{ terminalNo: string; areas: { name: string }[]; stays: { areaName: string; start: string; end: string; seconds: number }[] }>(
      CardApi.personStays.path, { vehicleId: people[0]!.vehicleId, day: '2026-06-01' },
    );
    expect(res.obj.terminalNo).toBe(people[0]!.terminalNo);
    expect(res.obj.areas.map((a) => a.name)).toEqual(['总部']);
    expect(res.obj.stays).toEqual([{ areaId: expect.any(Number), areaName: '总部', start: '2026-06-01T09:20:00+08:00', end: '2026-06-01T18:00:00+08:00', seconds: 520 * 60 }]);
    expect(await admin.get(CardApi.personStays.path, { vehicleId: 999999, day: '2026-06-01' })).toMatchObject({ flag: 404, msg: '人员不存在' });
    expect(await other.get(CardApi.personStays.path, { vehicleId: people[0]!.vehicleId, day: '2026-06-01' })).toMatchObject({ flag: 403 });
  });
});

describe('考勤 HR can sign: binding starts, holidays, 请假, 补卡, night shifts, the day-by-day sheet', () => {
  type Page<T> = { total: number; list: T[]; summary: Record<string, number> };
  const DAY_MS = 86_400_000;
  let areaId: number;
  const [, , , second, third, night] = [0, 1, 2, 3, 4, 5].map((i) => () => people[i]!);

  beforeAll(async () => {
    areaId = (await admin.get<{ id: number }[]>(AttendanceApi.areas.path)).obj[0]!.id;
    await server.store.positions.writeBatch([
      // 06-22 (Mon) on time all day
      ...reports(second!(), '2026-06-22', '08:50', '18:00', IN),
      // the night of 06-22: in at 21:55, inside past midnight until 05:55 of 06-23 (within the grace of 06:00)
      ...reports(night!(), '2026-06-22', '21:55', '23:55', IN), ...reports(night!(), '2026-06-23', '00:05', '06:00', IN),
    ]);
    // Saturday 06-20: HR binds the second person to 二班, from today (nothing said)
    clock.advance(Date.parse('2026-06-20T10:00:00+08:00') - clock.now().getTime());
    // sessions idle that long have expired
    ({ admin, other } = await demoTenantClients(server.app));
    const shift = { workAreaId: areaId, startTime: '09:00', endTime: '18:00', graceMinutes: 5, weekdays: [1, 2, 3, 4, 5] };
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, name: '二班', vehicleIds: [second!().vehicleId] })).toMatchObject({ flag: 1 });
    expect(await admin.postJson(AttendanceApi.saveShift.path, { ...shift, name: '三班', vehicleIds: [third!().vehicleId], startsOn: '2026-05-01' })).toMatchObject({ flag: 1 });
    const nightShift = { ...shift, name: '夜班', startTime: '22:00', endTime: '06:00', weekdays: [1, 2, 3, 4, 5, 6, 7], vehicleIds: [night!().vehicleId], startsOn: '2026-06-22' };
    expect(await admin.postJson(AttendanceApi.saveShift.path, nightShift)).toMatchObject({ flag: 1, obj: { startTime: '22:00', endTime: '06:00' } });
    // Thursday 06-25 at noon
    clock.advance(5 * DAY_MS + 2 * 3600_000);
    ({ admin, other } = await demoTenantClients(server.app));
  });

  it('refuses bad 请假, 补卡 and 节假日 in Chinese and records nothing', async () => {
    const leave = { vehicleId: second!().vehicleId, kind: '事假', startDay: '2026-06-23', endDay: '2026-06-23', reason: '家中有事' };
    expect(await admin.postJson(AttendanceApi.saveLeave.path, { ...leave, kind: '旷工' })).toMatchObject({ flag: 400, msg: expect.stringContaining('请假类别应为 事假、病假') });
    expect(await admin.postJson(AttendanceApi.saveLeave.path, { ...leave, endDay: '2026-06-22' })).toMatchObject({ flag: 400, msg: '结束日期不能早于开始日期' });
    expect(await admin.postJson(AttendanceApi.saveLeave.path, { ...leave, reason: ' ' })).toMatchObject({ flag: 400, msg: '事由不能为空' });
    expect(await admin.postJson(AttendanceApi.saveLeave.path, { ...leave, vehicleId: 999999 })).toMatchObject({ flag: 404, msg: '人员不存在' });
    expect(await admin.postJson(AttendanceApi.saveLeave.path, { ...leave, startDay: '2026-6-23' })).toMatchObject({ flag: 400, msg: '开始日期格式不正确，应为 YYYY-MM-DD，例如 2026-01-01' });
    const punch = { vehicleId: second!().vehicleId, day: '2026-06-25', punch: 'in', time: '09:02', reason: '忘带工牌' };
    expect(await admin.postJson(AttendanceApi.savePunch.path, { ...punch, time: '9点' })).toMatchObject({ flag: 400, msg: '补卡时间格式不正确，应为 HH:MM，例如 09:00' });
    expect(await admin.postJson(AttendanceApi.savePunch.path, { ...punch, punch: undefined })).toMatchObject({ flag: 400, msg: '补卡类型不能为空' });
    expect(await admin.postJson(AttendanceApi.saveHoliday.path, { day: '2026-06-26', kind: 'holiday' })).toMatchObject({ flag: 400, msg: '名称不能为空' });
    expect(await admin.postJson(AttendanceApi.removeHoliday.path, { day: '2026-06-26' })).toMatchObject({ flag: 404, msg: '该日期没有本单位的设定' });
    expect((await admin.get<{ total: number }>(AttendanceApi.leaves.path)).obj.total).toBe(0);
    expect((await admin.get<{ total: number }>(AttendanceApi.punches.path)).obj.total).toBe(0);

    expect(await admin.postJson(AttendanceApi.saveLeave.path, leave)).toMatchObject({ flag: 1, obj: { kind: '事假', days: 1, personName: second!().name } });
    expect(await admin.postJson(AttendanceApi.saveLeave.path, { ...leave, kind: '病假', endDay: '2026-06-24' })).toMatchObject({ flag: 400, msg: '该人员在这段时间已有请假记录' });
    expect(await admin.postJson(AttendanceApi.savePunch.path, punch)).toMatchObject({ flag: 1, obj: { day: '2026-06-25', punch: 'in', time: '09:02' } });
    expect(await other.postJson(AttendanceApi.saveLeave.path, leave)).toMatchObject({ flag: 403 });
  });

  it('the 2026 official calendar is there; 2027 says it is not published', async () => {
    const y2026 = await admin.get<{ officialPublished: boolean; days: { day: string; kind: string; name: string }[] }>(AttendanceApi.holidays.path, { year: 2026 });
    expect(y2026.obj.officialPublished).toBe(true);
    expect(y2026.obj.days.find((d) => d.day === '2026-06-19')).toMatchObject({ kind: 'holiday', name: '端午节' });
    expect(y2026.obj.days.find((d) => d.day === '2026-05-09')).toMatchObject({ kind: 'workday', name: '劳动节' });
    expect((await admin.get(AttendanceApi.holidays.path, { year: 2027 })).obj).toEqual({ year: 2027, officialPublished: false, days: [] });
  });

  it('counts absence only from the day the shift applies; a leave day is 请假; a 补卡 stands for a punch', async () => {
    const month = await admin.get<Page<AttendanceMonthItem & { leaveDays: number; marks: string[]; startsOn: string }>>(AttendanceApi.month.path, { month: '2026-06', pageSize: 50 });
    const line = month.obj.list.find((l) => l.name === second!().name && l.shiftName === '二班')!;
    expect(line.startsOn).toBe('2026-06-20');
    // bound Saturday 06-20; 06-21 端午 (and Sunday); 06-22 √; 06-23 事假; 06-24 缺; 06-25 补卡 09:02, not ended yet
    expect(line).toMatchObject({ workDays: 4, presentDays: 2, lateDays: 0, earlyDays: 0, absentDays: 1, leaveDays: 1 });
    expect(line.marks.slice(0, 19).every((m) => m === '')).toBe(true);
    expect(line.marks.slice(19, 26)).toEqual(['休', '休', '√', '事假', '缺', '…补', '']);
  });

  it('a holiday is not a working day, a 调休 Saturday is', async () => {
    // 06-19 端午 (Friday): 白班 and 三班 apply but nobody is scheduled
    expect((await admin.get<Page<AttendanceDayItem>>(AttendanceApi.day.path, { day: '2026-06-19' })).obj.total).toBe(0);
    // 05-09 (Saturday) is worked for 劳动节: 三班 (from 05-01) is expected and absent; 白班 has not started
    const saturday = await admin.get<Page<AttendanceDayItem>>(AttendanceApi.day.path, { day: '2026-05-09', pageSize: 50 });
    expect(saturday.obj.list.map((l) => [l.name, l.shiftName, l.status])).toEqual([[third!().name, '三班', '缺勤']]);
    // May 2026: 21 weekdays, 05-01/04/05 off (劳动节), 05-09 worked → 19 days, all absent
    const may = await admin.get<Page<AttendanceMonthItem>>(AttendanceApi.month.path, { month: '2026-05', pageSize: 50 });
    expect(may.obj.list.map((l) => [l.shiftName, l.workDays, l.absentDays])).toEqual([['三班', 19, 19]]);
    // a tenant's own day off on Friday 05-29 takes one more day off
    expect(await admin.postJson(AttendanceApi.saveHoliday.path, { day: '2026-05-29', kind: 'holiday', name: '公司活动' })).toMatchObject({ flag: 1 });
    expect((await admin.get<Page<AttendanceMonthItem>>(AttendanceApi.month.path, { month: '2026-05' })).obj.list[0]).toMatchObject({ workDays: 18 });
    expect(await admin.postJson(AttendanceApi.removeHoliday.path, { day: '2026-05-29' })).toMatchObject({ flag: 1 });
    expect((await admin.get<Page<AttendanceMonthItem>>(AttendanceApi.month.path, { month: '2026-05' })).obj.list[0]).toMatchObject({ workDays: 19 });
  });

  it('a night shift’s positions after midnight count for the day it started', async () => {
    const day = await admin.get<Page<AttendanceDayItem>>(AttendanceApi.day.path, { day: '2026-06-22', pageSize: 50 });
    expect(day.obj.list.find((l) => l.shiftName === '夜班')).toMatchObject({
      status: '正常', arrival: '2026-06-22T21:55:00+08:00', departure: '2026-06-23T05:55:00+08:00', lateMinutes: 0, earlyMinutes: 0,
    });
    // 06-22 (Mon): 白班 ×3 absent, 二班 present, 三班 absent, 夜班 present
    expect(day.obj.summary).toEqual({ expected: 6, present: 2, late: 0, early: 0, absent: 4, leave: 0 });
    // the morning of 06-23 is not the night of 06-23
    const next = await admin.get<Page<AttendanceDayItem>>(AttendanceApi.day.path, { day: '2026-06-23', pageSize: 50 });
    expect(next.obj.list.find((l) => l.shiftName === '夜班')).toMatchObject({ status: '缺勤', arrival: null });
    expect(next.obj.summary).toMatchObject({ leave: 1 });
  });

  it('the day-by-day sheet of the month matches the day reports', async () => {
    const res = await admin.postJson<{ id: number }>(AttendanceApi.export.path, { kind: 'month', month: '2026-06' });
    expect((await waitExportDone(admin, res.obj.id)).status).toBe(1);
    const ws = (await downloadWorkbook(server.app, admin, res.obj.id)).getWorksheet('考勤月报')!;
    const rowOf = (name: string, shift: string) => ws.getRows(2, 10)!.find((r) => r.getCell(1).value === name && r.getCell(4).value === shift)!;
    const mark: Record<string, string> = { 正常: '√', 迟到: '迟', 早退: '早', 迟到早退: '迟早', 缺勤: '缺', 未结束: '…' };
    for (const day of ['2026-06-22', '2026-06-23', '2026-06-24']) {
      const report = await admin.get<Page<AttendanceDayItem & { leave: string | null }>>(AttendanceApi.day.path, { day, pageSize: 50 });
      for (const l of report.obj.list) {
        const cell = rowOf(l.name, l.shiftName).getCell(5 + Number(day.slice(8))).value;
        expect([l.name, l.shiftName, day, cell]).toEqual([l.name, l.shiftName, day, l.leave ?? mark[l.status]]);
      }
    }
    const second2 = rowOf(second!().name, '二班');
    expect([36, 37, 38, 39, 40, 41].map((c) => second2.getCell(c).value)).toEqual([4, 2, 0, 0, 1, 1]);
    expect(ws.getRows(2, 20)!.some((r) => String(r.getCell(1).value).startsWith('2026-06 汇总（人天）  应到 '))).toBe(true);
  });
});
