import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demoTenantClients } from '../../testing/api-client';
import { addScopedUser } from '../../testing/scoped-users';
import { createTestServer, type TestServer } from '../../testing/test-server';
import type { ResourceItem } from '../../../sdk/services/permission-service';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
  ({ admin, other } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

function ids(items: ResourceItem[]): number[] {
  return items.flatMap((i) => [i.id, ...ids(i.children ?? [])]).filter((id) => id !== 0);
}

const flatItems = (items: ResourceItem[]): ResourceItem[] => items.flatMap((i) => [i, ...flatItems(i.children ?? [])]);

const newList = (client: ApiClient) => client.get<ResourceItem[]>('/car/v1/api/resource/newList.json', { version: 'v4', from: 'carWeb4' });

describe('resource lists', () => {
  it('gives the demo admin every platform group with menus and buttons', async () => {
    const res = await newList(admin);
    expect(res.flag).toBe(1);
    expect(res.obj.map((g) => g.name)).toEqual(['系统中心', '智能车联', '智能工牌', '系统管理', '宠物守护', '数据中心', '电动车卫士', '数据报表', '电动车租赁', '新国标']);
    expect(res.obj.every((g) => g.id === 0 && (g.children?.length ?? 0) > 0)).toBe(true);
    const car = res.obj.find((g) => g.platformId === 8)!;
    const command = car.children!.find((c) => c.id === 8400)!;
    expect(command).toMatchObject({ name: '指令下发', path: '/car/command', type: 1 });
    expect(command.children).toEqual([expect.objectContaining({ id: 840001, name: '下发指令', type: 3 }), expect.objectContaining({ id: 840002, name: '危险指令', type: 3 })]);
    const centre = res.obj[0]!;
    expect(centre.children!.find((c) => c.id === 4003)!.children!.map((c) => c.id)).toEqual([400301, 400302, 400305, 400306, 400303, 400304, 400307]);
    // 电动车卫士's monitor is named for its e-bikes, not 车辆监控
    expect(res.obj.find((g) => g.platformId === 18)!.children!.find((c) => c.id === 1802)).toMatchObject({ name: '电动车监控', path: '/elec-car/monitor' });
  });

  it('gives the other tenant only car, system, data-report and the centre', async () => {
    const res = await newList(other);
    expect(res.obj.map((g) => g.platformId)).toEqual([0, 8, 12, 20]);
    const granted = ids(res.obj);
    expect(granted).toContain(2030);
    expect(granted).toContain(840001);
    expect(granted).not.toContain(1101);
    expect(granted).not.toContain(2601);
  });

  it('gives every role the centre pages but the tenant settings (设置) only when granted', async () => {
    const tenant = (await server.store.org.findTenantByName('天路演示'))!;
    await addScopedUser(server.store, { tenantId: tenant.id, account: 'viewer', password: 'Viewer@123', role: '只看监控', platformIds: [8], resourceIds: [8100] });
    const viewer = new ApiClient(server.app);
    expect((await viewer.login('viewer', 'Viewer@123')).flag).toBe(1);
    const centre = (await newList(viewer)).obj.find((g) => g.platformId === 0)!;
    expect(ids([centre])).toEqual([4002, 4001, 1601]);
    expect((await viewer.postJson('/car/v4/api/health/threshold/updateHealthThreshold.json', { heartRateMin: 50, heartRateMax: 120, temperatureMax: 37.3, stepGoal: 8000 })).flag).toBe(403);

    await addScopedUser(server.store, { tenantId: tenant.id, account: 'setter', password: 'Setter@123', role: '告警设置员', platformIds: [8], resourceIds: [8100, 400301] });
    const setter = new ApiClient(server.app);
    expect((await setter.login('setter', 'Setter@123')).flag).toBe(1);
    const withSettings = (await newList(setter)).obj.find((g) => g.platformId === 0)!;
    expect(withSettings.children!.find((c) => c.id === 4003)!.children!.map((c) => c.id)).toEqual([400301]);
  });

  it('lists the whole catalogue in list.json for anyone logged in', async () => {
    const all = ids((await other.get<ResourceItem[]>('/car/v1/api/resource/list.json')).obj);
    expect(all).toEqual(expect.arrayContaining([4002, 4001, 1601, 4003, 8001, 840001, 1101, 1280, 1301, 1701, 1801, 2010, 2301, 2601]));
  });

  it('brings the side nav icons into a database written before them at the next start, grants untouched', async () => {
    await server.store.db.updateTable('resources').set({ icon: 'Home' }).where('id', 'in', [8001, 2301]).execute();
    await server.store.db.updateTable('resources').set({ icon: 'PersonKey' }).where('id', '=', 1230).execute();
    const before = ids((await newList(other)).obj);
    await server.store.catalogue.ensureCatalogue();
    const icons = new Map(flatItems((await other.get<ResourceItem[]>('/car/v1/api/resource/list.json')).obj).map((i) => [i.id, i.icon]));
    expect([8001, 2301, 1230].map((id) => icons.get(id))).toEqual(['Board', 'Board', 'Person']);
    expect(ids((await newList(other)).obj)).toEqual(before);
  });
});

describe('platforms of a role', () => {
  it('answers the caller’s own role with the platforms it may enter', async () => {
    const me = await other.get<{ roleId: number }>('/car/v1/api/user/getUser.json');
    const res = await other.get<{ platformId: number; systemId: string; title: string; path: string }[]>('/car/v1/api/platform/getPlatformByRoleId.json', {
      roleId: me.obj.roleId,
    });
    expect(res.obj).toEqual([
      { platformId: 8, systemId: 'car', title: '智能车联', path: '/car/' },
      { platformId: 12, systemId: 'system', title: '系统管理', path: '/system/' },
      { platformId: 20, systemId: 'data-report', title: '数据报表', path: '/data-report/' },
    ]);
  });

  it('refuses another role with 403', async () => {
    const adminUser = await admin.get<{ roleId: number }>('/car/v1/api/user/getUser.json');
    const res = await other.get('/car/v1/api/platform/getPlatformByRoleId.json', { roleId: adminUser.obj.roleId });
    expect(res.flag).toBe(403);
  });

  it('gives the admin all nine platforms', async () => {
    const me = await admin.get<{ roleId: number }>('/car/v1/api/user/getUser.json');
    const res = await admin.get<{ title: string }[]>('/car/v1/api/platform/getPlatformByRoleId.json', { roleId: me.obj.roleId });
    expect(res.obj.map((p) => p.title)).toEqual(['智能车联', '智能工牌', '系统管理', '宠物守护', '数据中心', '电动车卫士', '数据报表', '电动车租赁', '新国标']);
  });

  it('answers an overview only for granted platforms', async () => {
    const car = await other.get<{ title: string; assets: object; menus: ResourceItem[] }>('/car/v1/api/platform/overview.json', { platformId: 8 });
    expect(car.obj).toMatchObject({ title: '智能车联', assets: { total: 5, online: 0, offline: 5, alarm: 0 } });
    expect(car.obj.menus.map((m) => m.id)).toEqual([8001, 8100, 8200, 8300, 8400, 8500]);
    expect((await other.get('/car/v1/api/platform/overview.json', { platformId: 13 })).flag).toBe(403);
  });
});
