import {
  API, createTestServer, demoTenantClients, download, sheetRows, tenantIds, upload, userWith, workbook, type ApiClient, type TestServer,
} from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../sdk/pagination';
import { MediaApi, MonitorApi, PlatformApi } from '../../../sdk/contracts';

interface Asset {
  id: number;
  plateNo: string;
  assetKind: string;
  tenantId: number;
  profile: Record<string, string | number>;
}
interface Preview {
  token: string | null;
  total: number;
  valid: number;
  invalid: number;
  rows: { row: number; errors: string[] }[];
}

let server: TestServer;
let admin: ApiClient;
let ids: { demo: number; other: number };

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2, simAssets: true } });
  ({ admin } = await demoTenantClients(server.app));
  ids = await tenantIds(server.store);
});
afterAll(() => server.close());

const list = (client: ApiClient, query: Record<string, string | number> = {}) => client.get<Page<Asset>>(`${API}/vehicle/list.json`, { pageSize: 100, ...query });
const add = (client: ApiClient, body: object) => client.postJson<Asset>(`${API}/vehicle/add.json`, body);
/** The smallest PNG: a 1×1 transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('assets of every kind', () => {
  it('keeps a person’s fields, checks them in Chinese and finds the person by employee number', async () => {
    expect(await add(admin, { plateNo: '赵敏', assetKind: 'person', profile: { phone: '12345' } })).toMatchObject({ flag: 400, msg: '手机号格式不正确，应为 11 位手机号' });
    expect(await add(admin, { plateNo: '赵敏', assetKind: 'person', profile: { employeeNo: '工号1' } })).toMatchObject({ flag: 400, msg: '工号只能包含字母、数字、- 和 _' });
    expect(await add(admin, { plateNo: '', assetKind: 'person' })).toMatchObject({ flag: 400, msg: '姓名不能为空' });
    expect((await list(admin, { keyword: '赵敏' })).obj.total).toBe(0);

    const created = await add(admin, { plateNo: '赵敏', assetKind: 'person', profile: { employeeNo: 'e0042', department: '质检部', phone: '13912345678', unknown: 'x' } });
    expect(created).toMatchObject({ flag: 1, obj: { assetKind: 'person', profile: { employeeNo: 'E0042', department: '质检部', phone: '13912345678' } } });
    expect(created.obj.profile).not.toHaveProperty('unknown');
    expect(await add(admin, { plateNo: '赵敏', assetKind: 'person' })).toMatchObject({ flag: 400, msg: '姓名已存在' });
    expect((await list(admin, { keyword: 'E0042' })).obj.list.map((a) => a.plateNo)).toEqual(['赵敏']);
    expect((await list(admin, { keyword: '质检部', assetKind: 'person' })).obj.list.map((a) => a.plateNo)).toContain('赵敏');

    const edited = await admin.postJson<Asset>(`${API}/vehicle/update.json`, { id: created.obj.id, plateNo: '赵敏', profile: { employeeNo: 'E0042', department: '仓储部', phone: '' } });
    expect(edited).toMatchObject({ flag: 1, obj: { assetKind: 'person', profile: { employeeNo: 'E0042', department: '仓储部' } } });
    expect(edited.obj.profile).not.toHaveProperty('phone');
  });

  it('tells 人员监控 each person’s 部门, and nothing of the kind for vehicles', async () => {
    type Item = { plateNo: string; assetKind: string; department?: string };
    const monitor = (assetKind: string) => admin.get<Page<Item>>(MonitorApi.list.path, { pageSize: 1000, assetKind });
    const people = (await monitor('person')).obj.list;
    expect(people.find((p) => p.plateNo === '王建国')?.department).toBe('生产部');
    expect(people.every((p) => typeof p.department === 'string')).toBe(true);
    expect((await monitor('vehicle')).obj.list.every((v) => v.department === undefined)).toBe(true);
  });

  it('counts in a sub-application’s 概览 only the kinds it asks for, as many as its monitor lists', async () => {
    type Overview = { assets: { total: number; online: number; offline: number; alarm: number } };
    const overview = (platformId: number, assetKinds?: string) => admin.get<Overview>(PlatformApi.overview.path, { platformId, ...(assetKinds && { assetKinds }) });
    const listed = async (assetKind: string) => (await admin.get<Page<Asset>>(MonitorApi.list.path, { pageSize: 1000, assetKind })).obj.total;
    const vehicles = (await overview(8, 'vehicle')).obj.assets;
    expect(vehicles.total).toBe(await listed('vehicle'));
    expect(vehicles.online + vehicles.offline).toBe(vehicles.total);
    expect((await overview(13, 'pet')).obj.assets.total).toBe(await listed('pet'));
    const all = (await overview(8)).obj.assets.total;
    expect(all).toBe((await listed('vehicle')) + (await listed('person')) + (await listed('pet')) + (await listed('ebike')));
    expect((await overview(18, 'ebike,pet')).obj.assets.total).toBe((await listed('ebike')) + (await listed('pet')));
    expect(await overview(8, 'robot')).toMatchObject({ flag: 400, msg: '资产类型 robot 不存在' });
  });

  it('lists in a kind’s group tree only the groups holding assets of the kind', async () => {
    interface Node { name: string; counts: { all: number }; children: Node[] }
    const nodes = (list: Node[]): Node[] => list.flatMap((n) => [n, ...nodes(n.children)]);
    const tree = async (assetKind: string) => nodes((await admin.get<Node[]>(MonitorApi.tree.path, { assetKind })).obj);
    const pets = await tree('pet');
    expect(pets.map((n) => n.name)).toEqual(['宠物守护']);
    const vehicles = await tree('vehicle');
    // the two demo vehicles drive in 北京 and 上海: 天津车队 holds none and is left out
    expect(vehicles.map((n) => n.name)).toEqual(expect.arrayContaining(['天路演示车队', '华北区域', '北京车队', '上海车队']));
    expect(vehicles.map((n) => n.name)).not.toContain('天津车队');
    expect(vehicles.every((n) => n.counts.all > 0)).toBe(true);
    expect(nodes((await admin.get<Node[]>(MonitorApi.tree.path)).obj).map((n) => n.name)).toContain('天津车队');
  });

  it('checks a pet’s species, sex and birthday and an e-bike’s battery', async () => {
    expect(await add(admin, { plateNo: '团团', assetKind: 'pet', profile: { species: '兔' } })).toMatchObject({ flag: 400, msg: '种类不正确（狗、猫、其他）' });
    expect(await add(admin, { plateNo: '团团', assetKind: 'pet', profile: { birthday: '2099-01-01' } })).toMatchObject({ flag: 400, msg: '生日不能晚于今天' });
    expect(await add(admin, { plateNo: '团团', assetKind: 'pet', profile: { photo: 'http://elsewhere/x.png' } })).toMatchObject({ flag: 400, msg: '照片请通过上传设置' });
    const pet = await add(admin, { plateNo: '团团', assetKind: 'pet', profile: { species: '猫', sex: '母', birthday: '2024/03/09', breed: '英短', ownerPhone: '13700001111' } });
    expect(pet).toMatchObject({ flag: 1, obj: { profile: { species: '猫', sex: '母', birthday: '2024-03-09', breed: '英短', ownerPhone: '13700001111' } } });

    expect(await add(admin, { plateNo: '深圳E12345', assetKind: 'ebike', profile: { batteryCapacity: '500' } })).toMatchObject({
      flag: 400, msg: '电池容量必须是 1 到 200 之间的整数（Ah）',
    });
    expect(await add(admin, { plateNo: '深圳E12345', assetKind: 'ebike', profile: { batteryVoltage: '50' } })).toMatchObject({ flag: 400, msg: '电池电压不正确（36、48、60、72）' });
    const ebike = await add(admin, { plateNo: '深圳E12345', assetKind: 'ebike', profile: { brand: '雅迪', frameNo: 'yd2026a0001', batteryVoltage: '48', batteryCapacity: 20 } });
    expect(ebike).toMatchObject({ flag: 1, obj: { profile: { brand: '雅迪', frameNo: 'YD2026A0001', batteryVoltage: '48', batteryCapacity: 20 } } });
    expect((await list(admin, { assetKind: 'ebike', keyword: 'YD2026' })).obj.list.map((a) => a.plateNo)).toEqual(['深圳E12345']);
    expect(await list(admin, { assetKind: 'robot' })).toMatchObject({ flag: 400, msg: '资产类型不正确（车辆、人员、宠物、电动车）' });
  });

  it('gives each kind its own page: a role with 人员管理 only sees and changes people', async () => {
    const hr = await userWith(server.app, server.store, {
      account: 'hr-kinds', tenantId: ids.demo, resourceIds: [1241, 124101, 124102, 124108],
    });
    const people = await list(hr);
    expect(people.flag).toBe(1);
    expect(people.obj.total).toBeGreaterThan(0);
    expect(people.obj.list.every((a) => a.assetKind === 'person')).toBe(true);
    // the demo's badges are people with their employee number and department
    expect(people.obj.list.find((a) => a.plateNo === '王建国')?.profile).toMatchObject({ employeeNo: 'E1001', department: '生产部' });
    expect(await list(hr, { assetKind: 'vehicle' })).toMatchObject({ flag: 403 });
    expect(await add(hr, { plateNo: '京A54321' })).toMatchObject({ flag: 403, msg: '无权限操作车辆' });
    expect(await add(hr, { plateNo: '钱多多', assetKind: 'person', profile: { department: '行政部' } })).toMatchObject({ flag: 1 });
    const aVehicle = (await list(admin, { assetKind: 'vehicle' })).obj.list[0]!;
    expect(await hr.postJson(`${API}/vehicle/update.json`, { id: aVehicle.id, plateNo: aVehicle.plateNo, assetKind: 'person' })).toMatchObject({ flag: 403 });
    expect(await hr.postJson(`${API}/vehicle/delete.json`, { ids: [aVehicle.id] })).toMatchObject({ flag: 403 });
    expect((await list(admin, { assetKind: 'vehicle' })).obj.list.find((a) => a.id === aVehicle.id)?.assetKind).toBe('vehicle');

    const sheet = await download(server.app, hr, 'POST', `${API}/vehicle/export.json`, { assetKind: 'person' });
    const rows = await sheetRows(sheet.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['姓名', '工号', '部门', '手机号']);
    expect(rows.some((r) => r[0] === '钱多多' && r[2] === '行政部')).toBe(true);
  });

  it('imports people from their own template, row by row', async () => {
    const template = await download(server.app, admin, 'GET', `${API}/person/importTemplate.json`);
    const headers = (await sheetRows(template.rawPayload))[0]!;
    expect(headers).toEqual(['姓名*', '工号', '部门', '手机号', '分组', '到期日期']);
    const file = await workbook(headers, [
      ['孙悟空', 'E1001', '安保部', '13800001111', '', ''],
      ['猪八戒', 'E1002', '', '123', '', ''],
      ['孙悟空', 'E1003', '', '', '', ''],
    ]);
    const preview = await upload<Preview>(server.app, admin, `${API}/person/importPreview.json`, '人员.xlsx', file);
    expect(preview).toMatchObject({ flag: 1, obj: { total: 3, valid: 1, invalid: 2 } });
    expect(preview.obj.rows[1]!.errors).toEqual(['第 3 行：手机号格式不正确，应为 11 位手机号']);
    expect(preview.obj.rows[2]!.errors).toEqual(['第 4 行：姓名与第 2 行重复']);
    expect(await admin.postJson(`${API}/person/importConfirm.json`, { token: preview.obj.token })).toMatchObject({ flag: 1, obj: { imported: 1 } });
    expect((await list(admin, { keyword: '孙悟空' })).obj.list).toEqual([expect.objectContaining({ assetKind: 'person', profile: { employeeNo: 'E1001', department: '安保部', phone: '13800001111' } })]);
  });

  it('stores an uploaded photo, serves it back and refuses what is not an image', async () => {
    const res = await upload<{ url: string }>(server.app, admin, MediaApi.upload.path, '头像.png', PNG);
    expect(res).toMatchObject({ flag: 1, obj: { url: expect.stringMatching(/^\/car\/v1\/api\/media\/[0-9a-f]{32}\.png$/) } });
    const served = await server.app.inject({ method: 'GET', url: res.obj.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    const person = await add(admin, { plateNo: '唐僧', assetKind: 'person', profile: { photo: res.obj.url } });
    expect(person).toMatchObject({ flag: 1, obj: { profile: { photo: res.obj.url } } });

    expect(await upload(server.app, admin, MediaApi.upload.path, '照片.png', Buffer.from('<script>alert(1)</script>'))).toMatchObject({
      flag: 400, msg: '只能上传 JPG、PNG 或 WebP 格式的图片',
    });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(server.app, admin, MediaApi.upload.path, '大.png', big)).toMatchObject({ flag: 400, msg: '图片不能超过 2 MB' });
    // a photo's address beside the upload's, under a name nothing was stored as
    expect((await server.app.inject({ method: 'GET', url: MediaApi.upload.path.replace('upload.json', '00000000000000000000000000000000.png') })).json()).toMatchObject({ flag: 404 });
    const viewer = await userWith(server.app, server.store, { account: 'viewer-kinds', tenantId: ids.demo, resourceIds: [1241] });
    expect(await upload(server.app, viewer, MediaApi.upload.path, '头像.png', PNG)).toMatchObject({ flag: 403 });
  });
});

describe('pages added after roles existed', () => {
  it('grants 人员管理 to the roles that held 车辆管理, button by button', async () => {
    const role = await server.store.org.ensureRole(ids.demo, '老角色');
    await server.store.org.grantPlatforms(role.id, [12]);
    await server.store.org.grantResources(role.id, [1240, 124001]);
    await server.store.db.deleteFrom('resources').where('id', 'in', [1241, 124101, 124102]).execute();
    await server.store.catalogue.ensureCatalogue();
    const held = await Promise.all([1241, 124101, 124102].map((id) => server.store.catalogue.roleHasResource(role.id, id)));
    expect(held).toEqual([true, true, false]);
  });
});
