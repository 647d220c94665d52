import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestServer, DEMO_TENANT, demoTenantClients, download, ManualClock, probeMasked, sheetRows, type TestServer, waitExportDone } from '../../../server/module/testing';
import type { LeaseContract, LeaseRenter } from '../../../sdk/lease';
import { DownloadApi, ElecLeaseApi } from '../../../sdk/contracts';

const clock = new ManualClock(new Date('2026-03-10T10:00:00+08:00'));
const renter = { name: '赵敏', phone: '13912345678', idNo: '11010519491231002X' };

let server: TestServer;
let admin: ApiClient;
let renterId: number;
let contractNo: string;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock });
  ({ admin } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const group = await server.store.fleet.ensureGroup(tenant.id, null, '租赁车队', 60);
  const bike = await server.store.fleet.provision({
    tenantId: tenant.id, groupId: group, terminalNo: '358710060000911', displayNo: '358710060000911', authCode: '', imei: '358710060000911', protocol: 'gt06',
    plateNo: '租赁车C03', plateColor: 0, assetKind: 'ebike', profile: { batteryVoltage: '48' },
  });
  const added = await admin.postJson<LeaseRenter>(ElecLeaseApi.addRenter.path, renter);
  expect(added).toMatchObject({ flag: 1, obj: { phone: '139****5678', idNo: '110105********002X' } });
  renterId = added.obj.id;
  const signed = await admin.postJson<LeaseContract>(ElecLeaseApi.sign.path, { vehicleId: bike.vehicleId, renterId, startDate: '2026-03-10', endDate: '2026-04-09', monthlyRent: 300, deposit: 0 });
  contractNo = signed.obj.contractNo;
});
afterAll(() => server.close());

const renterFound = async (keyword: string) =>
  (await admin.get<{ list: LeaseRenter[] }>(ElecLeaseApi.renters.path, { pageSize: 50, keyword })).obj.list.some((r) => r.id === renterId);
const contractFound = async (keyword: string) =>
  (await admin.get<{ list: LeaseContract[] }>(ElecLeaseApi.contracts.path, { pageSize: 50, keyword })).obj.list.some((c) => c.renterId === renterId);

async function exportedRows(route: 'renter' | 'contract', keyword: string): Promise<string[][]> {
  const started = await admin.postJson<{ id: number }>((route === 'renter' ? ElecLeaseApi.exportRenters : ElecLeaseApi.exportContracts).path, { keyword });
  expect(started.flag).toBe(1);
  expect((await waitExportDone(admin, started.obj.id)).status).toBe(1);
  const file = await download(server.app, admin, 'GET', `${DownloadApi.download.path}?id=${started.obj.id}`);
  return (await sheetRows(file.rawPayload)).slice(1);
}

describe('电动车租赁: masked numbers are found by the whole number only', () => {
  it('reveals no digit of a renter’s masked 身份证号 or 手机号 to a search one digit at a time', async () => {
    expect(await probeMasked({ head: '110105', tail: '002X', length: 18 }, renterFound, '0123456789X')).toEqual({ head: '', tail: '' });
    expect(await probeMasked({ head: '139', tail: '5678', length: 11 }, renterFound)).toEqual({ head: '', tail: '' });
  });

  it('finds the renter by the whole 身份证号 or 手机号, as typed with spaces or a lower-case x', async () => {
    expect(await renterFound('11010519491231002X')).toBe(true);
    expect(await renterFound('110105 19491231 002x')).toBe(true);
    expect(await renterFound('139 1234 5678')).toBe(true);
    expect(await renterFound('赵')).toBe(true);
  });

  it('reveals no digit of the renter’s phone through the contract list, and finds the contract by the whole number', async () => {
    expect(await probeMasked({ head: '139', tail: '5678', length: 11 }, contractFound)).toEqual({ head: '', tail: '' });
    expect(await contractFound('13912345678')).toBe(true);
  });

  it('exports follow the same rule: part of a number exports nothing, the whole number the row', async () => {
    expect(await exportedRows('renter', '1101051949')).toEqual([]);
    expect(await exportedRows('renter', '1234')).toEqual([]);
    expect((await exportedRows('renter', '11010519491231002X')).map((r) => r.slice(0, 3))).toEqual([['赵敏', '139****5678', '110105********002X']]);
    expect(await exportedRows('contract', '1391234')).toEqual([]);
    expect((await exportedRows('contract', '13912345678')).map((r) => [r[0], r[3]])).toEqual([[contractNo, '139****5678']]);
  });
});
