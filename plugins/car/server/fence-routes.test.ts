import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_TENANT, demoTenantClients, OTHER_TENANT, userWith, type ApiClient, type TestServer } from '../../../server/module/testing';
import type { Fence } from '../../../sdk/fence';
import { FenceApi } from '../../../sdk/contracts';

const LIST = FenceApi.list.path;
const SAVE = FenceApi.save.path;
const DELETE = FenceApi.delete.path;

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
const vehicles = new Map<string, number>();
const groups = new Map<string, number>();
let otherVehicle: number;

const square = [[121.46, 31.22], [121.48, 31.22], [121.48, 31.24], [121.46, 31.24]];

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 3 } });
  ({ admin, other } = await demoTenantClients(server.app));
  const demo = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  for (const g of await server.store.fleet.groups(demo.id)) groups.set(g.name, g.id);
  for (const no of ['13800000001', '13800000002']) vehicles.set(no, (await server.store.fleet.detail(demo.id, no))!.vehicleId!);
  const theirs = (await server.store.org.findTenantByName(OTHER_TENANT))!;
  otherVehicle = (await server.store.fleet.detail(theirs.id, '13900000001'))!.vehicleId!;
});
afterAll(() => server.close());

describe('fences (电子围栏)', () => {
  let id: number;

  it('saves a circle bound to a vehicle and a group and lists it', async () => {
    const saved = await admin.postJson<Fence>(SAVE, {
      name: '北京仓库', shape: 'circle', center: [116.397, 39.909], radius: 300, trigger: 'enter',
      vehicleIds: [vehicles.get('13800000001')], groupIds: [groups.get('上海车队')],
    });
    expect(saved.flag).toBe(1);
    id = saved.obj.id;
    expect(saved.obj).toEqual({
      id, name: '北京仓库', shape: 'circle', center: [116.397, 39.909], radius: 300, trigger: 'enter',
      vehicleIds: [vehicles.get('13800000001')], groupIds: [groups.get('上海车队')], createTime: expect.stringMatching(/\+08:00$/),
    });
    expect((await admin.get<Fence[]>(LIST)).obj).toEqual([saved.obj]);
    const demo = (await server.store.org.findTenantByName(DEMO_TENANT))!;
    expect((await server.store.audit.page({ tenantIds: [demo.id], keyword: '北京仓库', offset: 0, limit: 5 })).list[0]).toMatchObject({ action: '新增围栏' });
  });

  it('turns it into a polygon (a closing point is dropped) and rebinds it', async () => {
    const saved = await admin.postJson<Fence>(SAVE, { id, name: '上海园区', shape: 'polygon', points: [...square, square[0]], vehicleIds: [vehicles.get('13800000002')] });
    expect(saved.obj).toMatchObject({ id, name: '上海园区', shape: 'polygon', points: square, trigger: 'both', vehicleIds: [vehicles.get('13800000002')], groupIds: [] });
    expect(saved.obj).not.toHaveProperty('center');
    expect((await admin.get<Fence[]>(LIST)).obj).toHaveLength(1);
  });

  it('refuses bad shapes, names and bindings in Chinese and changes nothing', async () => {
    const before = (await admin.get<Fence[]>(LIST)).obj;
    await admin.postJson(SAVE, { name: '第二个', shape: 'circle', center: [113.26, 23.13], radius: 50 });
    const bad = async (body: object, flag: number, msg: string) => expect(await admin.postJson(SAVE, body)).toMatchObject({ flag, msg });
    await bad({ name: '  ', shape: 'circle', center: [116.4, 39.9], radius: 100 }, 400, '围栏名称不能为空');
    await bad({ name: '圆', shape: 'circle', center: [116.4, 39.9], radius: 5 }, 400, '半径必须在 10 到 100000 米之间');
    await bad({ name: '圆', shape: 'circle', radius: 100 }, 400, '圆心不能为空');
    await bad({ name: '圆', shape: 'circle', center: [200, 39.9], radius: 100 }, 400, '圆心超出范围：经度 -180 到 180，纬度 -90 到 90');
    await bad({ name: '三角', shape: 'polygon', points: square.slice(0, 2) }, 400, '多边形至少需要 3 个顶点');
    await bad({ name: '直线', shape: 'polygon', points: [[121, 31], [121.1, 31.1], [121.2, 31.2]] }, 400, '多边形的顶点不能重合或在一条直线上');
    await bad({ name: '星形', shape: 'star', center: [116.4, 39.9], radius: 100 }, 400, '围栏形状取值不正确');
    await bad({ id, name: '第二个', shape: 'polygon', points: square }, 400, '围栏名称已存在');
    await bad({ name: '越权', shape: 'polygon', points: square, vehicleIds: [otherVehicle] }, 404, '资产不存在');
    await bad({ id: 999999, name: '不存在', shape: 'polygon', points: square }, 404, '围栏不存在');
    const after = (await admin.get<Fence[]>(LIST)).obj;
    expect(after.find((f) => f.id === id)).toEqual(before.find((f) => f.id === id));
    expect(after.map((f) => f.name).sort()).toEqual(['上海园区', '第二个']);
  });

  it('keeps another tenant out', async () => {
    expect((await other.get<Fence[]>(LIST)).obj).toEqual([]);
    expect(await other.postJson(SAVE, { id, name: '抢走', shape: 'polygon', points: square })).toMatchObject({ flag: 404 });
    expect(await other.postJson(DELETE, { id })).toMatchObject({ flag: 404 });
    expect(await other.postJson(SAVE, { name: '绑别人的车', shape: 'polygon', points: square, vehicleIds: [vehicles.get('13800000001')] })).toMatchObject({ flag: 404 });
    expect((await admin.get<Fence[]>(LIST)).obj.find((f) => f.id === id)!.name).toBe('上海园区');
  });

  it('shows a group-scoped user only its bindings and keeps the others when it saves', async () => {
    const demo = (await server.store.org.findTenantByName(DEMO_TENANT))!;
    // 电子围栏 of 智能车联, seeing only 北京车队
    const beijing = await userWith(server.app, server.store, { account: 'bj_ops', tenantId: demo.id, resourceIds: [8500], groupIds: [groups.get('北京车队')!], platform: 8 });
    const seen = (await beijing.get<Fence[]>(LIST)).obj.find((f) => f.id === id)!;
    expect(seen.vehicleIds).toEqual([]);
    const saved = await beijing.postJson<Fence>(SAVE, { ...seen, vehicleIds: [vehicles.get('13800000001')] });
    expect(saved.obj.vehicleIds).toEqual([vehicles.get('13800000001')]);
    const whole = (await admin.get<Fence[]>(LIST)).obj.find((f) => f.id === id)!;
    expect(whole.vehicleIds.sort()).toEqual([vehicles.get('13800000001'), vehicles.get('13800000002')].sort());
  });

  it('deletes a fence', async () => {
    expect(await admin.postJson(DELETE, { id })).toMatchObject({ flag: 1, obj: { deleted: 1 } });
    expect((await admin.get<Fence[]>(LIST)).obj.map((f) => f.name)).toEqual(['第二个']);
    expect(await admin.postJson(DELETE, { id })).toMatchObject({ flag: 404, msg: '围栏不存在' });
  });
});
