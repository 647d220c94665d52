import { API, createTestServer, demoTenantClients, tenantIds, type ApiClient, type TestServer } from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupNode, TenantGroups } from '../../../sdk/system-admin';

type Node = GroupNode;

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let ids: { demo: number; other: number };

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 3 } });
  ({ admin, other } = await demoTenantClients(server.app));
  ids = await tenantIds(server.store);
});
afterAll(() => server.close());

const tree = async (client: ApiClient) => (await client.get<TenantGroups[]>(`${API}/group/tree.json`)).obj;
const add = (client: ApiClient, body: object) => client.postJson<{ id: number }>(`${API}/group/add.json`, body);
const move = (client: ApiClient, id: number, parentId: number | null) => client.postJson(`${API}/group/move.json`, { id, parentId });

function find(nodes: Node[], name: string): Node | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const inner = find(n.children, name);
    if (inner) return inner;
  }
  return undefined;
}

describe('车组管理', () => {
  it('shows each customer’s tree with vehicle counts including subgroups', async () => {
    const mine = await tree(admin);
    expect(mine[0]!.tenantName).toBe('天路演示');
    expect(mine.map((t) => t.tenantName)).not.toContain('其他公司');
    const root = mine[0]!.groups.find((g) => g.name === '天路演示车队')!;
    expect(root.totalCount).toBe(3);
    expect(find(root.children, '北京车队')).toMatchObject({ vehicleCount: 1 });
    expect((await tree(other)).map((t) => t.tenantName)).toEqual(['其他公司']);
  });

  it('creates groups with unique sibling names and moves them without cycles', async () => {
    const a = (await add(admin, { name: '甲组' })).obj.id;
    const b = (await add(admin, { name: '乙组', parentId: a })).obj.id;
    const c = (await add(admin, { name: '丙组', parentId: b })).obj.id;
    expect(await add(admin, { name: '乙组', parentId: a })).toMatchObject({ flag: 400, msg: '同级车组中已有同名车组' });
    expect(await add(admin, { name: '  ' })).toMatchObject({ flag: 400, msg: '车组名称不能为空' });

    expect(await move(admin, a, c)).toMatchObject({ flag: 400, msg: '不能移动到自己的下级车组' });
    expect(await move(admin, a, a)).toMatchObject({ flag: 400, msg: '不能移动到自己的下级车组' });
    expect(await move(admin, c, null)).toMatchObject({ flag: 1 });
    expect(find((await tree(admin))[0]!.groups, '丙组')).toMatchObject({ parentId: null });
    expect(await move(admin, b, c)).toMatchObject({ flag: 1 });
    const after = (await tree(admin))[0]!.groups;
    expect(after.find((g) => g.name === '丙组')!.children.map((g) => g.name)).toEqual(['乙组']);
    expect(find(after, '甲组')!.children).toEqual([]);

    // a same-named group already at the target
    const d = (await add(admin, { name: '乙组', parentId: a })).obj.id;
    expect(await move(admin, d, c)).toMatchObject({ flag: 400, msg: '目标位置已有同名车组“乙组”' });
    expect(await admin.postJson(`${API}/group/rename.json`, { id: d, name: '丁组' })).toMatchObject({ flag: 1 });
    expect(await move(admin, d, c)).toMatchObject({ flag: 1 });
  });

  it('refuses another customer’s groups and moves across customers', async () => {
    const theirs = (await tree(other))[0]!.groups[0]!;
    const mine = (await add(admin, { name: '戊组' })).obj.id;
    expect(await move(admin, mine, theirs.id)).toMatchObject({ flag: 404 });
    expect(await move(other, theirs.id, mine)).toMatchObject({ flag: 404 });
    expect(await other.postJson(`${API}/group/rename.json`, { id: mine, name: 'x' })).toMatchObject({ flag: 404 });
    expect(await other.postJson(`${API}/group/delete.json`, { id: mine })).toMatchObject({ flag: 404 });
    expect(await add(other, { name: '子组', parentId: mine })).toMatchObject({ flag: 404 });
    expect(await add(admin, { name: '外组', tenantId: ids.other })).toMatchObject({ flag: 404 });
    const child = await server.store.org.createTenant('下级客户乙', ids.demo);
    const childGroup = (await add(admin, { name: '乙车队', tenantId: child.id })).obj.id;
    expect(await move(admin, mine, childGroup)).toMatchObject({ flag: 400, msg: '只能在同一客户的车组之间移动' });
  });

  it('deletes only empty groups and assigns vehicles to groups', async () => {
    const top = (await add(admin, { name: '己组' })).obj.id;
    const sub = (await add(admin, { name: '己子组', parentId: top })).obj.id;
    expect(await admin.postJson(`${API}/group/delete.json`, { id: top })).toMatchObject({ flag: 400, msg: '该车组下还有下级车组，不能删除' });
    const vehicles = await admin.get<{ list: { id: number; plateNo: string }[] }>(`${API}/group/vehicles.json`, { tenantId: ids.demo, pageSize: 2 });
    const picked = vehicles.obj.list.map((v) => v.id);
    expect(await admin.postJson(`${API}/group/assign.json`, { vehicleIds: picked, groupId: sub })).toMatchObject({ flag: 1, obj: { assigned: 2 } });
    const inSub = await admin.get<{ total: number }>(`${API}/group/vehicles.json`, { tenantId: ids.demo, groupId: sub });
    expect(inSub.obj.total).toBe(2);
    expect(await admin.postJson(`${API}/group/delete.json`, { id: sub })).toMatchObject({ flag: 400, msg: '该车组下还有 2 辆车，请先移出车辆' });
    const theirs = (await other.get<{ list: { id: number }[] }>(`${API}/vehicle/list.json`)).obj.list[0]!.id;
    expect(await admin.postJson(`${API}/group/assign.json`, { vehicleIds: [theirs], groupId: sub })).toMatchObject({ flag: 404 });
    await admin.postJson(`${API}/group/assign.json`, { vehicleIds: picked, groupId: null });
    expect(await admin.postJson(`${API}/group/delete.json`, { id: sub })).toMatchObject({ flag: 1 });
    expect(await admin.postJson(`${API}/group/delete.json`, { id: top })).toMatchObject({ flag: 1 });
    expect(find((await tree(admin))[0]!.groups, '己组')).toBeUndefined();
  });
});
