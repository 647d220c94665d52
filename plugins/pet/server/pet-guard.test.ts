import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandView } from '../../../server/module';
import { createTestServer, DEMO_TENANT, demoTenantClients, pollUntil as waitFor, upload, WatchTestDevice, type ApiClient, type TestServer } from '../../../server/module/testing';
import type { Pet as PetView, SafeZone as SafeZoneView } from '../../../sdk/contracts/pet';
import { CommandApi, FenceApi, MediaApi, PetApi } from '../../../sdk/contracts';

// 宠物守护 end to end: a watch-protocol collar reports through the gateway, the alarm engine sees
// it leave and return to its 安全区域; 寻宠 actions reach the collar as its protocol's commands and
// end 成功 when it answers; 宠物档案 and zones refuse bad input in Chinese. PostgreSQL too when DATABASE_URL is set.

const COLLAR = '868710059999901';
const LIST = PetApi.list.path;
const ACTION = PetApi.action.path;
const PROFILE = PetApi.profile.path;
const ZONES = PetApi.zones.path;
const ZONE_SAVE = PetApi.zoneSave.path;
const ZONE_DELETE = PetApi.zoneDelete.path;
const COMMANDS = CommandApi.list.path;
const HOME = { lon: 120.1190, lat: 30.2880 };
const METRES = 1 / 111_194.93;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let petId: number;
let terminalId: number;
let tenantId: number;

/** A UD location `metresNorth` of home at `d`, with the battery in percent. */
function ud(d: Date, metresNorth: number, battery = 80): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${p(d.getUTCDate())}${p(d.getUTCMonth() + 1)}${p(d.getUTCFullYear() - 2000)}`;
  const time = `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  const lat = HOME.lat + metresNorth * METRES;
  return `UD,${date},${time},A,${lat.toFixed(6)},N,${HOME.lon.toFixed(6)},E,2.00,0,12.0,8,80,${battery},1200,0,00000000,0,0,460,0,0`;
}

let collar: WatchTestDevice;
let clock = Math.floor(Date.now() / 1000) * 1000 - 600_000;

/** Reports a position (AL: a location the collar expects a reply to, sent after the commit) and waits for the reply. */
async function report(metresNorth: number, battery = 80): Promise<void> {
  clock += 5000;
  collar.send(`AL${ud(new Date(clock), metresNorth, battery).slice(2)}`);
  await collar.next('AL');
}

/** Another tenant's caller is refused: 403 (no 宠物守护) or 404 (not theirs). */
const refused = (res: { flag: number }) => expect([403, 404]).toContain(res.flag);


/** Every alarm of the type on the collar, oldest first, once the engine has evaluated what was committed. */
async function alarmsOf(type: string) {
  await server.fleet.alarms.settled();
  const scope = { userId: 0, tenantId, tenantIds: [tenantId], groupIds: null };
  const page = await server.store.alarms.page(scope, { alarmTypes: [type], offset: 0, limit: 50 });
  return page.list.filter((a) => a.terminalId === terminalId).reverse();
}

async function pet(): Promise<PetView> {
  const res = await admin.get<{ total: number; list: PetView[] }>(LIST, { keyword: COLLAR });
  return res.obj.list[0]!;
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin, other } = await demoTenantClients(server.app));
  tenantId = (await server.store.org.findTenantByName(DEMO_TENANT))!.id;
  const group = await server.store.fleet.ensureGroup(tenantId, null, '宠物测试', 60);
  await server.store.fleet.provision({
    tenantId, groupId: group, terminalNo: COLLAR, displayNo: COLLAR, authCode: '', imei: COLLAR, protocol: 'watch', plateNo: '旺财', plateColor: 0, assetKind: 'pet',
    profile: { species: '狗', breed: '柴犬', ownerPhone: '18687654321' },
  });
  terminalId = (await server.store.fleet.terminalAuth(COLLAR))!.terminalId;
  collar = await WatchTestDevice.open(server.fleet.devices.watch!.port, COLLAR);
  collar.send('LK,1200,0,80');
  await collar.next('LK');
  petId = (await pet()).vehicleId;
});

afterAll(async () => {
  collar?.close();
  await server.close();
});

describe('宠物守护 安全区域', () => {
  let zone: SafeZoneView;

  it('saves a circle zone for the pet and lists it; another tenant cannot see or touch it', async () => {
    const saved = await admin.postJson<SafeZoneView>(ZONE_SAVE, { vehicleId: petId, name: '家', center: [HOME.lon, HOME.lat], radius: 200 });
    expect(saved).toMatchObject({ flag: 1, obj: { vehicleId: petId, name: '家', center: [HOME.lon, HOME.lat], radius: 200 } });
    zone = saved.obj;
    expect((await admin.get<SafeZoneView[]>(ZONES, { vehicleId: petId })).obj).toEqual([zone]);
    refused(await other.get(ZONES, { vehicleId: petId }));
    refused(await other.postJson(ZONE_DELETE, { id: zone.id }));
    // a zone is not an 电子围栏
    expect((await admin.get<{ name: string }[]>(FenceApi.list.path)).obj.map((f) => f.name)).not.toContain('家');
    expect((await pet()).zoneCount).toBe(1);
  });

  it('refuses a zone without a radius, with one out of range or without a centre, in Chinese, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ vehicleId: petId, name: '公园', center: [HOME.lon, HOME.lat] }, '半径不能为空'],
      [{ vehicleId: petId, name: '公园', center: [HOME.lon, HOME.lat], radius: 5 }, '半径必须在 20 到 5000 米之间'],
      [{ vehicleId: petId, name: '公园', center: [HOME.lon, HOME.lat], radius: 50_000 }, '半径必须在 20 到 5000 米之间'],
      [{ vehicleId: petId, name: '公园', radius: 300 }, '请在地图上选择安全区域的圆心'],
      [{ vehicleId: petId, name: '公园', center: [200, 30], radius: 300 }, '圆心超出范围：经度 -180 到 180，纬度 -90 到 90'],
      [{ vehicleId: petId, name: '  ', center: [HOME.lon, HOME.lat], radius: 300 }, '区域名称不能为空'],
      [{ vehicleId: petId, name: '家', center: [HOME.lon, HOME.lat], radius: 300 }, '旺财 已有名为 家 的安全区域'],
      [{ id: zone.id, vehicleId: petId, name: '家', center: [HOME.lon, HOME.lat], radius: 1 }, '半径必须在 20 到 5000 米之间'],
    ];
    for (const [body, msg] of cases) expect(await admin.postJson(ZONE_SAVE, body)).toEqual({ flag: 400, msg, obj: null });
    expect((await admin.get<SafeZoneView[]>(ZONES, { vehicleId: petId })).obj).toEqual([zone]);
  });

  it('a collar leaving its zone raises 离开安全区域 once; coming back ends it; the next exit raises it again', async () => {
    await report(0); // first sighting: inside, no alarm
    await report(500); // out
    await report(700); // still out
    await report(900);
    let leaves = await alarmsOf('leaveSafeZone');
    expect(leaves).toHaveLength(1);
    expect(leaves[0]).toMatchObject({ alarmType: 'leaveSafeZone', endTime: null, detail: { zoneId: zone.id, zoneName: '家' } });
    expect(leaves[0]!.contactPhone, 'the owner to call, as the alarm tip shows').toBe('18687654321');
    await report(50); // home again
    leaves = await alarmsOf('leaveSafeZone');
    expect(leaves).toHaveLength(1);
    expect(leaves[0]!.endTime).not.toBeNull();
    await report(60);
    expect(await alarmsOf('leaveSafeZone')).toHaveLength(1);
    await report(600); // the next walk out
    leaves = await alarmsOf('leaveSafeZone');
    expect(leaves).toHaveLength(2);
    expect(leaves[1]!.endTime).toBeNull();
    // a second zone where the pet now is: inside one of its zones ends the alarm
    const park = await admin.postJson<SafeZoneView>(ZONE_SAVE, { vehicleId: petId, name: '公园', center: [HOME.lon, HOME.lat + 600 * METRES], radius: 150 });
    expect(park.flag).toBe(1);
    await report(610);
    await report(620);
    leaves = await alarmsOf('leaveSafeZone');
    expect(leaves).toHaveLength(2);
    expect(leaves[1]!.endTime).not.toBeNull();
    expect(await admin.postJson(ZONE_DELETE, { id: park.obj.id })).toMatchObject({ flag: 1 });
  });

  it('a collar whose battery runs low raises one 低电量', async () => {
    await report(10, 15);
    await report(10, 12);
    const low = await alarmsOf('lowBattery');
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ endTime: null, detail: { battery: 15 } });
  });
});

describe('寻宠', () => {
  async function commandOf(batchId: string): Promise<CommandView> {
    return (await waitFor(() => admin.get<{ list: CommandView[] }>(COMMANDS, { batchId }), (r) => (r.obj.list[0]?.status ?? 0) >= 2, 'the command to end')).obj.list[0]!;
  }

  it('rings the collar (FIND) and shows 成功 when it answers', async () => {
    const sent = await admin.postJson<{ batchId: string; commands: CommandView[] }>(ACTION, { vehicleId: petId, action: 'ring' });
    expect(sent.flag).toBe(1);
    expect(sent.obj.commands[0]).toMatchObject({ commandType: 'findDevice', commandName: '寻找设备' });
    expect(await collar.next('FIND')).toBe(`[3G*${COLLAR}*0004*FIND]`);
    collar.send('FIND');
    expect(await commandOf(sent.obj.batchId)).toMatchObject({ statusText: '成功' });
  });

  it('locates now (CR) and turns the light on (LIGHT,1)', async () => {
    const locate = await admin.postJson<{ batchId: string }>(ACTION, { vehicleId: petId, action: 'locate' });
    await collar.next('CR');
    collar.send('CR');
    expect(await commandOf(locate.obj.batchId)).toMatchObject({ commandType: 'locate', statusText: '成功' });
    const light = await admin.postJson<{ batchId: string }>(ACTION, { vehicleId: petId, action: 'light', on: true });
    expect(await collar.next('LIGHT')).toBe(`[3G*${COLLAR}*0007*LIGHT,1]`);
    collar.send('LIGHT');
    expect(await commandOf(light.obj.batchId)).toMatchObject({ commandType: 'light', statusText: '成功' });
  });

  it('寻宠模式 reports every 10 s until cancelled and shows on the pet while on', async () => {
    const on = await admin.postJson<{ batchId: string; pet: PetView }>(ACTION, { vehicleId: petId, action: 'lostMode', on: true });
    expect(on.obj.pet.lostSince).toMatch(/\+08:00$/);
    expect(await collar.next('UPLOAD')).toBe(`[3G*${COLLAR}*0009*UPLOAD,10]`);
    collar.send('UPLOAD');
    expect(await commandOf(on.obj.batchId)).toMatchObject({ commandType: 'lostMode', statusText: '成功' });
    expect((await pet()).lostSince).toBe(on.obj.pet.lostSince);
    const off = await admin.postJson<{ batchId: string; pet: PetView }>(ACTION, { vehicleId: petId, action: 'lostMode', on: false });
    expect(await collar.next('UPLOAD')).toBe(`[3G*${COLLAR}*0009*UPLOAD,60]`);
    expect(off.obj.pet.lostSince).toBeNull();
    expect((await pet()).lostSince).toBeNull();
  });

  it('refuses an unknown action and another tenant\'s pet', async () => {
    expect(await admin.postJson(ACTION, { vehicleId: petId, action: 'fly' })).toMatchObject({ flag: 400 });
    refused(await other.postJson(ACTION, { vehicleId: petId, action: 'ring' }));
  });
});

describe('宠物档案', () => {
  it('saves the profile with an uploaded photo', async () => {
    const photo = await upload<{ url: string }>(server.app, admin, MediaApi.upload.path, '旺财.png', PNG);
    expect(photo.flag).toBe(1);
    const saved = await admin.postJson<PetView>(PROFILE, { vehicleId: petId, name: '旺财', profile: { species: '狗', breed: '柴犬', sex: '公', birthday: '2022-03-01', photo: photo.obj.url } });
    expect(saved).toMatchObject({ flag: 1, obj: { name: '旺财', profile: { species: '狗', breed: '柴犬', sex: '公', birthday: '2022-03-01', photo: photo.obj.url } } });
    expect((await pet()).profile.photo).toBe(photo.obj.url);
  });

  it('refuses a bad photo, a bad field or a taken name in Chinese and changes nothing', async () => {
    const before = await pet();
    expect(await upload(server.app, admin, MediaApi.upload.path, '旺财.png', Buffer.from('not an image'))).toMatchObject({ flag: 400, msg: '只能上传 JPG、PNG 或 WebP 格式的图片' });
    expect(await upload(server.app, admin, MediaApi.upload.path, '大.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).toMatchObject({ flag: 400, msg: '图片不能超过 2 MB' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ vehicleId: petId, name: '旺财', profile: { photo: 'http://evil.example/x.png' } }, /照片/],
      [{ vehicleId: petId, name: '旺财', profile: { species: '龙' } }, /种类不正确/],
      [{ vehicleId: petId, name: '旺财', profile: { birthday: '2999-01-01' } }, /生日/],
      [{ vehicleId: petId, name: '  ' }, /宠物名不能为空/],
    ];
    for (const [body, msg] of cases) expect(await admin.postJson(PROFILE, body)).toMatchObject({ flag: 400, msg: expect.stringMatching(msg) });
    refused(await other.postJson(PROFILE, { vehicleId: petId, name: '偷' }));
    expect(await pet()).toEqual(before);
  });
});
