import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestServer, demoTenantClients, download, probeMasked, sheetRows, tenantIds, type TestServer, userWith } from '../../../server/module/testing';
import { ElecGbApi } from '../../../sdk/contracts';

// 备案登记: the owner's phone is whole only for those who may edit the record (编辑备案), masked for
// everyone else, in exports and in the log, and a search finds it by the whole number only.

const PHONE = '13655556666';

let server: TestServer;
let admin: ApiClient;
let viewer: ApiClient;
let recordId: number;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
  const added = await admin.postJson<{ id: number; ownerPhone: string }>(ElecGbApi.add.path, {
    ownerName: '宋青书', ownerPhone: PHONE, brand: '雅迪', model: 'DE3', frameNo: 'YD2026GB0777', motorNo: 'M0777', plateNo: '', color: '白色', designSpeed: 25, mass: 50, motorPower: 400, pedals: true,
  });
  expect(added).toMatchObject({ flag: 1, obj: { ownerPhone: PHONE } });
  recordId = added.obj.id;
  const { demo } = await tenantIds(server.store);
  viewer = await userWith(server.app, server.store, { account: 'gb-viewer', tenantId: demo, resourceIds: [2610, 261004], platform: 26 });
});
afterAll(() => server.close());

const found = async (client: ApiClient, keyword: string) =>
  (await client.get<{ list: { id: number; ownerPhone: string }[] }>(ElecGbApi.list.path, { pageSize: 50, keyword })).obj.list.find((r) => r.id === recordId);
const exported = async (client: ApiClient, keyword: string) => (await sheetRows((await download(server.app, client, 'POST', ElecGbApi.exportList.path, { keyword })).rawPayload)).slice(1);

describe('备案登记 owner phone', () => {
  it('is masked for a user who may not edit 备案, in the list and the export, and whole for one who may', async () => {
    expect((await found(viewer, '宋青书'))?.ownerPhone).toBe('136****6666');
    expect((await found(admin, '宋青书'))?.ownerPhone).toBe(PHONE);
    expect(JSON.stringify(await exported(viewer, '宋青书'))).not.toContain(PHONE);
    expect((await exported(admin, '宋青书'))[0]).toContain(PHONE);
  });

  it('reveals no digit to a search one digit at a time, and finds the record by the whole number', async () => {
    expect(await probeMasked({ head: '136', tail: '6666', length: 11 }, async (k) => (await found(viewer, k)) !== undefined)).toEqual({ head: '', tail: '' });
    expect((await found(viewer, PHONE))?.ownerPhone).toBe('136****6666');
    expect(await exported(viewer, '1365555')).toEqual([]);
    expect(await exported(viewer, PHONE)).toHaveLength(1);
  });

  it('keeps it masked in the operation log', async () => {
    const logs = await server.store.db.selectFrom('operation_logs').select(['action', 'before', 'after']).where('action', 'like', '%备案%').execute();
    expect(JSON.stringify(logs)).toContain('136****6666');
    expect(JSON.stringify(logs)).not.toContain(PHONE);
  });
});
