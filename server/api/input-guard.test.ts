import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaseContract } from '../../sdk/lease';
import { DEMO_TENANT } from '../store/seed-demo';
import { demoTenantClients, type ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';

/*
 * Numbers and ids as a caller sends them: the schema's type coercion took true as 1 and the
 * strings "Infinity", "-Infinity" and "1e999" as ±Infinity, and a deeply nested body overflowed
 * the stack. Each is refused in Chinese, naming the field, and changes nothing.
 */
const THRESHOLD = '/car/v4/api/health/threshold';
const LEASE = '/car/v4/api/lease';
const ATTENDANCE = '/car/v4/api/card/attendance';
const NON_FINITE = ['Infinity', '-Infinity', '1e999', '+Infinity'];

let server: TestServer;
let admin: ApiClient;
let tenantId: number;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
  tenantId = (await server.store.org.findTenantByName(DEMO_TENANT))!.id;
});
afterAll(() => server.close());

const threshold = async () => (await admin.get(`${THRESHOLD}/getHealthThreshold.json`)).obj;
const GOOD_THRESHOLD = { heartRateMin: 55, heartRateMax: 130, temperatureMax: 37.8, stepGoal: 10000 };

/** A body nested `depth` levels deep under `field`, as raw JSON text. */
function nested(depth: number, field: string): string {
  return `{"${field}":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
}

describe('non-finite numbers', () => {
  it.each(NON_FINITE)('refuses 体温上限 %s and keeps the saved thresholds', async (value) => {
    const before = await threshold();
    expect(await admin.postJson(`${THRESHOLD}/updateHealthThreshold.json`, { ...GOOD_THRESHOLD, temperatureMax: value })).toMatchObject({
      flag: 400,
      msg: '体温上限必须是有效的数字',
    });
    expect(await admin.postJson(`${THRESHOLD}/updateHealthThreshold.json`, { ...GOOD_THRESHOLD, heartRateMin: value })).toMatchObject({
      flag: 400,
      msg: '心率下限必须是整数',
    });
    expect(await threshold()).toEqual(before);
  });

  it('refuses a number that overflows to Infinity in the JSON itself', async () => {
    const before = await threshold();
    const res = await server.app.inject({
      method: 'POST', url: `${THRESHOLD}/updateHealthThreshold.json`,
      payload: '{"heartRateMin":55,"heartRateMax":130,"temperatureMax":1e999,"stepGoal":10000}',
      headers: { 'content-type': 'application/json', sessionId: admin.sessionId!, userId: String(admin.userId) },
    });
    expect(res.json()).toMatchObject({ flag: 400, msg: '体温上限必须是有效的数字' });
    expect(await threshold()).toEqual(before);
  });

  it('refuses a shift whose 工作日 is "Infinity" and saves none', async () => {
    const area = await admin.postJson<{ id: number }>(`${ATTENDANCE}/workArea/save.json`, { name: '总部', center: [116.4, 39.9], radius: 200 });
    expect(area.flag).toBe(1);
    const shift = { name: '白班', workAreaId: area.obj.id, startTime: '09:00', endTime: '18:00' };
    for (const weekdays of ['Infinity', ['-Infinity'], [1, '1e999']]) {
      expect(await admin.postJson(`${ATTENDANCE}/shift/save.json`, { ...shift, weekdays })).toMatchObject({ flag: 400, msg: '工作日必须是整数' });
    }
    expect(await admin.postJson(`${ATTENDANCE}/workArea/save.json`, { name: '分部', center: [116.4, 'Infinity'], radius: 200 })).toMatchObject({
      flag: 400,
      msg: '圆心必须是有效的数字',
    });
    expect((await admin.get(`${ATTENDANCE}/shift/list.json`)).obj).toEqual([]);
    expect((await admin.get<unknown[]>(`${ATTENDANCE}/workArea/list.json`)).obj).toHaveLength(1);
  });

  it.each(NON_FINITE)('refuses 车组 %s in a query string', async (value) => {
    expect(await admin.get('/car/v1/api/system/group/vehicles.json', { tenantId, groupId: value })).toMatchObject({ flag: 400, msg: '车组必须是整数' });
  });
});

describe('boolean ids', () => {
  it('does not take "id": true as contract 1: the payment is refused and nothing is received', async () => {
    const group = await server.store.fleet.ensureGroup(tenantId, null, '租赁车队', 60);
    const bike = await server.store.fleet.provision({
      tenantId, groupId: group, terminalNo: '358710060000931', displayNo: '358710060000931', authCode: '', imei: '358710060000931', protocol: 'gt06',
      plateNo: '租赁车C01', plateColor: 0, assetKind: 'ebike', profile: {},
    });
    const renter = await admin.postJson<{ id: number }>(`${LEASE}/renter/add.json`, { name: '王小明', phone: '13812345678', idNo: '11010519491231002x' });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const signed = await admin.postJson<LeaseContract>(`${LEASE}/contract/add.json`, {
      vehicleId: bike.vehicleId, renterId: renter.obj.id, startDate: today, endDate: today, monthlyRent: 300, deposit: 0,
    });
    // the first contract of a fresh database: the id true used to become
    expect(signed).toMatchObject({ flag: 1, obj: { id: 1, received: 0 } });
    for (const id of [true, false, [1], '1.5', 'true']) {
      expect(await admin.postJson(`${LEASE}/contract/pay.json`, { id, amount: 1 })).toMatchObject({ flag: 400, msg: '合同必须是整数' });
    }
    const listed = await admin.get<{ list: LeaseContract[] }>(`${LEASE}/contract/list.json`, { pageSize: 50 });
    expect(listed.obj.list.find((c) => c.id === 1)).toMatchObject({ received: 0 });
  });

  it('refuses true inside an id list and assigns nothing', async () => {
    const vehicles = await server.store.db.selectFrom('vehicles').select(['id', 'group_id']).where('tenant_id', '=', tenantId).orderBy('id').execute();
    const target = await server.store.fleet.ensureGroup(tenantId, null, '布尔测试车组', 60);
    for (const vehicleIds of [true, [true], [vehicles[0]!.id, true]]) {
      expect(await admin.postJson('/car/v1/api/system/group/assign.json', { vehicleIds, groupId: target })).toMatchObject({ flag: 400, msg: '车辆必须是整数' });
    }
    expect(await server.store.db.selectFrom('vehicles').select(['id', 'group_id']).where('tenant_id', '=', tenantId).orderBy('id').execute()).toEqual(vehicles);
  });
});

describe('deeply nested bodies', () => {
  it('answers a 10,000-deep body over HTTP with a Chinese 400 and keeps serving', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await threshold();
    const post = (url: string, body: string, session = true) =>
      fetch(`${address}${url}`, {
        method: 'POST', body,
        headers: { 'content-type': 'application/json', ...(session ? { sessionId: admin.sessionId!, userId: String(admin.userId) } : {}) },
      });
    for (const body of [nested(10_000, 'temperatureMax'), `${'['.repeat(10_000)}${']'.repeat(10_000)}`, nested(10_000, 'unknown')]) {
      const res = await post(`${THRESHOLD}/updateHealthThreshold.json`, body);
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toMatchObject({ flag: 400, msg: '请求内容嵌套过深' });
    }
    // a public route, before any session
    const open = await post('/oauth/v4/token', nested(10_000, 'account'), false);
    expect(open.status).toBeLessThan(500);
    expect(await open.json()).toMatchObject({ flag: 400, msg: '请求内容嵌套过深' });
    expect(await threshold()).toEqual(before);
    expect(await admin.postJson(`${THRESHOLD}/updateHealthThreshold.json`, GOOD_THRESHOLD)).toMatchObject({ flag: 1 });
  });
});
