import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestServer, DEMO_TENANT, demoDevices, demoTenantClients, provisionDemoDevices, type TestServer } from '../../../server/module/testing';
import { seedDemoDeclarations } from './demo-declarations';
import { ElecGbApi } from '../../../sdk/contracts';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  const devices = demoDevices();
  await provisionDemoDevices(server.store, devices);
  const seed = { store: server.store, db: server.store.db, demoTenant: DEMO_TENANT, assets: devices, now: new Date() };
  await seedDemoDeclarations(seed);
  await seedDemoDeclarations(seed);
  ({ admin } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

describe('新国标 demo data', () => {
  it('registers twelve e-bikes under 新国标 with their assets’ frame numbers and plates, three of them 不合规, once', async () => {
    const report = await admin.get<{ lines: { tenantName: string; total: number; compliant: number; broken: Record<string, number> }[] }>(ElecGbApi.report.path);
    expect(report.obj.lines.find((l) => l.tenantName === DEMO_TENANT)).toMatchObject({ total: 12, compliant: 9, broken: { designSpeed: 1, mass: 1, motorPower: 1, pedals: 1 } });
    const ebike = demoDevices().find((d) => d.assetKind === 'ebike')!;
    const list = await admin.get<{ list: { frameNo: string; plateNo: string }[] }>(ElecGbApi.list.path, { keyword: String(ebike.profile.frameNo), pageSize: 10 });
    expect(list.obj.list).toEqual([expect.objectContaining({ frameNo: ebike.profile.frameNo, plateNo: ebike.name })]);
  });
});
