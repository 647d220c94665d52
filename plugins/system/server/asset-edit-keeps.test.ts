import { API, createTestServer, demoTenantClients, tenantIds, upload, type ApiClient, type TestServer } from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet as PetView } from '../../../sdk/contracts/pet';
import { MediaApi, PetApi } from '../../../sdk/contracts';

// An edit changes what it sends and nothing else: a form or a script that leaves a field out
// (the pet's profile, a person's phone, a vehicle's speed limit) keeps what was stored.

interface Asset {
  id: number;
  plateNo: string;
  groupId: number | null;
  vin: string;
  driver: string;
  vehicleType: string;
  expiryDate: string | null;
  speedLimit: number | null;
  profile: Record<string, string | number>;
}

const PROFILE = PetApi.profile.path;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let admin: ApiClient;
let photo: string;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
  photo = (await upload<{ url: string }>(server.app, admin, MediaApi.upload.path, '豆豆.png', PNG)).obj.url;
});
afterAll(() => server.close());

const add = async (body: object) => {
  const res = await admin.postJson<Asset>(`${API}/vehicle/add.json`, body);
  expect(res.flag).toBe(1);
  return res.obj;
};
const update = (body: object) => admin.postJson<Asset>(`${API}/vehicle/update.json`, body);
const stored = async (id: number) => (await admin.get<{ list: Asset[] }>(`${API}/vehicle/list.json`, { pageSize: 200 })).obj.list.find((a) => a.id === id)!;

describe('an edit keeps what it does not mention', () => {
  it('宠物档案 saved without profile keeps sex, breed, birthday, owner phone and photo', async () => {
    const profile = { species: '狗', breed: '柯基', sex: '公', birthday: '2023-05-01', photo, ownerPhone: '18687654321' };
    const pet = await add({ plateNo: '豆豆', assetKind: 'pet', profile });
    const renamed = await admin.postJson<PetView>(PROFILE, { vehicleId: pet.id, name: '豆豆二号' });
    expect(renamed).toMatchObject({ flag: 1, obj: { name: '豆豆二号', profile } });
    expect((await stored(pet.id)).profile).toEqual(profile);
  });

  it('宠物档案 saved with some fields changes those, and an empty one clears only itself', async () => {
    const pet = await add({ plateNo: '球球', assetKind: 'pet', profile: { species: '猫', breed: '英短', sex: '母', birthday: '2022-01-02', photo, ownerPhone: '18687654322' } });
    expect((await admin.postJson<PetView>(PROFILE, { vehicleId: pet.id, name: '球球', profile: { breed: '美短' } })).flag).toBe(1);
    expect(await admin.postJson<PetView>(PROFILE, { vehicleId: pet.id, name: '球球', profile: { birthday: '', ownerPhone: null } })).toMatchObject({
      flag: 1, obj: { profile: { species: '猫', breed: '美短', sex: '母', photo } },
    });
    expect((await stored(pet.id)).profile).toEqual({ species: '猫', breed: '美短', sex: '母', photo });
  });

  it('人员管理, 宠物管理 and 电动车管理 edits without profile keep the profile', async () => {
    const kinds = [
      { plateNo: '周芷若', assetKind: 'person', profile: { employeeNo: 'E0101', department: '质检部', phone: '13911112222', photo } },
      { plateNo: '团团', assetKind: 'pet', profile: { species: '狗', sex: '母', ownerPhone: '18611112222', photo } },
      { plateNo: '粤B·D39999', assetKind: 'ebike', profile: { brand: '雅迪', frameNo: 'YD2026A0999', batteryVoltage: '48', batteryCapacity: 20 } },
    ];
    for (const body of kinds) {
      const asset = await add(body);
      expect(await update({ id: asset.id, plateNo: body.plateNo })).toMatchObject({ flag: 1, obj: { profile: body.profile } });
      expect((await update({ id: asset.id, plateNo: body.plateNo, profile: {} })).obj.profile).toEqual(body.profile);
      expect((await stored(asset.id)).profile).toEqual(body.profile);
    }
  });

  it('车辆管理 edits keep the VIN, driver, type, service expiry, own speed limit and group they leave out; null clears', async () => {
    const { demo } = await tenantIds(server.store);
    const { obj: options } = await admin.get<{ groups: { id: number; tenantId: number }[] }>(`${API}/vehicle/options.json`);
    const vehicle = await add({
      plateNo: '京A99881', plateColor: 1, vehicleType: '厢式货车', vin: 'LSVAM4187C2184848', driver: '李师傅', expiryDate: '2030-12-31', speedLimit: 80,
      groupId: options.groups.find((g) => g.tenantId === demo)!.id,
    });
    const kept = { vin: 'LSVAM4187C2184848', driver: '李师傅', vehicleType: '厢式货车', expiryDate: '2030-12-31', speedLimit: 80, groupId: vehicle.groupId };
    expect(await update({ id: vehicle.id, plateNo: '京A99882' })).toMatchObject({ flag: 1, obj: { plateNo: '京A99882', ...kept } });
    expect(await stored(vehicle.id)).toMatchObject({ plateNo: '京A99882', ...kept });
    expect(await update({ id: vehicle.id, plateNo: '京A99882', speedLimit: null, expiryDate: null })).toMatchObject({ flag: 1, obj: { speedLimit: null, expiryDate: null, driver: '李师傅' } });
  });
});
