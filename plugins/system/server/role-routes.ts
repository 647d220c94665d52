import {
  badInput, buildSheet, EXPORT_ROW_LIMIT, forbidden, notFound, pageOffset, sendSheet, sessionRoute, sheetFileName, toChinaIso, type AccessScope, type RoleRow, type Store,
} from '../../../server/module';
import { checkGrants, isUniqueViolation, required, roleWithinCaller, tenantInCallerScope } from './admin-rules';
import { RoleAdminApi } from '../../../sdk/contracts/system';

const ROLE_MENU = 1230;

const toItem = (r: RoleRow) => ({
  id: r.id, tenantId: r.tenantId, tenantName: r.tenantName, name: r.name, remark: r.remark, userCount: r.userCount, createTime: toChinaIso(r.createdAt),
});

async function findRole(store: Store, scope: AccessScope, id: number): Promise<RoleRow> {
  const role = await store.system.roles.find(id, scope.tenantIds);
  if (!role) throw notFound('角色不存在');
  return role;
}

/** A role the caller may change: in the scope and granting nothing beyond the caller's own role. */
async function changeableRole(store: Store, scope: AccessScope, callerRoleId: number, id: number): Promise<RoleRow> {
  const role = await findRole(store, scope, id);
  if (!(await roleWithinCaller(store, callerRoleId, role.id))) throw forbidden('该角色的权限超出您的权限，不能修改');
  return role;
}

function listedTenants(scope: AccessScope, tenantId: number | undefined): readonly number[] {
  return tenantId === undefined ? scope.tenantIds : [tenantInCallerScope(scope, tenantId)];
}

/** Names of platforms and resources for the operation log. */
async function grantNames(store: Store, grants: { platformIds: readonly number[]; resourceIds: readonly number[] }) {
  const [platforms, resources] = await Promise.all([store.catalogue.listPlatforms(), store.catalogue.listResources()]);
  const p = new Map(platforms.map((x) => [x.platformId, x.title]));
  const r = new Map(resources.map((x) => [x.id, x.name]));
  return { platforms: grants.platformIds.map((id) => p.get(id) ?? String(id)), resources: grants.resourceIds.map((id) => `${r.get(id) ?? ''}(${id})`) };
}

export const roleListRoute = sessionRoute.of(RoleAdminApi.list, {
  resource: ROLE_MENU,
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const page = await deps.store.system.roles.page({ tenantIds: listedTenants(s, query.tenantId), keyword: query.keyword?.trim() || undefined, ...pageOffset(query) });
    return { total: page.total, list: page.list.map(toItem) };
  },
});

export const roleDetailRoute = sessionRoute.of(RoleAdminApi.detail, {
  resource: ROLE_MENU,
  handler: async ({ query, deps, scope }) => {
    const role = await findRole(deps.store, await scope(), query.id);
    return { ...toItem(role), ...(await deps.store.system.roles.grants(role.id)) };
  },
});

export const roleCreateRoute = sessionRoute.of(RoleAdminApi.add, {
  resource: 123001,
  handler: async ({ body, deps, user, scope, audit }) => {
    const s = await scope();
    const tenantId = tenantInCallerScope(s, body.tenantId, '所属客户');
    const name = required(body.name, '角色名称');
    if (await deps.store.system.roles.nameTaken(tenantId, name)) throw badInput('角色名称已存在');
    const grants = await checkGrants(deps.store, user.roleId, { platformIds: body.platformIds ?? [], resourceIds: body.resourceIds ?? [] });
    const remark = body.remark?.trim() ?? '';
    let id: number;
    try {
      id = await deps.store.system.roles.create(tenantId, name, remark, grants);
    } catch (e) {
      if (isUniqueViolation(e)) throw badInput('角色名称已存在');
      throw e;
    }
    await audit({ action: '新增角色', target: `角色 ${name}`, after: { name, remark, ...(await grantNames(deps.store, grants)) }, tenantId });
    return { id };
  },
});

export const roleUpdateRoute = sessionRoute.of(RoleAdminApi.update, {
  resource: 123002,
  handler: async ({ body, deps, user, scope, audit }) => {
    const s = await scope();
    const role = await changeableRole(deps.store, s, user.roleId, body.id);
    const name = required(body.name, '角色名称');
    if (await deps.store.system.roles.nameTaken(role.tenantId, name, role.id)) throw badInput('角色名称已存在');
    const current = await deps.store.system.roles.grants(role.id);
    const grants = await checkGrants(deps.store, user.roleId, { platformIds: body.platformIds ?? [], resourceIds: body.resourceIds ?? [] }, current);
    const remark = body.remark?.trim() ?? '';
    try {
      await deps.store.system.roles.update(role.id, name, remark, grants);
    } catch (e) {
      if (isUniqueViolation(e)) throw badInput('角色名称已存在');
      throw e;
    }
    deps.sessions.changed({ tenantId: role.tenantId, roleIds: [role.id] });
    await audit({
      action: '编辑角色',
      target: `角色 ${name}`,
      before: { name: role.name, remark: role.remark, ...(await grantNames(deps.store, current)) },
      after: { name, remark, ...(await grantNames(deps.store, grants)) },
      tenantId: role.tenantId,
    });
    return { id: role.id };
  },
});

export const roleDeleteRoute = sessionRoute.of(RoleAdminApi.delete, {
  resource: 123003,
  handler: async ({ body, deps, user, scope, audit }) => {
    const role = await changeableRole(deps.store, await scope(), user.roleId, body.id);
    if (role.userCount > 0) throw badInput('该角色下还有用户，不能删除');
    const grants = await deps.store.system.roles.grants(role.id);
    await deps.store.system.roles.delete(role.id);
    await audit({ action: '删除角色', target: `角色 ${role.name}`, before: { name: role.name, remark: role.remark, ...(await grantNames(deps.store, grants)) }, tenantId: role.tenantId });
    return { deleted: 1 };
  },
});

export const roleExportRoute = sessionRoute.of(RoleAdminApi.export, {
  resource: 123004,
  raw: true,
  handler: async ({ body, deps, scope, reply }) => {
    const s = await scope();
    const page = await deps.store.system.roles.page({ tenantIds: listedTenants(s, body.tenantId), keyword: body.keyword?.trim() || undefined, offset: 0, limit: EXPORT_ROW_LIMIT });
    const platforms = new Map((await deps.store.catalogue.listPlatforms()).map((p) => [p.platformId, p.title]));
    const grants = await Promise.all(page.list.map((r) => deps.store.system.roles.grants(r.id)));
    const rows = page.list.map((r, i) => ({ ...r, platforms: grants[i]!.platformIds.map((id) => platforms.get(id) ?? String(id)).join('、'), resources: grants[i]!.resourceIds.length }));
    const sheet = await buildSheet(
      '角色',
      [
        { header: '角色名称', width: 18, value: (r: (typeof rows)[number]) => r.name },
        { header: '所属客户', width: 20, value: (r) => r.tenantName },
        { header: '子系统', width: 40, value: (r) => r.platforms },
        { header: '菜单和按钮数', width: 14, value: (r) => r.resources },
        { header: '用户数', width: 10, value: (r) => r.userCount },
        { header: '备注', width: 30, value: (r) => r.remark },
        { header: '创建时间', width: 22, value: (r) => toChinaIso(r.createdAt) },
      ],
      rows,
    );
    return sendSheet(reply, sheetFileName('角色列表', deps.clock.now()), sheet);
  },
});
