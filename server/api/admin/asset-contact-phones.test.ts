import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenantClients, type ApiClient } from '../../testing/api-client';
import { probeMasked } from '../../testing/masked-probe';
import { createTestServer, type TestServer } from '../../testing/test-server';
import type { Pet as PetView } from '../../../sdk/contracts/pet';
import { API, download, sheetRows, tenantIds, userWith } from '../../testing/asset-admin';

// A person's 手机号 and a pet's 主人手机号: in full only to those who may edit them (人员管理 / 宠物管理
// 编辑, 宠物档案), masked to everyone else and in the operation log; searched by the whole number only.

interface Asset {
  id: number;
  plateNo: string;
  profile: Record<string, string | number>;
}

const PERSON_PHONE = '13911112222';
const OWNER_PHONE = '18633334444';

let server: TestServer;
let admin: ApiClient;
let viewer: ApiClient;
let editor: ApiClient;
let personId: number;
let petId: number;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
  const { demo } = await tenantIds(server.store);
  personId = (await admin.postJson<Asset>(`${API}/vehicle/add.json`, { plateNo: '殷素素', assetKind: 'person', profile: { employeeNo: 'E0777', phone: PERSON_PHONE } })).obj.id;
  petId = (await admin.postJson<Asset>(`${API}/vehicle/add.json`, { plateNo: '阿黄', assetKind: 'pet', profile: { species: '狗', ownerPhone: OWNER_PHONE } })).obj.id;
  // 人员管理 and 宠物管理 with 导出 but not 编辑
  viewer = await userWith(server.app, server.store, { account: 'phone-viewer', tenantId: demo, resourceIds: [1241, 124108, 1242, 124208] });
  editor = await userWith(server.app, server.store, { account: 'phone-editor', tenantId: demo, resourceIds: [1241, 124102, 124108] });
});
afterAll(() => server.close());

const listed = async (client: ApiClient, assetKind: string, keyword?: string) =>
  (await client.get<{ list: Asset[] }>(`${API}/vehicle/list.json`, { pageSize: 100, assetKind, ...(keyword !== undefined && { keyword }) })).obj.list;
const exported = async (client: ApiClient, assetKind: string, keyword = '') =>
  (await sheetRows((await download(server.app, client, 'POST', `${API}/vehicle/export.json`, { assetKind, keyword })).rawPayload)).slice(1);

describe('contact phones of people and pets', () => {
  it('shows them masked to a user who may not edit them, in the list and the export, and in full to one who may', async () => {
    expect((await listed(viewer, 'person')).find((a) => a.id === personId)!.profile.phone).toBe('139****2222');
    expect((await listed(viewer, 'pet')).find((a) => a.id === petId)!.profile.ownerPhone).toBe('186****4444');
    expect(JSON.stringify(await exported(viewer, 'person'))).not.toContain(PERSON_PHONE);
    expect((await exported(viewer, 'person')).find((r) => r[0] === '殷素素')).toContain('139****2222');
    expect((await listed(editor, 'person')).find((a) => a.id === personId)!.profile.phone).toBe(PERSON_PHONE);
    expect((await exported(editor, 'person')).find((r) => r[0] === '殷素素')).toContain(PERSON_PHONE);
  });

  it('reveals no digit to a search one digit at a time, and finds the asset by the whole number', async () => {
    const person = async (keyword: string) => (await listed(viewer, 'person', keyword)).some((a) => a.id === personId);
    const pet = async (keyword: string) => (await listed(viewer, 'pet', keyword)).some((a) => a.id === petId);
    expect(await probeMasked({ head: '139', tail: '2222', length: 11 }, person)).toEqual({ head: '', tail: '' });
    expect(await probeMasked({ head: '186', tail: '4444', length: 11 }, pet)).toEqual({ head: '', tail: '' });
    expect(await person(PERSON_PHONE)).toBe(true);
    expect(await pet(OWNER_PHONE)).toBe(true);
    expect(await person('E077')).toBe(true);
    expect(await exported(viewer, 'person', '1391111')).toEqual([]);
    expect((await exported(viewer, 'person', PERSON_PHONE)).map((r) => r[0])).toEqual(['殷素素']);
  });

  it('宠物守护 shows the owner phone in full with 宠物档案 only', async () => {
    const { demo } = await tenantIds(server.store);
    const monitor = await userWith(server.app, server.store, { account: 'pet-monitor', tenantId: demo, resourceIds: [1302], platform: 13 });
    const keeper = await userWith(server.app, server.store, { account: 'pet-keeper', tenantId: demo, resourceIds: [1302, 1304], platform: 13 });
    const card = async (client: ApiClient) => (await client.get<{ list: PetView[] }>('/car/v4/api/pet/list.json', { pageSize: 100 })).obj.list.find((p) => p.vehicleId === petId)!;
    expect((await card(monitor)).profile.ownerPhone).toBe('186****4444');
    expect((await card(keeper)).profile.ownerPhone).toBe(OWNER_PHONE);
  });

  it('keeps them masked in the operation log', async () => {
    await admin.postJson(`${API}/vehicle/update.json`, { id: personId, plateNo: '殷素素', profile: { department: '仓储部' } });
    await admin.postJson('/car/v4/api/pet/profile/save.json', { vehicleId: petId, name: '阿黄', profile: { breed: '土狗' } });
    const logs = await server.store.db.selectFrom('operation_logs').select(['action', 'before', 'after']).execute();
    const text = JSON.stringify(logs.filter((l) => /人员|宠物/.test(l.action)));
    expect(text).toContain('139****2222');
    expect(text).toContain('186****4444');
    expect(text).not.toContain(PERSON_PHONE);
    expect(text).not.toContain(OWNER_PHONE);
  });
});
