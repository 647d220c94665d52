import { ApiClient, createTestServer, demoTenantClients, download, sheetRows, type TestServer } from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceItem } from '../../../sdk/services/permission-service';
import type { TenantNode } from '../../../sdk/system-admin';
import { DictionaryAdminApi, KernelApi, OperationLogApi, ResourceApi, RoleAdminApi, TenantAdminApi, UserAdminApi } from '../../../sdk/contracts';

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true });
  ({ admin, other } = await demoTenantClients(server.app));
});
afterAll(() => server.close());


function flatten(nodes: TenantNode[]): TenantNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

async function tenantIdOf(client: ApiClient, name: string): Promise<number> {
  const tree = await client.get<TenantNode[]>(TenantAdminApi.tree.path);
  const found = flatten(tree.obj).find((t) => t.name === name);
  if (!found) throw new Error(`no tenant ${name}`);
  return found.id;
}

async function loginAs(account: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(server.app);
  const res = await client.login(account, password);
  expect(res.flag, `${account}: ${res.msg}`).toBe(1);
  return client;
}

function resourceIds(items: ResourceItem[]): number[] {
  return items.flatMap((i) => [i.id, ...resourceIds(i.children ?? [])]).filter((id) => id !== 0);
}

const myResources = async (client: ApiClient) => resourceIds((await client.get<ResourceItem[]>(ResourceApi.mine.path, { version: 'v4', from: 'carWeb4' })).obj);

async function adminTenant() {
  return tenantIdOf(admin, '天路演示');
}

async function roleOf(client: ApiClient, tenantId: number, name: string): Promise<number> {
  const roles = await client.get<{ total: number; list: { id: number; name: string; tenantId: number }[] }>(RoleAdminApi.list.path, { tenantId, pageSize: 200 });
  const role = roles.obj.list.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

describe('客户管理: the tenant hierarchy', () => {
  it('shows a user its own tenant and those below it, never above or beside', async () => {
    const adminTree = await admin.get<TenantNode[]>(TenantAdminApi.tree.path);
    expect(adminTree.flag).toBe(1);
    expect(adminTree.obj.map((t) => t.name)).toEqual(['天路演示']);
    expect(adminTree.obj[0]!.children.map((t) => t.name)).toContain('演示物流公司');
    expect(adminTree.obj[0]).toMatchObject({ kind: 'platform', userCount: 1 });

    const otherNames = flatten((await other.get<TenantNode[]>(TenantAdminApi.tree.path)).obj).map((t) => t.name);
    expect(otherNames).toEqual(['其他公司']);

    const wuliu = await loginAs('wuliu', 'Wuliu@123');
    expect(flatten((await wuliu.get<TenantNode[]>(TenantAdminApi.tree.path)).obj).map((t) => t.name)).toEqual(['演示物流公司']);
  });

  it('creates an agent with its administrator and 管理员 role; a customer cannot have customers below it', async () => {
    const root = await adminTenant();
    const agent = await admin.postJson<{ id: number; adminUserId: number }>(TenantAdminApi.add.path, {
      parentId: root, name: '华东代理', kind: 'agent', contact: '王经理', phone: '13611112222', adminAccount: 'huadong', adminPassword: 'Huadong123', platformIds: [8, 12],
    });
    expect(agent.flag, agent.msg).toBe(1);
    const customer = await admin.postJson<{ id: number }>(TenantAdminApi.add.path, {
      parentId: agent.obj.id, name: '杭州运输', kind: 'customer', adminAccount: 'hzys', adminPassword: 'Hzys12345',
    });
    expect(customer.flag, customer.msg).toBe(1);

    const below = await admin.postJson(TenantAdminApi.add.path, { parentId: customer.obj.id, name: '杭州运输分部', kind: 'customer', adminAccount: 'hzfb', adminPassword: 'Hzfb12345' });
    expect(below).toMatchObject({ flag: 400, msg: '客户下不能再建下级客户，请选择平台或代理商' });
    expect((await admin.postJson(TenantAdminApi.add.path, { parentId: root, name: '平台二', kind: 'platform', adminAccount: 'pt2', adminPassword: 'Pt2345678' })).flag).toBe(400);
    expect((await admin.postJson(TenantAdminApi.add.path, { parentId: root, name: '华东代理', kind: 'agent', adminAccount: 'hd2', adminPassword: 'Hd2345678' })).msg).toBe('客户名称已存在');
    expect((await admin.postJson(TenantAdminApi.add.path, { parentId: root, name: '短密码', kind: 'agent', adminAccount: 'dmm', adminPassword: 'abc' })).msg).toBe(
      '密码至少 8 位，且须同时包含字母和数字',
    );
    expect(flatten((await admin.get<TenantNode[]>(TenantAdminApi.tree.path)).obj).map((t) => t.name)).not.toContain('短密码');

    // the agent's administrator: its platforms only, and its own subtree only
    const huadong = await loginAs('huadong', 'Huadong123');
    const me = await huadong.get<{ roleId: number }>(KernelApi.user.path);
    const platforms = await huadong.get<{ platformId: number }[]>(KernelApi.rolePlatforms.path, { roleId: me.obj.roleId });
    expect(platforms.obj.map((p) => p.platformId)).toEqual([8, 12]);
    expect(flatten((await huadong.get<TenantNode[]>(TenantAdminApi.tree.path)).obj).map((t) => t.name)).toEqual(['华东代理', '杭州运输']);
    // it cannot hand out more than it holds
    const beyond = await huadong.postJson(TenantAdminApi.add.path, { parentId: agent.obj.id, name: '宁波运输', kind: 'customer', adminAccount: 'nbys', adminPassword: 'Nbys12345', platformIds: [8, 13] });
    expect(beyond.flag).toBe(403);
  });

  it('answers 404 for a tenant of another branch and changes nothing', async () => {
    const root = await adminTenant();
    const res = await other.postJson(TenantAdminApi.add.path, { parentId: root, name: '越权客户', kind: 'customer', adminAccount: 'yq1', adminPassword: 'Yq1234567' });
    expect(res.flag).toBe(404);
    expect((await other.postJson(TenantAdminApi.update.path, { id: root, name: '改名' })).flag).toBe(404);
    expect((await other.postJson(TenantAdminApi.delete.path, { id: root })).flag).toBe(404);
    expect((await admin.get<TenantNode[]>(TenantAdminApi.tree.path)).obj[0]!.name).toBe('天路演示');
  });

  it('deletes a tenant only when it is empty', async () => {
    const root = await adminTenant();
    const created = await admin.postJson<{ id: number; adminUserId: number }>(TenantAdminApi.add.path, {
      parentId: root, name: '临时客户', kind: 'customer', adminAccount: 'linshi', adminPassword: 'Linshi123',
    });
    expect((await admin.postJson(TenantAdminApi.delete.path, { id: created.obj.id })).msg).toBe('该客户下还有用户，不能删除');
    expect((await admin.postJson(TenantAdminApi.delete.path, { id: root })).msg).toBe('不能删除本级客户');
    expect((await admin.postJson(UserAdminApi.delete.path, { userId: created.obj.adminUserId })).flag).toBe(1);
    expect((await admin.postJson(TenantAdminApi.delete.path, { id: created.obj.id })).flag).toBe(1);
    expect(flatten((await admin.get<TenantNode[]>(TenantAdminApi.tree.path)).obj).map((t) => t.name)).not.toContain('临时客户');
  });
});

describe('用户管理', () => {
  it('creates a sub-user with a role and a group scope; the account is unique and the password policy holds', async () => {
    const root = await adminTenant();
    const roleId = await roleOf(admin, root, '管理员');
    const groups = await admin.get<{ id: number; name: string; children: { id: number; name: string }[] }[]>(UserAdminApi.groups.path, { tenantId: root });
    const north = flatten(groups.obj as never).find((g) => g.name === '华北区域')!;
    expect(north).toBeTruthy();

    const weak = await admin.postJson(UserAdminApi.add.path, { tenantId: root, account: 'zhang', password: 'abcdefgh', name: '张三', roleId });
    expect(weak).toMatchObject({ flag: 400, msg: '密码至少 8 位，且须同时包含字母和数字' });
    const created = await admin.postJson<{ userId: number }>(UserAdminApi.add.path, { tenantId: root, account: 'zhang', password: 'Zhang1234', name: '张三', roleId, groupIds: [north.id] });
    expect(created.flag, created.msg).toBe(1);
    expect((await admin.postJson(UserAdminApi.add.path, { tenantId: root, account: 'zhang', password: 'Zhang1234', name: '张三二', roleId })).msg).toBe('账号已存在');
    expect((await admin.postJson(UserAdminApi.add.path, { tenantId: root, account: 'other', password: 'Zhang1234', name: '重名', roleId })).msg).toBe('账号已存在');

    const list = await admin.get<{ total: number; list: { account: string; groups: { name: string }[]; roleName: string }[] }>(UserAdminApi.list.path, { keyword: 'zhang' });
    expect(list.obj.list).toEqual([expect.objectContaining({ account: 'zhang', roleName: '管理员', groups: [expect.objectContaining({ name: '华北区域' })] })]);
    const scope = await server.store.scope.forUser({ id: created.obj.userId, tenantId: root });
    expect(scope.groupIds!.length).toBe(3); // 华北区域 with 北京车队 and 天津车队
  });

  it('refuses groups and roles of another tenant', async () => {
    const root = await adminTenant();
    const roleId = await roleOf(admin, root, '管理员');
    const otherGroups = await other.get<{ id: number }[]>(UserAdminApi.groups.path, { tenantId: await tenantIdOf(other, '其他公司') });
    const res = await admin.postJson(UserAdminApi.add.path, { tenantId: root, account: 'lisi', password: 'Lisi12345', name: '李四', roleId, groupIds: [otherGroups.obj[0]!.id] });
    expect(res).toMatchObject({ flag: 400, msg: '车组不存在或不属于该用户所在客户' });
    const otherRole = await roleOf(other, await tenantIdOf(other, '其他公司'), '管理员');
    expect((await admin.postJson(UserAdminApi.add.path, { tenantId: root, account: 'lisi', password: 'Lisi12345', name: '李四', roleId: otherRole })).flag).toBe(400);
    expect((await admin.get<{ total: number }>(UserAdminApi.list.path, { keyword: 'lisi' })).obj.total).toBe(0);
  });

  it('never shows or changes users of another tenant', async () => {
    const adminUser = await admin.get<{ userId: number }>(KernelApi.user.path);
    const list = await other.get<{ list: { account: string }[] }>(UserAdminApi.list.path, { pageSize: 200 });
    expect(list.obj.list.map((u) => u.account)).toEqual(['other']);
    expect((await other.get(UserAdminApi.list.path, { tenantId: await adminTenant() })).flag).toBe(404);
    for (const path of ['setDisabled', 'resetPassword', 'delete', 'update'] as const) {
      const res = await other.postJson(UserAdminApi[path].path, { userId: adminUser.obj.userId, disabled: true, password: 'Hacked123', name: 'x', roleId: 1 });
      expect(res.flag, path).toBe(404);
    }
    expect((await new ApiClient(server.app).login('admin', 'Admin@123')).flag).toBe(1);
  });

  it('ends the sessions of a disabled user and of a user whose password was reset', async () => {
    const root = await adminTenant();
    const roleId = await roleOf(admin, root, '管理员');
    const created = await admin.postJson<{ userId: number }>(UserAdminApi.add.path, { tenantId: root, account: 'wang', password: 'Wangwu123', name: '王五', roleId });
    const wang = await loginAs('wang', 'Wangwu123');
    expect((await wang.get(KernelApi.user.path)).flag).toBe(1);

    expect((await admin.postJson(UserAdminApi.setDisabled.path, { userId: created.obj.userId, disabled: true })).flag).toBe(1);
    expect((await wang.get(KernelApi.user.path)).flag).toBe(4010);
    expect((await new ApiClient(server.app).login('wang', 'Wangwu123')).flag).toBe(400);
    expect((await admin.postJson(UserAdminApi.setDisabled.path, { userId: created.obj.userId, disabled: false })).flag).toBe(1);

    const again = await loginAs('wang', 'Wangwu123');
    expect((await admin.postJson(UserAdminApi.resetPassword.path, { userId: created.obj.userId, password: 'short' })).msg).toBe('密码至少 8 位，且须同时包含字母和数字');
    expect((await again.get(KernelApi.user.path)).flag).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    expect((await admin.postJson(UserAdminApi.resetPassword.path, { userId: created.obj.userId, password: 'Newpass123' })).flag).toBe(1);
    expect((await again.get(KernelApi.user.path)).flag).toBe(4010);
    await loginAs('wang', 'Newpass123');
  });

  it('does not let a user disable or delete themself', async () => {
    const me = await admin.get<{ userId: number }>(KernelApi.user.path);
    expect((await admin.postJson(UserAdminApi.setDisabled.path, { userId: me.obj.userId, disabled: true })).msg).toBe('不能停用自己的账号');
    expect((await admin.postJson(UserAdminApi.delete.path, { userId: me.obj.userId })).msg).toBe('不能删除自己的账号');
    expect((await admin.postJson(UserAdminApi.resetPassword.path, { userId: me.obj.userId, password: 'Admin12345' })).msg).toBe('不能重置自己的密码，请在安全中心修改');
    expect((await admin.get(KernelApi.user.path)).flag).toBe(1);
  });
});

describe('角色管理', () => {
  it('a role change takes effect at the next call of its users', async () => {
    const root = await adminTenant();
    const role = await admin.postJson<{ id: number }>(RoleAdminApi.add.path, { tenantId: root, name: '监控员', platformIds: [8], resourceIds: [8001, 8100] });
    expect(role.flag, role.msg).toBe(1);
    await admin.postJson(UserAdminApi.add.path, { tenantId: root, account: 'jiankong', password: 'Jiankong1', name: '监控员甲', roleId: role.obj.id });
    const user = await loginAs('jiankong', 'Jiankong1');
    expect(await myResources(user)).toContain(8100);
    expect(await myResources(user)).not.toContain(8400);
    expect((await user.get(UserAdminApi.list.path)).flag).toBe(403);

    const updated = await admin.postJson(RoleAdminApi.update.path, { id: role.obj.id, name: '监控员', platformIds: [8], resourceIds: [8001, 8100, 8400, 840001] });
    expect(updated.flag, updated.msg).toBe(1);
    expect(await myResources(user)).toEqual(expect.arrayContaining([8400, 840001]));
    const detail = await admin.get<{ platformIds: number[]; resourceIds: number[]; userCount: number }>(RoleAdminApi.detail.path, { id: role.obj.id });
    expect(detail.obj).toMatchObject({ platformIds: [8], resourceIds: [8001, 8100, 8400, 840001], userCount: 1 });

    expect((await admin.postJson(RoleAdminApi.delete.path, { id: role.obj.id })).msg).toBe('该角色下还有用户，不能删除');
  });

  it('refuses to grant what the caller does not hold', async () => {
    const wuliu = await loginAs('wuliu', 'Wuliu@123');
    const tenantId = await tenantIdOf(wuliu, '演示物流公司');
    const pet = await wuliu.postJson(RoleAdminApi.add.path, { tenantId, name: '宠物', platformIds: [13], resourceIds: [1301] });
    expect(pet.flag).toBe(403);
    const ok = await wuliu.postJson<{ id: number }>(RoleAdminApi.add.path, { tenantId, name: '调度', platformIds: [8], resourceIds: [8100] });
    expect(ok.flag, ok.msg).toBe(1);
    expect((await wuliu.postJson(RoleAdminApi.update.path, { id: ok.obj.id, name: '调度', platformIds: [8, 26], resourceIds: [8100, 2601] })).flag).toBe(403);
    expect((await wuliu.postJson(RoleAdminApi.add.path, { tenantId, name: '坏资源', platformIds: [8], resourceIds: [999999] })).msg).toBe('资源 999999 不存在');
    // the parent's roles are above: not visible
    const adminRole = await roleOf(admin, await adminTenant(), '管理员');
    expect((await wuliu.get(RoleAdminApi.detail.path, { id: adminRole })).flag).toBe(404);
    expect((await wuliu.postJson(RoleAdminApi.update.path, { id: adminRole, name: 'x', platformIds: [], resourceIds: [] })).flag).toBe(404);
  });

  it('lists only roles in scope, paged', async () => {
    const roles = await other.get<{ total: number; list: { name: string; tenantName: string }[] }>(RoleAdminApi.list.path);
    expect(roles.obj.list.every((r) => r.tenantName === '其他公司')).toBe(true);
    const page = await admin.get<{ total: number; list: unknown[] }>(RoleAdminApi.list.path, { pageSize: 1 });
    expect(page.obj.list).toHaveLength(1);
    expect(page.obj.total).toBeGreaterThan(1);
  });
});

describe('操作日志', () => {
  it('records who did what with before and after, visible only in scope', async () => {
    const logs = await admin.get<{ total: number; list: { account: string; action: string; target: string; before: unknown; after: unknown; tenantName: string; time: string }[] }>(
      OperationLogApi.list.path,
      { keyword: '监控员', pageSize: 50 },
    );
    const edit = logs.obj.list.find((l) => l.action === '编辑角色');
    expect(edit).toMatchObject({ account: 'admin', target: '角色 监控员', tenantName: '天路演示' });
    expect(edit!.time).toMatch(/\+08:00$/);
    expect((edit!.before as { resources: string[] }).resources).not.toContain('指令下发(8400)');
    expect((edit!.after as { resources: string[] }).resources).toContain('指令下发(8400)');
    const all = JSON.stringify((await admin.get(OperationLogApi.list.path, { pageSize: 200 })).obj);
    expect(all).not.toMatch(/scrypt\$/);
    const otherLogs = await other.get<{ list: { account: string }[] }>(OperationLogApi.list.path, { pageSize: 200 });
    expect(otherLogs.obj.list.every((l) => l.account === 'other')).toBe(true);
    expect((await admin.get(OperationLogApi.list.path, { start: 'gestern' })).msg).toBe('开始时间格式不正确');
  });
});

describe('数据字典', () => {
  it('lets only platform users change the shared dictionary', async () => {
    const add = await admin.postJson<{ id: number }>(DictionaryAdminApi.add.path, { type: 'fuelType', code: 'diesel', name: '柴油', sort: 1 });
    expect(add.flag, add.msg).toBe(1);
    expect((await admin.postJson(DictionaryAdminApi.add.path, { type: 'fuelType', code: 'diesel', name: '柴油2' })).msg).toBe('该类型下已有此编码');
    const denied = await other.postJson(DictionaryAdminApi.update.path, { id: add.obj.id, type: 'fuelType', code: 'diesel', name: '改了' });
    expect(denied).toMatchObject({ flag: 403, msg: '数据字典为全平台共用，仅平台用户可以修改' });
    const page = await other.get<{ total: number; list: { name: string }[]; editable: boolean }>(DictionaryAdminApi.page.path, { type: 'fuelType' });
    expect(page.obj).toMatchObject({ total: 1, editable: false, list: [expect.objectContaining({ name: '柴油' })] });
    expect((await admin.postJson(DictionaryAdminApi.delete.path, { id: add.obj.id })).flag).toBe(1);
    expect((await admin.get<unknown[]>(KernelApi.dictionary.path, { type: 'fuelType' })).obj).toEqual([]);
  });
});

describe('exports', () => {
  async function exportedRows(client: ApiClient, url: string, body: object): Promise<string[][]> {
    const res = await download(server.app, client, 'POST', url, body);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return sheetRows(res.rawPayload);
  }

  it('exports users, roles, tenants, logs and dictionary entries of the caller’s scope as spreadsheets', async () => {
    const users = await exportedRows(other, UserAdminApi.export.path, {});
    expect(users[0]!.slice(0, 2)).toEqual(['账号', '姓名']);
    expect(users.slice(1).map((r) => r[0])).toEqual(['other']);
    const tenants = await exportedRows(admin, TenantAdminApi.export.path, {});
    expect(tenants.map((r) => r[0])).toEqual(expect.arrayContaining(['客户名称', '天路演示', '演示物流公司']));
    expect(tenants.map((r) => r[0])).not.toContain('其他公司');
    expect((await exportedRows(admin, RoleAdminApi.export.path, {})).length).toBeGreaterThan(2);
    expect((await exportedRows(admin, OperationLogApi.export.path, {}))[0]![0]).toBe('时间');
    expect((await exportedRows(admin, DictionaryAdminApi.export.path, { type: 'plateColor' })).slice(1).map((r) => r[2])).toEqual(['蓝色', '黄色', '黑色', '白色', '绿色']);
  });

  it('answers an envelope without the button permission', async () => {
    const root = await adminTenant();
    const role = await admin.postJson<{ id: number }>(RoleAdminApi.add.path, { tenantId: root, name: '只读用户', platformIds: [12], resourceIds: [1220] });
    await admin.postJson(UserAdminApi.add.path, { tenantId: root, account: 'zhidu', password: 'Zhidu1234', name: '只读', roleId: role.obj.id });
    const reader = await loginAs('zhidu', 'Zhidu1234');
    expect((await reader.get(UserAdminApi.list.path)).flag).toBe(1);
    expect((await reader.postJson(UserAdminApi.export.path, {})).flag).toBe(403);
    expect((await reader.postJson(UserAdminApi.add.path, { tenantId: root, account: 'x1', password: 'X12345678', name: 'x', roleId: role.obj.id })).flag).toBe(403);
  });
});

describe('another tenant with the first tenant’s ids', () => {
  it('gets 403, 404 or 400 from every 系统管理 route, or only its own data', async () => {
    const { systemAdminArea } = await import('./system-admin-area');
    const root = await adminTenant();
    const adminUser = (await admin.get<{ userId: number; roleId: number }>(KernelApi.user.path)).obj;
    const ids = { id: adminUser.roleId, tenantId: root, parentId: root, userId: adminUser.userId, roleId: adminUser.roleId };
    const input = { ...ids, name: '越权', kind: 'customer', account: 'yq2', password: 'Yq2345678', adminAccount: 'yq3', adminPassword: 'Yq3456789', disabled: true, type: 'x', code: 'y' };
    for (const route of systemAdminArea.routes) {
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const res = await server.app.inject({
        method,
        url: route.url,
        ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)])) } : { payload: input }),
        headers: { sessionId: other.sessionId!, userId: String(other.userId) },
      });
      const text = res.body;
      const contentType = String(res.headers['content-type'] ?? '');
      expect(text, route.url).not.toContain('天路演示');
      expect(text, route.url).not.toContain('演示物流公司');
      // a route that takes one of these ids refuses them; the others answer the caller's own data (checked above)
      const schema = (route.schema?.querystring ?? route.schema?.body) as { properties?: Record<string, unknown> } | undefined;
      const takesId = Object.keys(schema?.properties ?? {}).some((k) => k in ids);
      if (takesId && contentType.includes('json')) expect([400, 403, 404], `${route.url}: ${text.slice(0, 120)}`).toContain(res.json().flag);
      if (takesId) expect(contentType, route.url).not.toContain('spreadsheet');
    }
    expect((await admin.get<TenantNode[]>(TenantAdminApi.tree.path)).obj[0]!.name).toBe('天路演示');
  });
});
