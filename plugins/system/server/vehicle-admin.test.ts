import {
  API, createTestServer, demoTenantClients, download, sheetRows, tenantIds, userWith, type ApiClient, type TestServer,
} from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../sdk/pagination';

interface Vehicle {
  id: number;
  plateNo: string;
  plateColor: number;
  vin: string;
  tenantId: number;
  tenantName: string;
  groupId: number | null;
  groupName: string | null;
  terminalId: number | null;
  terminalNo: string | null;
  expiryDate: string | null;
  expired: boolean;
  speedLimit: number | null;
}
interface Terminal {
  id: number;
  terminalNo: string;
  tenantId: number;
  vehicleId: number | null;
  plateNo: string | null;
}

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let ids: { demo: number; other: number };

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 4 } });
  ({ admin, other } = await demoTenantClients(server.app));
  ids = await tenantIds(server.store);
});
afterAll(() => server.close());

const vehicles = (client: ApiClient, query: Record<string, string | number> = {}) => client.get<Page<Vehicle>>(`${API}/vehicle/list.json`, query);
const terminals = (client: ApiClient, query: Record<string, string | number> = {}) => client.get<Page<Terminal>>(`${API}/terminal/list.json`, query);
const addVehicle = (client: ApiClient, body: object) => client.postJson<Vehicle>(`${API}/vehicle/add.json`, body);
const addTerminal = (client: ApiClient, body: object) => client.postJson<Terminal>(`${API}/terminal/add.json`, body);

describe('车辆管理', () => {
  it('lists only the caller’s vehicles, paged on the server and searchable', async () => {
    const mine = await vehicles(admin, { pageSize: 2 });
    expect(mine.obj.total).toBe(4);
    expect(mine.obj.list).toHaveLength(2);
    expect(mine.obj.list.every((v) => v.tenantName === '天路演示' && v.terminalNo?.startsWith('0138'))).toBe(true);
    const theirs = await vehicles(other, { pageSize: 50 });
    expect(theirs.obj.total).toBe(5);
    expect(theirs.obj.list.every((v) => v.tenantName === '其他公司')).toBe(true);

    const plate = mine.obj.list[0]!.plateNo;
    const found = await vehicles(admin, { keyword: plate.slice(1) });
    expect(found.obj.list.map((v) => v.plateNo)).toContain(plate);
    expect((await vehicles(admin, { keyword: 'LTL808' })).obj.total).toBe(4);
    expect((await vehicles(admin, { bound: '0' })).obj.total).toBe(0);
  });

  it('checks plate, VIN and uniqueness in Chinese and stores nothing bad', async () => {
    expect(await addVehicle(admin, { plateNo: '' })).toMatchObject({ flag: 400, msg: '车牌号不能为空' });
    expect(await addVehicle(admin, { plateNo: 'ABC123' })).toMatchObject({ flag: 400, msg: '车牌号格式不正确，例如 京A12345' });
    expect(await addVehicle(admin, { plateNo: '京A12345', vin: '123' })).toMatchObject({ flag: 400, msg: '车架号（VIN）必须是 17 位字母或数字' });
    expect(await addVehicle(admin, { plateNo: '京A12345', expiryDate: '2026-02-30' })).toMatchObject({ flag: 400, msg: '到期日期不是有效的日期' });
    expect((await vehicles(admin, { keyword: '京A12345' })).obj.total).toBe(0);

    const created = await addVehicle(admin, { plateNo: '京a12345', vin: 'lsvam4187c2184847', driver: '王五', plateColor: 2 });
    expect(created).toMatchObject({ flag: 1, obj: { plateNo: '京A12345', vin: 'LSVAM4187C2184847', plateColor: 2, tenantId: ids.demo, terminalId: null } });
    expect(await addVehicle(admin, { plateNo: '京A12345' })).toMatchObject({ flag: 400, msg: '车牌号已存在' });
    // a person or a pet is named freely
    expect(await addVehicle(admin, { plateNo: '宠物豆豆', assetKind: 'pet' })).toMatchObject({ flag: 1, obj: { assetKind: 'pet' } });
    // the same plate in another customer is another vehicle
    expect(await addVehicle(other, { plateNo: '京A12345' })).toMatchObject({ flag: 1, obj: { tenantId: ids.other } });
  });

  it('stores an own speed limit of 1–250 km/h, or none, and refuses anything else in Chinese', async () => {
    const message = '限速必须是 1 到 250 之间的整数（km/h），不填则按告警设置';
    for (const bad of [0, 251, 80.5, -5, 'abc', '90km']) {
      expect(await addVehicle(admin, { plateNo: '京S60001', speedLimit: bad })).toMatchObject({ flag: 400, msg: message });
    }
    expect((await vehicles(admin, { keyword: '京S60001' })).obj.total).toBe(0);

    const created = await addVehicle(admin, { plateNo: '京S60001', speedLimit: 60 });
    expect(created).toMatchObject({ flag: 1, obj: { speedLimit: 60 } });
    const id = created.obj.id;
    expect((await vehicles(admin, { keyword: '京S60001' })).obj.list[0]).toMatchObject({ speedLimit: 60 });
    expect(await admin.postJson(`${API}/vehicle/update.json`, { id, plateNo: '京S60001', speedLimit: 251 })).toMatchObject({ flag: 400, msg: message });
    expect((await vehicles(admin, { keyword: '京S60001' })).obj.list[0]).toMatchObject({ speedLimit: 60 });
    expect(await admin.postJson(`${API}/vehicle/update.json`, { id, plateNo: '京S60001', speedLimit: '90' })).toMatchObject({ flag: 1, obj: { speedLimit: 90 } });
    const log = await server.store.audit.page({ tenantIds: [ids.demo], keyword: '京S60001', offset: 0, limit: 1 });
    expect(log.list[0]).toMatchObject({ action: '编辑车辆', before: { speedLimit: 60 }, after: { speedLimit: 90 } });
    // what the alarm engine reads
    expect((await server.store.db.selectFrom('vehicles').select('speed_limit').where('id', '=', id).executeTakeFirstOrThrow()).speed_limit).toBe(90);
    // cleared: the tenant's 平台超速 threshold applies again
    expect(await admin.postJson(`${API}/vehicle/update.json`, { id, plateNo: '京S60001', speedLimit: null })).toMatchObject({ flag: 1, obj: { speedLimit: null } });
    expect(await addVehicle(admin, { plateNo: '京S60002', speedLimit: '' })).toMatchObject({ flag: 1, obj: { speedLimit: null } });

    await admin.postJson(`${API}/vehicle/update.json`, { id, plateNo: '京S60001', speedLimit: 250 });
    const rows = await sheetRows((await download(server.app, admin, 'POST', `${API}/vehicle/export.json`, { keyword: '京S6000' })).rawPayload);
    const column = rows[0]!.indexOf('限速(km/h)');
    expect(rows.slice(1).map((r) => [r[0], r[column]])).toEqual([['京S60001', '250'], ['京S60002', '']]);
  });

  it('edits and deletes only within the scope; another customer’s ids are not found', async () => {
    const mine = (await addVehicle(admin, { plateNo: '京B20001' })).obj;
    const theirs = (await vehicles(other)).obj.list[0]!;
    expect(await admin.postJson(`${API}/vehicle/update.json`, { id: theirs.id, plateNo: '京B99999' })).toMatchObject({ flag: 404 });
    expect(await admin.postJson(`${API}/vehicle/delete.json`, { ids: [theirs.id] })).toMatchObject({ flag: 404 });
    expect(await other.postJson(`${API}/vehicle/renew.json`, { ids: [mine.id], months: 12 })).toMatchObject({ flag: 404 });
    expect((await vehicles(other, { keyword: theirs.plateNo })).obj.list[0]).toMatchObject({ plateNo: theirs.plateNo });

    const taken = (await vehicles(admin)).obj.list.find((v) => v.terminalNo)!.plateNo;
    expect(await admin.postJson(`${API}/vehicle/update.json`, { id: mine.id, plateNo: taken })).toMatchObject({ flag: 400, msg: '车牌号已存在' });
    const edited = await admin.postJson<Vehicle>(`${API}/vehicle/update.json`, { id: mine.id, plateNo: '京B20002', driver: '赵六' });
    expect(edited).toMatchObject({ flag: 1, obj: { plateNo: '京B20002' } });
    expect(await admin.postJson(`${API}/vehicle/delete.json`, { ids: [mine.id] })).toMatchObject({ flag: 1, obj: { deleted: 1 } });
    expect((await vehicles(admin, { keyword: '京B2000' })).obj.total).toBe(0);
    const log = await server.store.audit.page({ tenantIds: [ids.demo], keyword: '京B2000', offset: 0, limit: 10 });
    expect(log.list.map((e) => e.action)).toEqual(['删除车辆', '编辑车辆', '新增车辆']);
  });

  it('needs the button resource of each change', async () => {
    const viewer = await userWith(server.app, server.store, { account: 'vehicle-viewer', tenantId: ids.demo, resourceIds: [1240, 1250] });
    expect((await vehicles(viewer)).flag).toBe(1);
    expect(await addVehicle(viewer, { plateNo: '京C30001' })).toMatchObject({ flag: 403 });
    expect(await addTerminal(viewer, { terminalNo: '13700000001' })).toMatchObject({ flag: 403 });
    const v = (await vehicles(viewer)).obj.list[0]!;
    expect(await viewer.postJson(`${API}/vehicle/renew.json`, { ids: [v.id], months: 1 })).toMatchObject({ flag: 403 });
    expect(await viewer.postJson(`${API}/vehicle/unbind.json`, { vehicleId: v.id })).toMatchObject({ flag: 403 });
    expect((await download(server.app, viewer, 'POST', `${API}/vehicle/export.json`)).json()).toMatchObject({ flag: 403 });
    const nothing = await userWith(server.app, server.store, { account: 'no-assets', tenantId: ids.demo, resourceIds: [1201] });
    expect((await vehicles(nothing)).flag).toBe(403);
    expect((await nothing.get(`${API}/group/tree.json`)).flag).toBe(403);
  });

  it('exports the filtered list as a spreadsheet', async () => {
    const res = await download(server.app, admin, 'POST', `${API}/vehicle/export.json`, { keyword: 'LTL808' });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('车辆列表-');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['车牌号', '车牌颜色', '车辆类型']);
    expect(rows).toHaveLength(5);
    const theirs = await sheetRows((await download(server.app, other, 'POST', `${API}/vehicle/export.json`)).rawPayload);
    expect(theirs.slice(1).every((r) => r[7] === '其他公司')).toBe(true);
  });
});

describe('终端管理 and binding', () => {
  it('keeps terminal numbers unique across customers, leading zeros aside', async () => {
    expect(await addTerminal(admin, { terminalNo: '1380000' })).toMatchObject({ flag: 400, msg: '终端号必须是 11–20 位数字' });
    expect(await addTerminal(admin, { terminalNo: '13900000001' })).toMatchObject({ flag: 400, msg: '终端号已存在' });
    expect(await addTerminal(other, { terminalNo: '013800000001' })).toMatchObject({ flag: 400, msg: '终端号已存在' });
    expect(await addTerminal(admin, { terminalNo: '013700000009', imei: '12' })).toMatchObject({ flag: 400, msg: 'IMEI 必须是 15 位数字' });
    const t = await addTerminal(admin, { terminalNo: '013700000009', model: 'X1', edition: '2019', installDate: '2026-01-02' });
    expect(t).toMatchObject({ flag: 1, obj: { terminalNo: '013700000009', tenantId: ids.demo } });
    expect((await terminals(admin, { keyword: '13700000009' })).obj.list).toEqual([expect.objectContaining({ terminalNo: '013700000009', vehicleId: null })]);
    expect((await terminals(other, { keyword: '13700000009' })).obj.total).toBe(0);
  });

  it('registers GT06 and watch-protocol devices by their IMEI, which the gateways then know', async () => {
    expect(await addTerminal(admin, { terminalNo: '35871004000', edition: 'gt06' })).toMatchObject({ flag: 400, msg: 'GT06 终端号是设备的 IMEI，必须是 15 位数字' });
    expect(await addTerminal(admin, { terminalNo: '86871004000001', edition: 'watch' })).toMatchObject({ flag: 400, msg: '手表协议终端号是设备的 IMEI 或 10 位设备号' });
    expect(await addTerminal(admin, { terminalNo: '13700000011', edition: 'JT/T 808-2030' })).toMatchObject({ flag: 400, msg: '协议版本不正确（2011、2013、2019、GT06 或 手表协议）' });
    const collar = await addTerminal(admin, { terminalNo: '058710040000019', edition: 'GT06' });
    expect(collar).toMatchObject({ flag: 1, obj: { terminalNo: '058710040000019', edition: 'gt06', imei: '058710040000019' } });
    const watch = await addTerminal(admin, { terminalNo: '8800000015', edition: 'watch' });
    expect(watch).toMatchObject({ flag: 1, obj: { terminalNo: '8800000015', edition: 'watch' } });
    // the IMEI keeps its leading zero: it is the device's own number, not a zero-padded phone number
    expect(await server.store.fleet.terminalAuth('058710040000019')).toMatchObject({ protocol: 'gt06' });
    expect(await server.store.fleet.terminalAuth('8800000015')).toMatchObject({ protocol: 'watch' });
    const options = await admin.get<{ editions: string[]; editionNames: Record<string, string> }>(`${API}/terminal/options.json`);
    expect(options.obj.editions).toEqual(['2011', '2013', '2019', 'gt06', 'watch']);
    expect(options.obj.editionNames.watch).toBe('手表协议');
  });

  it('binds a free vehicle and a free terminal of one customer, one terminal per vehicle', async () => {
    const t = (await addTerminal(admin, { terminalNo: '013700000010' })).obj;
    const v = (await addVehicle(admin, { plateNo: '京D40001' })).obj;
    const busy = (await vehicles(admin, { bound: '1' })).obj.list[0]!;
    const theirs = (await vehicles(other, { bound: '1' })).obj.list[0]!;
    expect(await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: busy.id, terminalId: t.id })).toMatchObject({ flag: 400, msg: `车辆已绑定终端 ${busy.terminalNo}，请先解绑` });
    expect(await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: v.id, terminalId: busy.terminalId })).toMatchObject({ flag: 400, msg: `终端已绑定 ${busy.plateNo}，请先解绑` });
    expect(await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: v.id, terminalId: theirs.terminalId })).toMatchObject({ flag: 404 });

    const candidates = await admin.get<Terminal[]>(`${API}/vehicle/bindableTerminals.json`, { vehicleId: v.id, keyword: '1370000001' });
    expect(candidates.obj.map((c) => c.terminalNo)).toEqual(['013700000010']);
    expect(await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: v.id, terminalId: t.id })).toMatchObject({ flag: 1 });
    expect((await vehicles(admin, { keyword: '京D40001' })).obj.list[0]).toMatchObject({ terminalNo: '013700000010' });
    expect(await admin.postJson(`${API}/terminal/unbind.json`, { terminalId: t.id })).toMatchObject({ flag: 1 });
    expect(await admin.postJson(`${API}/vehicle/unbind.json`, { vehicleId: v.id })).toMatchObject({ flag: 400, msg: '车辆未绑定终端' });
    // a terminal bound to nothing is not said to lack a vehicle: it may serve a person, a pet or an e-bike
    expect(await admin.postJson(`${API}/terminal/unbind.json`, { terminalId: t.id })).toMatchObject({ flag: 400, msg: '终端未绑定资产' });
    expect(await admin.postJson(`${API}/terminal/bind.json`, { terminalId: t.id, vehicleId: v.id })).toMatchObject({ flag: 1 });
  });

  it('transfers vehicles with their terminals to a customer below, clearing or mapping the group', async () => {
    const child = await server.store.org.createTenant('下级客户甲', ids.demo);
    const childGroup = await server.store.fleet.ensureGroup(child.id, null, '甲车队');
    const v = (await addVehicle(admin, { plateNo: '京E50001' })).obj;
    const t = (await addTerminal(admin, { terminalNo: '013700000020' })).obj;
    await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: v.id, terminalId: t.id });

    expect(await admin.postJson(`${API}/vehicle/transfer.json`, { ids: [v.id], tenantId: ids.other })).toMatchObject({ flag: 404, msg: '客户不存在' });
    expect(await admin.postJson(`${API}/vehicle/transfer.json`, { ids: [v.id], tenantId: ids.demo })).toMatchObject({ flag: 400, msg: '车辆 京E50001 已属于该客户' });
    const wrongGroup = (await vehicles(admin)).obj.list.find((x) => x.groupId !== null)!.groupId;
    expect(await admin.postJson(`${API}/vehicle/transfer.json`, { ids: [v.id], tenantId: child.id, groupId: wrongGroup })).toMatchObject({ flag: 400, msg: '车组不属于该客户' });
    const moved = await admin.postJson(`${API}/vehicle/transfer.json`, { ids: [v.id], tenantId: child.id, groupId: childGroup });
    expect(moved).toMatchObject({ flag: 1, obj: { vehicles: 1, terminals: 1 } });
    expect((await vehicles(admin, { keyword: '京E50001' })).obj.list[0]).toMatchObject({ tenantName: '下级客户甲', groupName: '甲车队', terminalNo: '013700000020' });
    expect((await terminals(admin, { tenantId: child.id })).obj.list).toEqual([expect.objectContaining({ terminalNo: '013700000020', plateNo: '京E50001' })]);

    // back by the terminal: the vehicle follows; a plate the target has already blocks it
    const clash = (await addVehicle(admin, { plateNo: '京E50002' })).obj;
    await addVehicle(admin, { plateNo: '京E50002', tenantId: child.id });
    expect(await admin.postJson(`${API}/vehicle/transfer.json`, { ids: [clash.id], tenantId: child.id })).toMatchObject({ flag: 400, msg: '车牌号 京E50002 在目标客户中已存在' });
    expect(await admin.postJson(`${API}/terminal/transfer.json`, { ids: [t.id], tenantId: ids.demo })).toMatchObject({ flag: 1, obj: { vehicles: 1, terminals: 1 } });
    expect((await vehicles(admin, { keyword: '京E50001' })).obj.list[0]).toMatchObject({ tenantId: ids.demo, groupId: null, terminalNo: '013700000020' });
  });

  it('renews by months from today when expired, or to a date, and refuses bad renewals', async () => {
    const v = (await addVehicle(admin, { plateNo: '京F60001', expiryDate: '2020-01-31' })).obj;
    expect(v.expired).toBe(true);
    expect((await vehicles(admin, { expired: '1' })).obj.list.map((x) => x.plateNo)).toContain('京F60001');
    expect(await admin.postJson(`${API}/vehicle/renew.json`, { ids: [v.id] })).toMatchObject({ flag: 400, msg: '请填写续费月数或到期日期' });
    expect(await admin.postJson(`${API}/vehicle/renew.json`, { ids: [v.id], until: '2020-02-01' })).toMatchObject({ flag: 400, msg: '到期日期不能早于今天' });
    expect(await admin.postJson(`${API}/vehicle/renew.json`, { ids: [v.id], months: 0 })).toMatchObject({ flag: 400 });
    const renewed = await admin.postJson<{ list: { expiryDate: string; expired: boolean }[] }>(`${API}/vehicle/renew.json`, { ids: [v.id], months: 12 });
    const today = new Date(Date.now() + 8 * 3600_000);
    const expected = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
    expect(renewed.obj.list[0]).toEqual({ id: v.id, plateNo: '京F60001', expiryDate: expected, expired: false });
    // an active service is extended from its expiry date
    await admin.postJson(`${API}/vehicle/renew.json`, { ids: [v.id], until: '2030-01-31' });
    const again = await admin.postJson<{ list: { expiryDate: string }[] }>(`${API}/vehicle/renew.json`, { ids: [v.id], months: 1 });
    expect(again.obj.list[0]!.expiryDate).toBe('2030-02-28');

    const loose = (await addTerminal(admin, { terminalNo: '013700000030' })).obj;
    expect(await admin.postJson(`${API}/terminal/renew.json`, { ids: [loose.id], months: 1 })).toMatchObject({ flag: 400, msg: '终端 013700000030 未绑定车辆，无法续费' });
  });
});

describe('scope of a group-scoped user', () => {
  it('sees and changes only vehicles of its groups', async () => {
    const groups = await server.store.fleet.groups(ids.demo);
    const fleet = groups.find((g) => g.name === '北京车队')!;
    const scoped = await userWith(server.app, server.store, { account: 'beijing-only', tenantId: ids.demo, resourceIds: [1240, 124001, 124002, 1260, 126001] });
    await server.store.db.insertInto('user_groups').values({ user_id: scoped.userId!, group_id: fleet.id }).execute();
    const seen = await vehicles(scoped, { pageSize: 100 });
    expect(seen.obj.list.length).toBeGreaterThan(0);
    expect(seen.obj.list.every((v) => v.groupName === '北京车队')).toBe(true);
    const outside = (await vehicles(admin, { pageSize: 100 })).obj.list.find((v) => v.groupId !== fleet.id)!;
    expect(await scoped.postJson(`${API}/vehicle/update.json`, { id: outside.id, plateNo: outside.plateNo })).toMatchObject({ flag: 404 });
    expect(await addVehicle(scoped, { plateNo: '京G70001' })).toMatchObject({ flag: 400, msg: '请选择车组' });
    expect(await addVehicle(scoped, { plateNo: '京G70001', groupId: fleet.id })).toMatchObject({ flag: 1, obj: { groupName: '北京车队' } });
    expect(await scoped.postJson(`${API}/group/add.json`, { name: '顶级' })).toMatchObject({ flag: 403 });
    const tree = await scoped.get<{ tenantName: string; groups: { name: string }[] }[]>(`${API}/group/tree.json`);
    expect(tree.obj).toEqual([expect.objectContaining({ tenantName: '天路演示', groups: [expect.objectContaining({ name: '北京车队' })] })]);
  });
});

describe('people, pets and e-bikes are not called vehicles in the answers', () => {
  it('names the group and the asset of a person, a pet and an e-bike in their words; a vehicle’s stay 车组 and 车辆', async () => {
    const missingGroup = 999_999;
    for (const [assetKind, plateNo] of [['person', '王五'], ['pet', '豆豆'], ['ebike', '粤B·D39999']] as const) {
      expect(await addVehicle(admin, { plateNo, assetKind, plateColor: 0, groupId: missingGroup })).toMatchObject({ flag: 404, msg: '分组不存在' });
      expect(await vehicles(admin, { assetKind, groupId: missingGroup })).toMatchObject({ flag: 404, msg: '分组不存在' });
    }
    expect(await addVehicle(admin, { plateNo: '京G79999', groupId: missingGroup })).toMatchObject({ flag: 404, msg: '车组不存在' });
    expect(await admin.postJson(`${API}/vehicle/update.json`, { id: 999_999, plateNo: '王五', assetKind: 'person' })).toMatchObject({ flag: 404, msg: '人员不存在' });

    const person = (await addVehicle(admin, { plateNo: '王五', assetKind: 'person', plateColor: 0 })).obj;
    const pet = (await addVehicle(admin, { plateNo: '豆豆', assetKind: 'pet', plateColor: 0 })).obj;
    const badge = (await addTerminal(admin, { terminalNo: '868710040009911', edition: 'watch' })).obj;
    const collar = (await addTerminal(admin, { terminalNo: '868710040009912', edition: 'watch' })).obj;
    expect(await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: person.id, terminalId: badge.id })).toMatchObject({ flag: 1 });
    expect(await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: person.id, terminalId: collar.id })).toMatchObject({ flag: 400, msg: '人员已绑定终端 868710040009911，请先解绑' });
    expect(await admin.postJson(`${API}/vehicle/bind.json`, { vehicleId: pet.id, terminalId: badge.id })).toMatchObject({ flag: 400, msg: '终端已绑定 王五，请先解绑' });
    expect(await admin.postJson(`${API}/vehicle/unbind.json`, { vehicleId: pet.id })).toMatchObject({ flag: 400, msg: '宠物未绑定终端' });
    expect(await admin.postJson(`${API}/vehicle/transfer.json`, { ids: [person.id], tenantId: ids.demo })).toMatchObject({ flag: 400, msg: '人员 王五 已属于该客户' });

    const scoped = await userWith(server.app, server.store, { account: 'people-in-groups', tenantId: ids.demo, resourceIds: [1240, 124001, 1241, 124101] });
    const fleet = (await server.store.fleet.groups(ids.demo)).find((g) => g.name === '北京车队')!;
    await server.store.db.insertInto('user_groups').values({ user_id: scoped.userId!, group_id: fleet.id }).execute();
    expect(await addVehicle(scoped, { plateNo: '赵六', assetKind: 'person', plateColor: 0 })).toMatchObject({ flag: 400, msg: '请选择分组' });
  });
});
