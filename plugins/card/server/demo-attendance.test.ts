import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer, DEMO_TENANT, demoDevices, demoDeviceTrack, demoTenantClients, ManualClock, provisionDemoDevices, type ApiClient, type PositionRow, type TestServer,
} from '../../../server/module/testing';
import type { AttendanceSummary } from '../../../sdk/attendance-summary';
import type { AttendanceDayItem as DayItem, WorkArea, WorkShift } from '../../../sdk/attendance';
import { seedDemoAttendance } from './demo-attendance';
import { AttendanceApi } from '../../../sdk/contracts';

// Tuesday 2026-03-10, mid-morning: the demo starts today
const clock = new ManualClock(new Date('2026-03-10T10:00:00+08:00'));
const devices = demoDevices();
const badges = devices.filter((d) => d.role === 'badge');
let server: TestServer;
let admin: ApiClient;

type DayPage = { total: number; list: DayItem[]; summary: AttendanceSummary };
const dayReport = async (day: string) => (await admin.get<DayPage>(AttendanceApi.day.path, { day, pageSize: 100 })).obj;

/**
 * What the demo's badges report from `from` to `to`, every two minutes, placed as the gateway places
 * them: a satellite fix where it is, an indoor one at the park's cells and access points.
 */
async function simulatedPositions(who: readonly (typeof badges)[number][], from: string, to: string): Promise<PositionRow[]> {
  const tenantId = (await server.store.org.findTenantByName(DEMO_TENANT))!.id;
  const people = await server.store.people.list({ userId: 0, tenantId, tenantIds: [tenantId], groupIds: null });
  return who.flatMap((badge) => {
    const person = people.find((p) => p.name === badge.name)!;
    return demoDeviceTrack(devices, devices.indexOf(badge), from, to, 120_000).map(({ time, lon, lat }) => ({
      terminalNo: person.terminalNo!, terminalId: person.terminalId!, tenantId, deviceTime: time, receivedTime: time,
      lon, lat, altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false,
    }));
  });
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock });
  await provisionDemoDevices(server.store, devices);
  const seed = { store: server.store, db: server.store.db, demoTenant: DEMO_TENANT, now: clock.now(), assets: devices };
  await seedDemoAttendance(seed);
  await seedDemoAttendance(seed);
  ({ admin } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

describe('考勤管理 demo data', () => {
  it('has the park as its 考勤区域 and 白班 and 夜班 for the demo departments from today, once', async () => {
    const areas = (await admin.get<WorkArea[]>(AttendanceApi.areas.path)).obj;
    expect(areas.map((a) => [a.name, a.center])).toEqual([['天路演示工业园', [120.7195, 31.3265]]]);
    expect(areas[0]!.radius).toBeGreaterThanOrEqual(450);
    expect(areas[0]!.radius).toBeLessThanOrEqual(550);
    const shifts = (await admin.get<WorkShift[]>(AttendanceApi.shifts.path)).obj;
    expect(shifts.map((s) => [s.name, s.workAreaId, s.startTime, s.endTime, s.graceMinutes, s.weekdays, s.vehicleIds, s.departments])).toEqual([
      ['白班', areas[0]!.id, '08:30', '17:30', 5, [1, 2, 3, 4, 5], [], ['生产部', '质检部', '行政部', '安保部']],
      ['夜班', areas[0]!.id, '22:00', '06:00', 5, [1, 2, 3, 4, 5, 6, 7], [], ['仓储部']],
    ]);
    for (const s of shifts) expect(s.memberStarts).toEqual(Object.fromEntries(s.departments.map((d) => [`d:${d}`, '2026-03-10'])));
  });

  it('schedules every demo person today, each on one shift, and counts no absence before the demo existed', async () => {
    const today = await dayReport('2026-03-10');
    expect(today.total).toBe(30);
    expect(today.list.map((l) => l.name).sort()).toEqual(badges.map((b) => b.name).sort());
    expect(today.list.filter((l) => l.shiftName === '夜班').map((l) => l.department)).toEqual(Array(6).fill('仓储部'));
    expect(today.list.every((l) => l.status === '未结束')).toBe(true);
    const yesterday = await dayReport('2026-03-09');
    expect(yesterday.total).toBe(0);
    expect(yesterday.summary.absent).toBe(0);
  });

  it('finds the simulated badges in the park through 白班 and 夜班: everyone 实到 and 正常', async () => {
    const night = badges.filter((b) => b.profile.department === '仓储部');
    await server.store.positions.writeBatch([
      ...(await simulatedPositions(badges, '2026-03-10T08:00:00+08:00', '2026-03-10T18:00:00+08:00')),
      ...(await simulatedPositions(night, '2026-03-10T21:30:00+08:00', '2026-03-11T06:30:00+08:00')),
    ]);
    clock.advance(21 * 3600_000);
    // the next morning, in a new session
    ({ admin } = await demoTenantClients(server.app));
    const report = await dayReport('2026-03-10');
    expect(report.summary).toMatchObject({ expected: 30, present: 30, late: 0, early: 0, absent: 0 });
    expect(new Set(report.list.map((l) => l.status))).toEqual(new Set(['正常']));
    expect(Math.min(...report.list.map((l) => l.onSiteHours))).toBeGreaterThanOrEqual(8);
  });
});
