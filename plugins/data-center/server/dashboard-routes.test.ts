import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addScopedUser, ApiClient, createTestServer, ManualClock, type PositionRow, type TestServer } from '../../../server/module/testing';
import type { DashboardData } from '../../../sdk/dashboard';
import { DataCenterApi } from '../../../sdk/contracts';

const DASHBOARD = DataCenterApi.dashboard.path;

// today is 05-03; the 30 days are 04-04 … 05-03
const clock = new ManualClock(new Date('2026-05-03T12:00:00+08:00'));
const at = (iso: string) => new Date(`${iso}+08:00`);
let server: TestServer;
const tenants: Record<'root' | 'jia' | 'yi' | 'foreign', number> = { root: 0, jia: 0, yi: 0, foreign: 0 };
const assets: Record<string, { id: number; tenantId: number; no: string }> = {};
let rootAdmin: ApiClient;
let jiaAdmin: ApiClient;
let foreignAdmin: ApiClient;
let noMenu: ApiClient;

async function provision(key: string, tenantId: number, no: string, assetKind: string, expiryDate: string | null = null) {
  const { terminalId } = await server.store.fleet.provision({
    tenantId, groupId: null, terminalNo: no, displayNo: no, authCode: 'x', plateNo: `看板${key}`, assetKind, expiryDate,
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

async function alarm(key: string, alarmType: string, start: Date) {
  const a = assets[key]!;
  await server.store.db.insertInto('alarms').values({
    tenant_id: a.tenantId, terminal_id: a.id, alarm_type: alarmType, source: 'terminal', start_time: start, end_time: new Date(start.getTime() + 1000), lon: null, lat: null, speed: null, detail: '{}',
  }).execute();
}

async function client(account: string, tenantId: number, resourceIds: number[]): Promise<ApiClient> {
  await addScopedUser(server.store, { tenantId, account, password: 'Dash@12345', role: `看板${account}`, platformIds: [17], resourceIds });
  const c = new ApiClient(server.app);
  expect((await c.login(account, 'Dash@12345')).flag).toBe(1);
  return c;
}

/**
 * 看板公司 with two customers below it, 客户甲 and 客户乙, and a foreign tenant:
 * - A (vehicle, 看板公司): 10 reports on 05-01 going north 0.001° every 10 s; now connected, reporting an overspeed bit
 *   (its overspeed alarms, a condition, have ended: none is open, so A is 在线, not 告警).
 * - B (person, 客户甲): two reports on 05-02; now connected and reporting; its SOS of 05-02 ended but is not handled (告警).
 * - C (pet, 客户甲): one report on 05-02, not connected; service ends 06-02.
 * - D (e-bike, 客户乙): service ended 05-01 (expired), reports on 05-01 and today; its unhandled 断电 is no open alarm
 *   (expired), but 数据报表 still counts its days.
 * - E (vehicle, 客户乙): never reported; service ends 05-13.
 * - F (vehicle, foreign tenant): reports today.
 */
beforeAll(async () => {
  server = await createTestServer({ clock });
  tenants.root = (await server.store.org.createTenant('看板公司')).id;
  tenants.jia = (await server.store.org.createTenant('客户甲', tenants.root)).id;
  tenants.yi = (await server.store.org.createTenant('客户乙', tenants.root)).id;
  tenants.foreign = (await server.store.org.createTenant('看板外部公司')).id;
  await provision('A', tenants.root, '17000000001', 'vehicle');
  await provision('B', tenants.jia, '17000000002', 'person');
  await provision('C', tenants.jia, '17000000003', 'pet', '2026-06-02');
  await provision('D', tenants.yi, '17000000004', 'ebike', '2026-05-01');
  await provision('E', tenants.yi, '17000000005', 'vehicle', '2026-05-13');
  await provision('F', tenants.foreign, '17000000006', 'vehicle');
  const t0 = at('2026-05-01T10:00:00').getTime();
  await server.store.positions.writeBatch([
    ...Array.from({ length: 10 }, (_, i) => report('A', new Date(t0 + i * 10_000), { lat: 39.9 + i * 0.001, speed: 36, statusFlags: 3 })),
    report('D', at('2026-05-01T09:00:00'), { lon: 113.9, lat: 22.5 }),
    report('B', at('2026-05-02T08:00:00'), { lon: 120.62, lat: 31.32 }),
    report('B', at('2026-05-02T08:01:00'), { lon: 120.62, lat: 31.32 }),
    report('C', at('2026-05-02T09:00:00'), { lon: 120.64, lat: 31.38 }),
    report('A', at('2026-05-03T11:59:00'), { lon: 116.33, lat: 39.93, alarmFlags: 2 }),
    report('B', at('2026-05-03T11:58:00'), { lon: 120.62, lat: 31.32 }),
    report('D', at('2026-05-03T11:58:00'), { lon: 113.9, lat: 22.5 }),
    report('F', at('2026-05-03T11:58:00'), { lon: 104.1, lat: 30.6 }),
  ]);
  for (const key of ['A', 'B', 'D', 'F']) await server.store.fleet.setConnected(assets[key]!.id, true, at('2026-05-03T08:00:00'));
  await alarm('A', 'overspeed', at('2026-05-01T10:00:30'));
  await alarm('A', 'overspeed', at('2026-05-03T11:59:00'));
  await alarm('A', 'overspeed', at('2026-03-20T10:00:00')); // before the 30 days
  await alarm('B', 'sos', at('2026-05-02T08:00:00'));
  await alarm('D', 'powerCut', at('2026-05-02T10:00:00'));
  await alarm('F', 'sos', at('2026-05-03T11:00:00'));
  rootAdmin = await client('dash_root', tenants.root, [1702]);
  jiaAdmin = await client('dash_jia', tenants.jia, [1703]);
  foreignAdmin = await client('dash_foreign', tenants.foreign, [1702]);
  noMenu = await client('dash_nomenu', tenants.root, [1701]);
});
afterAll(() => server.close());

describe('数据看板', () => {
  it('counts the tenant and its customers: kinds, statuses, online rates, mileage, alarms, heat and expiries', async () => {
    const res = await rootAdmin.get<DashboardData>(DASHBOARD);
    expect(res.flag).toBe(1);
    const d = res.obj;
    expect(d.tenant).toEqual({ id: tenants.root, name: '看板公司' });
    expect(d.customers.map((c) => c.name)).toEqual(['看板公司', '客户甲', '客户乙']);
    expect(d.customers[1]!.parentId).toBe(tenants.root);
    expect(d.totals).toEqual({ total: 5, online: 1, offline: 1, alarm: 1, expired: 1, inactive: 1 });
    expect(d.kinds).toEqual([
      { kind: 'vehicle', total: 2, online: 1, offline: 0, alarm: 0, expired: 0, inactive: 1 },
      { kind: 'ebike', total: 1, online: 0, offline: 0, alarm: 0, expired: 1, inactive: 0 },
      { kind: 'person', total: 1, online: 0, offline: 0, alarm: 1, expired: 0, inactive: 0 },
      { kind: 'pet', total: 1, online: 0, offline: 1, alarm: 0, expired: 0, inactive: 0 },
    ]);
    // every asset counts, as in 车辆日在线; reported today: A, B and D
    expect(d.today).toEqual({ day: '2026-05-03', assets: 5, reported: 3, onlineRate: 60 });
    expect(d.days).toHaveLength(30);
    expect(d.days[0]!.day).toBe('2026-04-04');
    expect(d.days[29]!.day).toBe('2026-05-03');
    const may1 = d.days[27]!;
    expect(may1).toMatchObject({ day: '2026-05-01', online: 2, assets: 5, onlineRate: 40 });
    // 9 steps of 0.001° of latitude, 111.195 m each
    expect(may1.mileage).toBeCloseTo(1.0, 2);
    expect(d.days[28]).toEqual({ day: '2026-05-02', online: 2, assets: 5, onlineRate: 40, mileage: 0 });
    expect(d.days[29]).toEqual({ day: '2026-05-03', online: 3, assets: 5, onlineRate: 60, mileage: 0 });
    expect(d.days.slice(0, 27).every((day) => day.online === 0 && day.mileage === 0)).toBe(true);
    // (2 + 2 + 3) asset-days online of 5 assets × 30 days
    expect(d.onlineRate30).toBe(4.7);
    expect(d.mileage30).toBeCloseTo(1.0, 2);
    expect(d.alarmTypes).toEqual([
      { alarmType: 'overspeed', alarmName: '超速报警', count: 2 },
      { alarmType: 'powerCut', alarmName: '终端主电源掉电', count: 1 },
      { alarmType: 'sos', alarmName: '紧急报警', count: 1 },
    ]);
    expect(d.topAlarmAssets).toEqual([
      { terminalNo: '17000000001', plateNo: '看板A', assetKind: 'vehicle', count: 2 },
      { terminalNo: '17000000002', plateNo: '看板B', assetKind: 'person', count: 1 },
      { terminalNo: '17000000004', plateNo: '看板D', assetKind: 'ebike', count: 1 },
    ]);
    // 未处理告警 (实时告警: unprocessed, started in the last 24 hours): A's overspeed of today only (B's SOS and D's 断电
    // are older, F is another tenant's)
    expect(d.unprocessedAlarms.total).toBe(1);
    expect(d.unprocessedAlarms.latest.map((a) => [a.terminalNo, a.alarmType, a.level, a.status])).toEqual([['17000000001', 'overspeed', 'normal', 0]]);
    // latest positions of the assets in service, per 0.1° cell: B and C share one
    expect(d.heat).toEqual([[120.65, 31.35, 2], [116.35, 39.95, 1]]);
    expect(d.expiring).toEqual({
      total: 2,
      list: [
        { terminalNo: '17000000005', plateNo: '看板E', assetKind: 'vehicle', expiryDate: '2026-05-13', daysLeft: 10 },
        { terminalNo: '17000000003', plateNo: '看板C', assetKind: 'pet', expiryDate: '2026-06-02', daysLeft: 30 },
      ],
    });
    expect(d.generatedAt).toBe('2026-05-03T12:00:00+08:00');
  });

  it('narrows to one customer picked from the selector', async () => {
    const res = await rootAdmin.get<DashboardData>(DASHBOARD, { tenantId: tenants.yi });
    expect(res.flag).toBe(1);
    expect(res.obj.tenant.name).toBe('客户乙');
    expect(res.obj.totals).toEqual({ total: 2, online: 0, offline: 0, alarm: 0, expired: 1, inactive: 1 });
    expect(res.obj.today).toMatchObject({ assets: 2, reported: 1, onlineRate: 50 });
    // D on 05-01 and today, of 2 assets × 30 days
    expect(res.obj.onlineRate30).toBe(3.3);
    expect(res.obj.alarmTypes).toEqual([{ alarmType: 'powerCut', alarmName: '终端主电源掉电', count: 1 }]);
    expect(res.obj.heat).toEqual([]);
    expect(res.obj.expiring.total).toBe(1);
  });

  it('shows a customer administrator only its own tenant (数据大屏 reads the same figures)', async () => {
    const res = await jiaAdmin.get<DashboardData>(DASHBOARD);
    expect(res.flag).toBe(1);
    expect(res.obj.customers.map((c) => c.name)).toEqual(['客户甲']);
    expect(res.obj.customers[0]!.parentId).toBeNull();
    expect(res.obj.totals).toEqual({ total: 2, online: 0, offline: 1, alarm: 1, expired: 0, inactive: 0 });
    expect(res.obj.today).toMatchObject({ assets: 2, reported: 1, onlineRate: 50 });
    expect(res.obj.days[28]).toMatchObject({ day: '2026-05-02', online: 2, onlineRate: 100 });
    expect(res.obj.onlineRate30).toBe(5);
    expect(res.obj.alarmTypes).toEqual([{ alarmType: 'sos', alarmName: '紧急报警', count: 1 }]);
    expect(res.obj.topAlarmAssets.map((a) => a.terminalNo)).toEqual(['17000000002']);
    expect(res.obj.expiring.list.map((a) => a.terminalNo)).toEqual(['17000000003']);
    for (const other of [tenants.root, tenants.yi, tenants.foreign]) {
      const refused = await jiaAdmin.get(DASHBOARD, { tenantId: other });
      expect(refused).toMatchObject({ flag: 404, msg: '客户不存在' });
    }
  });

  it('keeps tenants apart and needs the menu', async () => {
    const own = await foreignAdmin.get<DashboardData>(DASHBOARD);
    expect(own.obj.totals.total).toBe(1);
    expect(own.obj.alarmTypes).toEqual([{ alarmType: 'sos', alarmName: '紧急报警', count: 1 }]);
    expect((await foreignAdmin.get(DASHBOARD, { tenantId: tenants.root })).flag).toBe(404);
    expect((await noMenu.get(DASHBOARD)).flag).toBe(403);
    const bad = await rootAdmin.get(DASHBOARD, { tenantId: 'abc' });
    expect(bad.flag).toBe(400);
    expect(bad.msg).toMatch(/客户/);
  });

  it('counts an asset 告警 until its alarm is handled', async () => {
    const sos = await server.store.db.selectFrom('alarms').select('id').where('terminal_id', '=', assets.B!.id).where('alarm_type', '=', 'sos').executeTakeFirstOrThrow();
    await server.store.alarms.process([Number(sos.id)], '已联系本人', 'dash_root', clock.now());
    const d = (await rootAdmin.get<DashboardData>(DASHBOARD)).obj;
    expect(d.totals).toEqual({ total: 5, online: 2, offline: 1, alarm: 0, expired: 1, inactive: 1 });
    expect(d.unprocessedAlarms.total).toBe(1);
  });
});
