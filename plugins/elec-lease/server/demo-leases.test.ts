import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestServer, DEMO_TENANT, demoDevices, demoTenantClients, ManualClock, provisionDemoDevices, type TestServer } from '../../../server/module/testing';
import type { LeaseContract } from '../../../sdk/lease';
import { seedDemoLeases } from './demo-leases';
import { AlarmApi, ElecLeaseApi } from '../../../sdk/contracts';

const clock = new ManualClock(new Date('2026-03-10T10:00:00+08:00'));
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock });
  const devices = demoDevices();
  await provisionDemoDevices(server.store, devices);
  const seed = { store: server.store, db: server.store.db, demoTenant: DEMO_TENANT, assets: devices, now: clock.now() };
  await seedDemoLeases(seed);
  await seedDemoLeases(seed);
  ({ admin } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

describe('电动车租赁 demo data', () => {
  it('has three renters and three contracts, once: one paid up, one paid ahead, one overdue with its alarm', async () => {
    expect((await admin.get<{ total: number }>(ElecLeaseApi.renters.path)).obj.total).toBe(3);
    const list = (await admin.get<{ list: LeaseContract[] }>(ElecLeaseApi.contracts.path, { pageSize: 10 })).obj.list.reverse();
    expect(list.map((c) => [c.renterName, c.statusName, c.depositHeld])).toEqual([
      ['刘建国', '租赁中', 500],
      ['陈晓燕', '租赁中', 400],
      ['黄志强', '已逾期', 300],
    ]);
    expect(list.map((c) => c.balanceName.slice(0, 2))).toEqual(['已结', '预付', '欠费']);
    const alarms = await admin.get<{ total: number }>(AlarmApi.history.path, {
      start: '2026-03-01T00:00:00+08:00', end: '2026-03-30T00:00:00+08:00', alarmType: 'leaseOverdue', pageSize: 10,
    });
    expect(alarms.obj.total).toBe(1);
  });
});
