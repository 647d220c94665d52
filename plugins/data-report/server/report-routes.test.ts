import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addScopedUser, ApiClient, createTestServer, demoTenantClients, downloadWorkbook, listenOnFreePort, LiveTestClient, ManualClock, waitExportDone, type PositionRow, type TestServer,
} from '../../../server/module/testing';
import type { DayOnlinePage, MileagePage } from '../../../sdk/report';
import { DownloadApi, ReportApi } from '../../../sdk/contracts';

const MILEAGE = ReportApi.mileage.path;
const ONLINE = ReportApi.dayOnline.path;
const GROUPS = ReportApi.groups.path;
const EXPORT = ReportApi.export.path;
const RECORDS = DownloadApi.list.path;

// 2026-05-01 and 05-02 have ended (stored figures), 05-03 is today (computed live)
const clock = new ManualClock(new Date('2026-05-03T12:00:00+08:00'));
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let tenantId: number;
const terminals: { id: number; no: string; plate: string; groupId: number | null }[] = [];

type OnlinePage = DayOnlinePage;

function row(terminal: number, at: number, fields: Partial<PositionRow>): PositionRow {
  return {
    terminalNo: terminals[terminal]!.no.replace(/^0+/, ''), terminalId: terminals[terminal]!.id, tenantId,
    deviceTime: new Date(at), receivedTime: new Date(at), lon: 116.3, lat: 39.9, altitude: 50, speed: 0, course: 0,
    alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false, ...fields,
  };
}

/** Terminal 0 on 05-01, one report every 5 s with its odometer: 40 min east at 30 km/h, 20 min parked with ACC off, 40 min north at 40 km/h. */
function odometerDay(): PositionRow[] {
  const t0 = Date.parse('2026-05-01T08:00:00+08:00');
  const rows: PositionRow[] = [];
  let lon = 116.3;
  let lat = 39.9;
  let km = 5000;
  let i = 0;
  for (; i < 480; i++, lon += 0.0005, km += 0.0425) rows.push(row(0, t0 + i * 5000, { lon, lat, speed: 30, statusFlags: 3, mileage: km }));
  for (; i < 720; i++) rows.push(row(0, t0 + i * 5000, { lon, lat, speed: 0, statusFlags: 2, mileage: km }));
  for (; i < 1200; i++, lat += 0.0005, km += 0.0556) rows.push(row(0, t0 + i * 5000, { lon, lat, speed: 40, statusFlags: 3, mileage: km }));
  return rows;
}

/**
 * Terminal 1 on 05-02 without odometer: 100 reports every 10 s going north 0.001° each (36 km/h),
 * then parked from 14:00 for 30 reports every 10 s, then 10 backfilled reports at 20:00.
 */
function gpsDay(): PositionRow[] {
  const a = Date.parse('2026-05-02T10:00:00+08:00');
  const b = Date.parse('2026-05-02T14:00:00+08:00');
  const c = Date.parse('2026-05-02T20:00:00+08:00');
  const rows: PositionRow[] = [];
  for (let i = 0; i < 100; i++) rows.push(row(1, a + i * 10_000, { lat: 39.9 + i * 0.001, speed: 36, statusFlags: 3 }));
  for (let i = 0; i < 30; i++) rows.push(row(1, b + i * 10_000, { lat: 39.9 + 99 * 0.001 }));
  for (let i = 0; i < 10; i++) rows.push(row(1, c + i * 10_000, { lat: 39.9 + 99 * 0.001, backfill: true, receivedTime: new Date(Date.parse('2026-05-03T09:00:00+08:00')) }));
  return rows;
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock, config: { simDevices: 3 } });
  ({ admin, other } = await demoTenantClients(server.app));
  const user = await server.store.users.findByAccount('admin');
  tenantId = user!.tenantId;
  const rows = await server.store.db
    .selectFrom('terminals as t').leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .select(['t.id', 't.display_no', 'v.plate_no', 'v.group_id']).where('t.tenant_id', '=', tenantId).orderBy('t.display_no').execute();
  for (const r of rows) terminals.push({ id: r.id, no: r.display_no, plate: r.plate_no!, groupId: r.group_id });
  await server.store.positions.writeBatch(odometerDay());
  await server.store.positions.writeBatch(gpsDay());
  // today: three reports of terminal 0, parked
  const today = Date.parse('2026-05-03T09:00:00+08:00');
  await server.store.positions.writeBatch([0, 1, 2].map((i) => row(0, today + i * 10_000, { mileage: 6000 })));
});
afterAll(() => server.close());

describe('里程报表', () => {
  it('answers mileage, driving time and speeds per vehicle and day, from the odometer or from the positions', async () => {
    const res = await admin.get<MileagePage>(MILEAGE, { start: '2026-05-01', end: '2026-05-03', pageSize: 50 });
    expect(res.flag).toBe(1);
    expect(res.obj.total).toBe(3);
    const [odo, today, gps] = res.obj.list;
    expect(odo).toMatchObject({
      terminalNo: terminals[0]!.no, plateNo: terminals[0]!.plate, day: '2026-05-01', mileageSource: 'odometer', reports: 1200, maxSpeed: 40, avgSpeed: 35,
      firstTime: '2026-05-01T08:00:00+08:00', lastTime: '2026-05-01T09:39:55+08:00',
    });
    // odometer last − first; driving: 480 steps of 5 s after moving reports of the first leg, 479 in the last
    expect(odo!.mileage).toBeCloseTo(480 * 0.0425 + 479 * 0.0556, 2);
    expect(odo!.drivingSeconds).toBe(480 * 5 + 479 * 5);
    expect(today).toMatchObject({ terminalNo: terminals[0]!.no, day: '2026-05-03', mileage: 0, mileageSource: 'odometer', reports: 3, drivingSeconds: 0 });
    // 99 steps of 0.001° of latitude (111.195 m each); backfilled reports count as reports, not as distance
    expect(gps).toMatchObject({ terminalNo: terminals[1]!.no, day: '2026-05-02', mileageSource: 'gps', reports: 140, maxSpeed: 36, avgSpeed: 36, drivingSeconds: 990 });
    expect(gps!.mileage).toBeCloseTo(11.01, 2);
    expect(res.obj.totals).toMatchObject({ vehicles: 2, reports: 1343, maxSpeed: 40, drivingSeconds: 4795 + 990 });
    expect(res.obj.totals.mileage).toBeCloseTo(47.03 + 11.01, 1);
    expect(res.obj.days).toEqual([
      { day: '2026-05-01', mileage: odo!.mileage, vehicles: 1 },
      { day: '2026-05-02', mileage: gps!.mileage, vehicles: 1 },
      { day: '2026-05-03', mileage: 0, vehicles: 1 },
    ]);
  });

  it('pages on the server and keeps the totals of the whole filter', async () => {
    const res = await admin.get<MileagePage>(MILEAGE, { start: '2026-05-01', end: '2026-05-03', current: 2, pageSize: 1 });
    expect(res.obj.total).toBe(3);
    expect(res.obj.list).toHaveLength(1);
    expect(res.obj.list[0]).toMatchObject({ terminalNo: terminals[0]!.no, day: '2026-05-03' });
    expect(res.obj.totals.reports).toBe(1343);
  });

  it('filters by keyword and by group', async () => {
    const byKeyword = await admin.get<MileagePage>(MILEAGE, { start: '2026-05-01', end: '2026-05-03', keyword: terminals[1]!.no });
    expect(byKeyword.obj.list.map((r) => r.terminalNo)).toEqual([terminals[1]!.no]);
    const group = terminals[1]!.groupId!;
    const inGroup = terminals.filter((t) => t.groupId === group).map((t) => t.no);
    const byGroup = await admin.get<MileagePage>(MILEAGE, { start: '2026-05-01', end: '2026-05-03', groupId: group });
    expect(byGroup.flag).toBe(1);
    expect(byGroup.obj.list.every((r) => inGroup.includes(r.terminalNo))).toBe(true);
    expect(byGroup.obj.list.map((r) => r.terminalNo)).toContain(terminals[1]!.no);
  });

  it('picks up backfilled positions of a finished day that arrive later', async () => {
    const before = await admin.get<MileagePage>(MILEAGE, { start: '2026-05-02', end: '2026-05-02' });
    expect(before.obj.list[0]!.reports).toBe(140);
    const late = Date.parse('2026-05-02T21:00:00+08:00');
    await server.store.positions.writeBatch([row(1, late, { backfill: true, lat: 39.9 + 99 * 0.001, receivedTime: new Date(Date.parse('2026-05-03T11:00:00+08:00')) })]);
    const after = await admin.get<MileagePage>(MILEAGE, { start: '2026-05-02', end: '2026-05-02' });
    expect(after.obj.list[0]!.reports).toBe(141);
    expect(after.obj.list[0]!.lastTime).toBe('2026-05-02T21:00:00+08:00');
    await server.store.db.deleteFrom('positions').where('terminal_id', '=', terminals[1]!.id).where('device_time', '=', new Date(late)).execute();
    await server.store.db.deleteFrom('report_days').where('terminal_id', '=', terminals[1]!.id).execute();
  });

  it('refuses bad ranges with a Chinese message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ start: '2026-05-03', end: '2026-05-01' }, '结束日期不能早于开始日期'],
      [{ start: '2026-04-01', end: '2026-05-02' }, '查询日期范围不能超过 31 天'],
      [{ start: '2026-02-30', end: '2026-03-01' }, '开始日期格式不正确，应为 YYYY-MM-DD，例如 2026-01-01'],
      [{ start: '2026-05-01' }, '结束日期不能为空'],
    ];
    for (const [query, msg] of cases) expect(await admin.get(MILEAGE, query)).toMatchObject({ flag: 400, msg });
  });

  it('shows another tenant none of these vehicles, and their groups do not exist for it', async () => {
    const res = await other.get<MileagePage>(MILEAGE, { start: '2026-05-01', end: '2026-05-03' });
    expect(res.flag).toBe(1);
    expect(res.obj.list.map((r) => r.terminalNo)).not.toContain(terminals[0]!.no);
    expect(res.obj.totals.reports).toBe(0);
    expect(await other.get(MILEAGE, { start: '2026-05-01', end: '2026-05-03', groupId: terminals[0]!.groupId! })).toMatchObject({ flag: 404 });
    const groups = await other.get<{ name: string }[]>(GROUPS);
    expect(JSON.stringify(groups.obj)).not.toContain(String((await server.store.db.selectFrom('vehicle_groups').select('name').where('id', '=', terminals[0]!.groupId!).executeTakeFirst())?.name));
  });

  it('narrows a group-scoped user to its groups', async () => {
    const group = terminals[0]!.groupId!;
    await addScopedUser(server.store, {
      tenantId, account: 'report_scoped', password: 'Report1234', role: '报表车组角色', platformIds: [20], resourceIds: [2010, 2030], groupIds: [group],
    });
    const scoped = new ApiClient(server.app);
    await scoped.login('report_scoped', 'Report1234');
    const res = await scoped.get<MileagePage>(MILEAGE, { start: '2026-05-01', end: '2026-05-03' });
    const visible = terminals.filter((t) => t.groupId === group).map((t) => t.no);
    expect(res.obj.list.length).toBeGreaterThan(0);
    expect(res.obj.list.every((r) => visible.includes(r.terminalNo))).toBe(true);
  });
});

describe('车辆日在线', () => {
  it('answers every vehicle on every day with online duration, and the online rate per day', async () => {
    const res = await admin.get<OnlinePage>(ONLINE, { start: '2026-05-01', end: '2026-05-03', pageSize: 50 });
    expect(res.flag).toBe(1);
    const n = terminals.length;
    expect(res.obj).toMatchObject({ total: n * 3, vehicles: n });
    const t1 = res.obj.list.find((r) => r.terminalNo === terminals[1]!.no && r.day === '2026-05-02');
    // 99 gaps of 10 s, then 29 after the pause of four hours (longer than the online window); backfilled ones do not count
    expect(t1).toMatchObject({ online: true, onlineSeconds: 990 + 290, reports: 130, firstTime: '2026-05-02T10:00:00+08:00', lastTime: '2026-05-02T14:04:50+08:00' });
    const t0 = res.obj.list.filter((r) => r.terminalNo === terminals[0]!.no);
    expect(t0.map((r) => [r.day, r.online, r.onlineSeconds])).toEqual([['2026-05-01', true, 1199 * 5], ['2026-05-02', false, 0], ['2026-05-03', true, 20]]);
    expect(res.obj.days).toEqual([
      { day: '2026-05-01', online: 1, total: n, rate: Math.round(10_000 / n) / 10_000 },
      { day: '2026-05-02', online: 1, total: n, rate: Math.round(10_000 / n) / 10_000 },
      { day: '2026-05-03', online: 1, total: n, rate: Math.round(10_000 / n) / 10_000 },
    ]);
  });

  it('needs its own menu', async () => {
    await addScopedUser(server.store, { tenantId, account: 'report_mileage', password: 'Report1234', role: '只看里程', platformIds: [20], resourceIds: [2010] });
    const limited = new ApiClient(server.app);
    await limited.login('report_mileage', 'Report1234');
    expect(await limited.get(ONLINE, { start: '2026-05-01', end: '2026-05-03' })).toMatchObject({ flag: 403 });
    expect((await limited.get(MILEAGE, { start: '2026-05-01', end: '2026-05-03' })).flag).toBe(1);
    expect(await limited.postJson(EXPORT, { reportType: 'dayOnline', params: { start: '2026-05-01', end: '2026-05-03' } })).toMatchObject({ flag: 403 });
  });
});

describe('报表导出', () => {
  it('creates a record at once, writes the spreadsheet in the background and tells the user over /ws', async () => {
    const live = await LiveTestClient.connect(await listenOnFreePort(server));
    live.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
    await live.until((m) => m.some((x) => x.type === 'snapshot'));

    const res = await admin.postJson<{ id: number; fileName: string }>(EXPORT, { reportType: 'mileage', params: { start: '2026-05-01', end: '2026-05-03' } });
    expect(res).toMatchObject({ flag: 1, obj: { fileName: '里程报表-2026-05-01至2026-05-03.xlsx' } });
    const record = await waitExportDone(admin, res.obj.id);
    expect(record.status).toBe(1);
    expect(record.size).toBeGreaterThan(1000);
    await live.until((m) => m.some((x) => x.type === 'exportReady' && x.id === res.obj.id), 5000, 'exportReady');
    expect(live.of('exportReady')).toEqual([{ type: 'exportReady', id: res.obj.id, fileName: '里程报表-2026-05-01至2026-05-03.xlsx' }]);
    live.close();

    const sheet = (await downloadWorkbook(server.app, admin, res.obj.id)).getWorksheet('里程报表')!;
    expect(sheet.getRow(1).getCell(5).text).toBe('里程(km)');
    const first = sheet.getRow(2);
    expect([first.getCell(2).text, first.getCell(4).text, first.getCell(6).text, first.getCell(10).value]).toEqual([terminals[0]!.no, '2026-05-01', '里程表', 1200]);
    expect(Number(first.getCell(5).value)).toBeCloseTo(47.03, 2);
    expect(Number(first.getCell(7).value)).toBeCloseTo(4795 / 3600, 2);
    const total = sheet.getRow(5);
    expect([total.getCell(1).text, total.getCell(2).text, total.getCell(10).value]).toEqual(['合计', '2 辆', 1343]);
  });

  it('exports 车辆日在线 with its per-day rate sheet under the name asked for', async () => {
    const res = await admin.postJson<{ id: number }>(EXPORT, { reportType: 'dayOnline', params: { start: '2026-05-01', end: '2026-05-02', keyword: terminals[1]!.no }, fileName: '五月在线' });
    expect(res.flag).toBe(1);
    expect((await waitExportDone(admin, res.obj.id)).fileName).toBe('五月在线.xlsx');
    const book = await downloadWorkbook(server.app, admin, res.obj.id);
    const rows = book.getWorksheet('车辆日在线')!.getSheetValues().slice(2).map((r) => [2, 4, 5, 6, 7].map((c) => (r as unknown[])[c]));
    expect(rows).toEqual([
      [terminals[1]!.no, '2026-05-01', '离线', 0, 0],
      [terminals[1]!.no, '2026-05-02', '在线', Math.round((1280 / 3600) * 100) / 100, 130],
    ]);
    const rate = book.getWorksheet('每日在线率')!.getRow(3);
    expect([rate.getCell(1).text, rate.getCell(2).value, rate.getCell(3).value, rate.getCell(4).value]).toEqual(['2026-05-02', 1, 1, 100]);
  });

  it('refuses bad parameters without creating a record', async () => {
    const count = async () => (await admin.postForm<{ total: number }>(RECORDS, { current: 1, pageSize: 10 })).obj.total;
    const before = await count();
    expect(await admin.postJson(EXPORT, { reportType: 'mileage', params: { start: '2026-05-03', end: '2026-05-01' } })).toMatchObject({ flag: 400, msg: '结束日期不能早于开始日期' });
    expect(await admin.postJson(EXPORT, { reportType: 'weekly', params: {} })).toMatchObject({ flag: 400, msg: '报表类型取值不正确' });
    expect(await admin.postJson(EXPORT, { reportType: 'mileage', params: { start: '2026-05-01', end: '2026-05-02', groupId: 'x' } })).toMatchObject({ flag: 400, msg: '分组必须是整数' });
    expect(await admin.postJson(EXPORT, { reportType: 'alarm', params: { start: '2026-05-01T00:00:00+08:00', end: '2026-05-02T00:00:00+08:00', alarmType: 'nope' } })).toMatchObject({ flag: 400, msg: '告警类型 nope 不存在' });
    expect(await other.postJson(EXPORT, { reportType: 'mileage', params: { start: '2026-05-01', end: '2026-05-02', groupId: terminals[0]!.groupId! } })).toMatchObject({ flag: 404 });
    expect(await count()).toBe(before);
  });

  it('exports the alarm history of 告警明细', async () => {
    await server.store.db.insertInto('alarms').values({
      tenant_id: tenantId, terminal_id: terminals[0]!.id, alarm_type: 'overspeed', source: 'terminal', start_time: new Date('2026-05-01T08:30:00+08:00'),
      end_time: new Date('2026-05-01T08:31:00+08:00'), lon: 116.5, lat: 39.9, speed: 95,
    }).execute();
    const res = await admin.postJson<{ id: number }>(EXPORT, { reportType: 'alarm', params: { start: '2026-05-01T00:00:00+08:00', end: '2026-05-02T00:00:00+08:00' } });
    expect(res.flag).toBe(1);
    expect((await waitExportDone(admin, res.obj.id)).status).toBe(1);
    const row = (await downloadWorkbook(server.app, admin, res.obj.id)).getWorksheet('告警明细')!.getRow(2);
    expect([row.getCell(2).text, row.getCell(4).text, row.getCell(6).text, row.getCell(8).value, row.getCell(11).text]).toEqual([
      terminals[0]!.no, '超速报警', '2026-05-01 08:30:00', 95, '未处理',
    ]);
  });
});
