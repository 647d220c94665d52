import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaDay, chinaDayStart } from '../../../server/module';
import {
  addScopedUser, ApiClient, createTestServer, demoTenantClients, ManualClock, pollUntil, type PositionRow, type TestServer,
} from '../../../server/module/testing';
import type { DashboardData } from '../../../sdk/dashboard';
import type { DayOnlinePage, MileagePage } from '../../../sdk/report';
import type { Alarm } from '../../../sdk/services/alarm-service';
import { AlarmApi, DataCenterApi, MonitorApi, PlatformApi, ReportApi } from '../../../sdk/contracts';

// Every figure of 数据看板 (and 数据大屏, the same answer) against the report or list that answers the same question
// for the same days and the same user: 车辆日在线 (online rates), 里程报表 (mileage), 告警明细 (the alarms of the
// 30 days), 告警中心's 实时告警 (未处理告警), 实时监控 and 概览 (asset counts).

const DASHBOARD = DataCenterApi.dashboard.path;
const ONLINE = ReportApi.dayOnline.path;
const MILEAGE = ReportApi.mileage.path;
const HISTORY = AlarmApi.history.path;
const REALTIME = AlarmApi.realtime.path;
const REALTIME_COUNT = AlarmApi.realtimeCount.path;
const MONITOR = MonitorApi.list.path;
const OVERVIEW = PlatformApi.overview.path;
/** 数据看板, 数据大屏, 里程报表, 告警明细, 车辆日在线, 实时监控, 告警中心. */
const RESOURCES = [1702, 1703, 2010, 2020, 2030, 8100, 8300];

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

/** What the dashboard says, and the figures the reports give for the same question. */
async function dashboardAndReports(c: ApiClient, tenantId?: number) {
  const res = await c.get<DashboardData>(DASHBOARD, tenantId === undefined ? {} : { tenantId });
  expect(res.flag, res.msg).toBe(1);
  const d = res.obj;
  const first = d.days[0]!.day;
  const today = d.today.day;
  const online = await c.get<DayOnlinePage>(ONLINE, { start: first, end: today, pageSize: 1 });
  const mileage = await c.get<MileagePage>(MILEAGE, { start: first, end: today, pageSize: 1 });
  expect([online.flag, mileage.flag]).toEqual([1, 1]);
  return { d, first, today, online: online.obj, mileage: mileage.obj };
}

/** Every dashboard figure equals its report's, for this user (and, for a customer picked from the selector, `as` the customer's own user). */
async function expectAgreement(c: ApiClient, opts: { tenantId?: number; as?: ApiClient } = {}): Promise<DashboardData> {
  const { d, first, today, online, mileage } = await dashboardAndReports(c, opts.tenantId);
  const r = opts.as ?? c;
  const reported = opts.as ? await dashboardAndReports(r) : undefined;
  const o = reported?.online ?? online;
  const m = reported?.mileage ?? mileage;

  // 近30天在线率 and 今日在线率: 车辆日在线 over the 30 days up to today
  expect(d.days).toHaveLength(30);
  expect(today).toBe(d.days[29]!.day);
  const byDay = new Map(o.days.map((x) => [x.day, x]));
  expect(d.days.map((x) => [x.day, x.online, x.assets])).toEqual(d.days.map((x) => [x.day, byDay.get(x.day)?.online ?? 0, byDay.get(x.day)?.total ?? 0]));
  const last = byDay.get(today) ?? { online: 0, total: 0 };
  expect(d.today).toEqual({ day: today, assets: last.total, reported: last.online, onlineRate: percent(last.online, last.total) });
  expect(d.onlineRate30).toBe(percent(sum(o.days.map((x) => x.online)), sum(o.days.map((x) => x.total))));

  // 近30天里程: 里程报表's days and total
  const km = new Map(m.days.map((x) => [x.day, x.mileage]));
  expect(d.days.map((x) => [x.day, x.mileage])).toEqual(d.days.map((x) => [x.day, km.get(x.day) ?? 0]));
  expect(d.mileage30).toBe(m.totals.mileage);

  // 告警类型 and 告警最多的资产: 告警明细 from the first day's midnight to the moment of the answer
  const range = { start: `${first}T00:00:00+08:00`, end: d.generatedAt, pageSize: 200 };
  const history = await r.get<{ total: number; list: Alarm[] }>(HISTORY, range);
  expect(history.flag, history.msg).toBe(1);
  expect(sum(d.alarmTypes.map((a) => a.count))).toBe(history.obj.total);
  for (const a of d.alarmTypes) expect([a.alarmType, (await r.get<{ total: number }>(HISTORY, { ...range, alarmType: a.alarmType })).obj.total]).toEqual([a.alarmType, a.count]);
  for (const a of d.topAlarmAssets) {
    const rows = (await r.get<{ list: Alarm[] }>(HISTORY, { ...range, keyword: a.terminalNo })).obj.list.filter((x) => x.terminalNo === a.terminalNo);
    expect([a.terminalNo, rows.length]).toEqual([a.terminalNo, a.count]);
  }

  // 未处理告警 and 数据大屏's 实时告警: 告警中心's 实时告警 (where the alarm desk starts)
  const count = await r.get<{ total: number }>(REALTIME_COUNT);
  const realtime = await r.get<{ total: number; list: Alarm[] }>(REALTIME, { pageSize: 10 });
  expect([count.flag, realtime.flag]).toEqual([1, 1]);
  expect(d.unprocessedAlarms.total).toBe(count.obj.total);
  expect(d.unprocessedAlarms.total).toBe(realtime.obj.total);
  expect(d.unprocessedAlarms.latest.map((a) => a.id)).toEqual(realtime.obj.list.map((a) => a.id));

  // 资产总数 and 告警 (assets with an open alarm): 实时监控's list and 概览
  const all = await r.get<{ total: number }>(MONITOR, { pageSize: 1 });
  const alarming = await r.get<{ total: number }>(MONITOR, { pageSize: 1, status: 'alarm' });
  expect([all.obj.total, alarming.obj.total]).toEqual([d.totals.total, d.totals.alarm]);
  const overview = await r.get<{ assets: { total: number; alarm: number } }>(OVERVIEW, { platformId: 17 });
  expect(overview.obj.assets).toMatchObject({ total: d.totals.total, alarm: d.totals.alarm });
  return d;
}

async function client(server: TestServer, account: string, tenantId: number, groupIds?: number[]): Promise<ApiClient> {
  await addScopedUser(server.store, { tenantId, account, password: 'Check@12345', role: `核对${account}`, platformIds: [8, 17, 20], resourceIds: RESOURCES, groupIds });
  const c = new ApiClient(server.app);
  expect((await c.login(account, 'Check@12345')).flag).toBe(1);
  return c;
}

describe('数据看板 against the reports: a hand-made fleet', () => {
  // today is 05-03 (live figures); 04-04 … 05-02 are stored daily figures
  const clock = new ManualClock(new Date('2026-05-03T12:00:00+08:00'));
  const at = (iso: string) => new Date(`${iso}+08:00`);
  let server: TestServer;
  const assets: Record<string, { id: number; tenantId: number; no: string }> = {};
  let tenant = 0;
  let customer = 0;
  let group1 = 0;
  let admin: ApiClient;
  let groupUser: ApiClient;
  let customerAdmin: ApiClient;

  async function provision(key: string, tenantId: number, groupId: number | null, assetKind: string, expiryDate: string | null = null) {
    const no = `1710000000${Object.keys(assets).length}`;
    const { terminalId } = await server.store.fleet.provision({
      tenantId, groupId, terminalNo: no, displayNo: no, authCode: 'x', plateNo: `核对${key}`, assetKind, expiryDate,
    });
    assets[key] = { id: terminalId, tenantId, no };
  }

  function report(key: string, time: Date, fields: Partial<PositionRow> = {}): PositionRow {
    const a = assets[key]!;
    return {
      terminalNo: a.no, terminalId: a.id, tenantId: a.tenantId, deviceTime: time, receivedTime: time,
      lon: 116.3, lat: 39.9, altitude: 0, speed: 0, course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false, ...fields,
    };
  }

  /** `n` reports every 10 s from `start`, going north 0.001° each (36 km/h), the odometer with it when `odometer` is given. */
  function drive(key: string, start: string, n: number, odometer?: number): PositionRow[] {
    const t0 = at(start).getTime();
    return Array.from({ length: n }, (_, i) => report(key, new Date(t0 + i * 10_000), {
      lat: 39.9 + i * 0.001, speed: 36, statusFlags: 3, mileage: odometer === undefined ? undefined : odometer + i * 0.1,
    }));
  }

  async function alarm(key: string, alarmType: string, start: Date, handled = false) {
    const a = assets[key]!;
    await server.store.db.insertInto('alarms').values({
      tenant_id: a.tenantId, terminal_id: a.id, alarm_type: alarmType, source: 'terminal', start_time: start, end_time: new Date(start.getTime() + 1000),
      lon: null, lat: null, speed: null, detail: '{}', ...(handled && { status: 1, process_note: '已处理', process_user: 'check', process_time: start }),
    }).execute();
  }

  /**
   * 核对公司 (一队 with 一队甲 below it, 二队) and its customer 核对客户:
   * - V1 (一队): drives with its odometer on 04-01 (before the 30 days), 05-01 and today; connected; an SOS today.
   * - V2 (一队甲): drives on GPS on 05-02 and today; connected; an overspeed on 05-02 13:00 and a fence entry today.
   * - V3 (二队): drives on 04-20; one backfilled report of 05-02 (not online that day); a handled 断电 of 04-25.
   * - E1 (二队, e-bike): service ended 05-01; reports on 05-01 and today; an SOS today (unprocessed: 实时告警 lists it).
   * - N1 (二队): never reported.
   * - P1 (person, 核对客户): reports today; connected; a handled SOS today.
   */
  beforeAll(async () => {
    server = await createTestServer({ clock });
    tenant = (await server.store.org.createTenant('核对公司')).id;
    customer = (await server.store.org.createTenant('核对客户', tenant)).id;
    group1 = await server.store.fleet.ensureGroup(tenant, null, '一队', 0);
    const group1a = await server.store.fleet.ensureGroup(tenant, group1, '一队甲', 0);
    const group2 = await server.store.fleet.ensureGroup(tenant, null, '二队', 1);
    await provision('V1', tenant, group1, 'vehicle');
    await provision('V2', tenant, group1a, 'vehicle');
    await provision('V3', tenant, group2, 'vehicle');
    await provision('E1', tenant, group2, 'ebike', '2026-05-01');
    await provision('N1', tenant, group2, 'vehicle');
    await provision('P1', customer, null, 'person');
    await server.store.positions.writeBatch([
      ...drive('V1', '2026-04-01T08:00:00', 20, 1000),
      ...drive('V1', '2026-05-01T08:00:00', 30, 1100),
      ...drive('V1', '2026-05-03T09:00:00', 40, 1200),
      ...drive('V2', '2026-05-02T10:00:00', 25),
      ...drive('V2', '2026-05-03T10:00:00', 15),
      ...drive('V3', '2026-04-20T15:00:00', 12),
      { ...report('V3', at('2026-05-02T16:00:00')), receivedTime: at('2026-05-03T08:00:00'), backfill: true },
      report('E1', at('2026-05-01T09:00:00'), { lon: 113.9, lat: 22.5 }),
      report('E1', at('2026-05-03T11:00:00'), { lon: 113.9, lat: 22.5 }),
      report('P1', at('2026-05-03T11:50:00'), { lon: 120.62, lat: 31.32 }),
    ]);
    for (const key of ['V1', 'V2', 'P1']) await server.store.fleet.setConnected(assets[key]!.id, true, at('2026-05-03T08:00:00'));
    await alarm('V1', 'sos', at('2026-05-03T11:00:00'));
    await alarm('V1', 'overspeed', at('2026-04-01T08:01:00'));
    await alarm('V2', 'overspeed', at('2026-05-02T13:00:00'));
    await alarm('V2', 'fenceEnter', at('2026-05-03T10:01:00'));
    await alarm('V3', 'powerCut', at('2026-04-25T10:00:00'), true);
    await alarm('E1', 'sos', at('2026-05-03T11:00:30'));
    await alarm('P1', 'sos', at('2026-05-03T09:00:00'), true);
    admin = await client(server, 'check_admin', tenant);
    groupUser = await client(server, 'check_group', tenant, [group1]);
    customerAdmin = await client(server, 'check_customer', customer);
  });
  afterAll(() => server.close());

  it('says what 车辆日在线, 里程报表, 告警明细, 实时告警 and 实时监控 say', async () => {
    const d = await expectAgreement(admin);
    // not all zeros: the fleet was online, drove and raised alarms on several of the days, today among them
    expect(d.days.filter((x) => x.online > 0).map((x) => x.day)).toEqual(['2026-04-20', '2026-05-01', '2026-05-02', '2026-05-03']);
    expect(d.today).toEqual({ day: '2026-05-03', assets: 6, reported: 4, onlineRate: 66.7 });
    expect(d.days.filter((x) => x.mileage > 0).map((x) => x.day)).toEqual(['2026-04-20', '2026-05-01', '2026-05-02', '2026-05-03']);
    expect(d.mileage30).toBeGreaterThan(0);
    expect(d.unprocessedAlarms.total).toBe(4);
    expect(d.totals).toMatchObject({ total: 6, alarm: 2, expired: 1, inactive: 1 });
  });

  it('shows a user limited to 一队 the same subset in both', async () => {
    const d = await expectAgreement(groupUser);
    expect(d.totals.total).toBe(2);
    expect(d.today).toMatchObject({ assets: 2, reported: 2 });
    expect(d.unprocessedAlarms.latest.map((a) => a.terminalNo).sort()).toEqual([assets.V1!.no, assets.V2!.no, assets.V2!.no].sort());
  });

  it('shows a customer picked from the selector what the customer’s own reports show', async () => {
    const picked = await expectAgreement(admin, { tenantId: customer, as: customerAdmin });
    const own = await expectAgreement(customerAdmin);
    expect(picked.days).toEqual(own.days);
    expect(own.today).toEqual({ day: '2026-05-03', assets: 1, reported: 1, onlineRate: 100 });
    expect(own.unprocessedAlarms.total).toBe(0);
  });

  it('moves 未处理告警 with 实时告警 when an alarm is handled', async () => {
    const before = await expectAgreement(admin);
    await server.store.alarms.process([before.unprocessedAlarms.latest[0]!.id], '已核实', 'check_admin', clock.now());
    const after = await expectAgreement(admin);
    expect(after.unprocessedAlarms.total).toBe(before.unprocessedAlarms.total - 1);
  });
});

describe('数据看板 against the reports: the demo fleet', () => {
  let server: TestServer;
  let admin: ApiClient;
  let northUser: ApiClient;
  const DEVICES = 6;

  /**
   * The demo profile as `npm start` runs it (a smaller simulated fleet, the badges, collars and e-bikes) with a
   * stored day (yesterday) of two demo vehicles and a few alarms, driven until the fleet reported and drove, then
   * stopped so both sides read the same positions.
   */
  beforeAll(async () => {
    server = await createTestServer({ demo: true, simulate: true, config: { simDevices: DEVICES, simIntervalSeconds: 1, simAssets: true } });
    const demo = (await server.store.org.findTenantByName('天路演示'))!;
    const vehicles = await server.store.db.selectFrom('terminals as t').innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .select(['t.id', 't.terminal_no as no', 'v.group_id as groupId']).where('t.tenant_id', '=', demo.id).where('v.asset_kind', '=', 'vehicle')
      .orderBy('t.id').limit(2).execute();
    // yesterday 10:00 China time: a stored day (written before anything computed it)
    const yesterday = new Date(chinaDayStart(addDays(chinaDay(new Date()), -1)).getTime() + 10 * 3600_000);
    await server.store.positions.writeBatch(vehicles.flatMap((v, k) => Array.from({ length: 20 }, (_, i): PositionRow => ({
      terminalNo: v.no, terminalId: v.id, tenantId: demo.id, deviceTime: new Date(yesterday.getTime() + i * 10_000),
      receivedTime: new Date(yesterday.getTime() + i * 10_000), lon: 116.3 + k, lat: 39.9 + i * 0.001, altitude: 0, speed: 36, course: 0,
      alarmFlags: 0, statusFlags: 3, mileage: undefined, extras: {}, backfill: false,
    }))));
    for (const [i, v] of vehicles.entries()) {
      await server.store.db.insertInto('alarms').values({
        tenant_id: demo.id, terminal_id: v.id, alarm_type: i === 0 ? 'sos' : 'powerCut', source: 'terminal', start_time: new Date(Date.now() - (i + 1) * 3600_000),
        end_time: null, lon: null, lat: null, speed: null, detail: '{}',
      }).execute();
    }
    await server.store.db.insertInto('alarms').values({
      tenant_id: demo.id, terminal_id: vehicles[0]!.id, alarm_type: 'overspeed', source: 'terminal', start_time: new Date(Date.now() - 3 * 86_400_000),
      end_time: new Date(Date.now() - 3 * 86_400_000 + 60_000), lon: null, lat: null, speed: null, detail: '{}',
    }).execute();
    ({ admin } = await demoTenantClients(server.app));
    await pollUntil(() => admin.get<DashboardData>(DASHBOARD), (r) => r.flag === 1 && r.obj.today.reported >= DEVICES + 20 && r.obj.days[29]!.mileage > 0,
      'the demo fleet reporting and driving', 60_000);
    await server.fleet.simulator?.stop();
    await server.fleet.deviceSimulator?.stop();
    let last = -1;
    await pollUntil(async () => {
      await server.fleet.alarms.settled();
      return Number((await server.store.db.selectFrom('positions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    }, (n) => {
      const stable = n === last;
      last = n;
      return stable;
    }, 'the last positions stored', 30_000);

    const north = await server.store.db.selectFrom('vehicle_groups').select('id').where('tenant_id', '=', demo.id).where('name', '=', '华北区域').executeTakeFirstOrThrow();
    northUser = await client(server, 'check_north', demo.id, [north.id]);
  }, 120_000);
  afterAll(() => server.close());

  it('says what the reports say, for the administrator and for a user limited to 华北区域', async () => {
    const d = await expectAgreement(admin);
    expect(d.days[28]!.online).toBeGreaterThanOrEqual(2);
    expect(d.days[29]!.online).toBeGreaterThanOrEqual(DEVICES);
    expect(d.onlineRate30).toBeGreaterThan(0);
    expect(d.mileage30).toBeGreaterThan(0);
    expect(d.unprocessedAlarms.total).toBeGreaterThanOrEqual(2);
    const north = await expectAgreement(northUser);
    expect(north.totals.total).toBeGreaterThan(0);
    expect(north.totals.total).toBeLessThan(d.totals.total);
  });
});
