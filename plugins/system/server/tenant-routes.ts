import {
  badInput, buildSheet, forbidden, hashPassword, notFound, sendSheet, sessionRoute, sheetFileName, toChinaIso, type TenantRow,
} from '../../../server/module';
import type { TenantKind, TenantNode, TenantOption } from '../../../sdk/system-admin';
import { checkAccount, checkPassword, holdings, isForeignKeyViolation, isUniqueViolation, optionalPhone, required, tenantInCallerScope } from './admin-rules';
import { TenantAdminApi } from '../../../sdk/contracts/system';

export const TENANT_MENU = 1210;
const KIND_NAMES: Record<TenantKind, string> = { platform: '平台', agent: '代理商', customer: '客户' };
const ADMIN_ROLE = '管理员';

function toNode(t: TenantRow): TenantNode {
  const { createdAt, ...rest } = t;
  return { ...rest, kindName: KIND_NAMES[t.kind] ?? t.kind, createTime: toChinaIso(createdAt), children: [] };
}

/** The rows as a tree rooted at `rootId` (parents outside the list are not followed). */
export function tenantTree(rows: readonly TenantRow[], rootId: number): TenantNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r)]));
  for (const node of nodes.values()) if (node.id !== rootId && node.parentId !== null) nodes.get(node.parentId)?.children.push(node);
  const root = nodes.get(rootId);
  return root ? [root] : [];
}

export const tenantTreeRoute = sessionRoute.of(TenantAdminApi.tree, {
  resource: TENANT_MENU,
  handler: async ({ deps, scope }) => {
    const s = await scope();
    return tenantTree(await deps.store.system.tenants.list(s.tenantIds), s.tenantId);
  },
});

export const tenantOptionsRoute = sessionRoute.of(TenantAdminApi.options, {
  anyUser: true,
  handler: async ({ deps, scope }): Promise<TenantOption[]> => {
    const s = await scope();
    const rows = await deps.store.system.tenants.list(s.tenantIds);
    return rows.map((t) => ({ id: t.id, parentId: t.id === s.tenantId ? null : t.parentId, name: t.name, kind: t.kind }));
  },
});

export const tenantCreateRoute = sessionRoute.of(TenantAdminApi.add, {
  resource: 121001,
  handler: async ({ body, deps, user, scope, audit }) => {
    const s = await scope();
    const store = deps.store;
    const parent = await store.system.tenants.find(tenantInCallerScope(s, body.parentId, '上级客户'));
    if (!parent) throw notFound('上级客户不存在');
    if (parent.kind === 'customer') throw badInput('客户下不能再建下级客户，请选择平台或代理商');
    const name = required(body.name, '客户名称');
    if (await store.system.tenants.nameTaken(name)) throw badInput('客户名称已存在');
    const account = checkAccount(body.adminAccount);
    checkPassword(body.adminPassword);
    if (await store.system.users.accountTaken(account)) throw badInput('账号已存在');
    const phone = optionalPhone(body.phone, '联系电话');
    const mine = await holdings(store, user.roleId);
    const platformIds = body.platformIds ? [...new Set(body.platformIds)] : [...mine.platformIds];
    if (platformIds.some((id) => !mine.platformIds.has(id))) throw forbidden('不能授予超出自己权限的子系统或菜单');
    const platformSet = new Set(platformIds);
    const resourceIds = (await store.catalogue.roleResources(user.roleId)).filter((r) => platformSet.has(r.platformId)).map((r) => r.id);
    const fields = { name, kind: body.kind, contact: body.contact?.trim() ?? '', phone: phone ?? '', remark: body.remark?.trim() ?? '' };
    let created;
    try {
      created = await store.system.tenants.createWithAdmin({
        parentId: parent.id,
        ...fields,
        admin: { account, passwordHash: await hashPassword(body.adminPassword), name: body.adminName?.trim() || `${name}管理员`, phone: null, passwordChangedAt: deps.clock.now() },
        roleName: ADMIN_ROLE,
        platformIds,
        resourceIds,
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw badInput('客户名称或账号已存在');
      throw e;
    }
    await audit({ action: '新增客户', target: `客户 ${name}`, after: { ...fields, parentId: parent.id, adminAccount: account, platformIds }, tenantId: parent.id });
    return { id: created.tenantId, adminUserId: created.userId, roleId: created.roleId };
  },
});

export const tenantUpdateRoute = sessionRoute.of(TenantAdminApi.update, {
  resource: 121002,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const store = deps.store.system.tenants;
    const before = await store.find(tenantInCallerScope(s, body.id));
    if (!before) throw notFound('客户不存在');
    const name = required(body.name, '客户名称');
    if (await store.nameTaken(name, before.id)) throw badInput('客户名称已存在');
    let kind = before.kind;
    if (body.kind && body.kind !== before.kind) {
      if (before.id === s.tenantId || before.kind === 'platform') throw badInput('不能修改本级客户的类型');
      if (body.kind === 'customer' && (await store.contents(before.id)).children > 0) throw badInput('该客户下还有下级客户，不能改为客户类型');
      kind = body.kind;
    }
    const phone = optionalPhone(body.phone, '联系电话');
    const fields = { name, kind, contact: body.contact?.trim() ?? '', phone: phone ?? '', remark: body.remark?.trim() ?? '' };
    await store.update(before.id, fields);
    const pick = (t: typeof fields) => ({ name: t.name, kind: t.kind, contact: t.contact, phone: t.phone, remark: t.remark });
    await audit({ action: '编辑客户', target: `客户 ${name}`, before: pick(before), after: fields, tenantId: before.id });
    return { id: before.id };
  },
});

export const tenantDeleteRoute = sessionRoute.of(TenantAdminApi.delete, {
  resource: 121003,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const store = deps.store.system.tenants;
    const tenant = await store.find(tenantInCallerScope(s, body.id));
    if (!tenant) throw notFound('客户不存在');
    if (tenant.id === s.tenantId) throw badInput('不能删除本级客户');
    const contents = await store.contents(tenant.id);
    if (contents.children > 0) throw badInput('该客户下还有下级客户，不能删除');
    if (contents.users > 0) throw badInput('该客户下还有用户，不能删除');
    if (contents.vehicles > 0) throw badInput('该客户下还有车辆，不能删除');
    if (contents.terminals > 0) throw badInput('该客户下还有终端，不能删除');
    try {
      await store.delete(tenant.id);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw badInput('该客户下还有其他业务数据，不能删除');
      throw e;
    }
    const { name, kind, contact, phone, remark } = tenant;
    await audit({ action: '删除客户', target: `客户 ${name}`, before: { name, kind, contact, phone, remark }, tenantId: tenant.parentId ?? s.tenantId });
    return { deleted: 1 };
  },
});

export const tenantExportRoute = sessionRoute.of(TenantAdminApi.export, {
  resource: 121004,
  raw: true,
  handler: async ({ deps, scope, reply }) => {
    const s = await scope();
    const rows = await deps.store.system.tenants.list(s.tenantIds);
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const sheet = await buildSheet(
      '客户',
      [
        { header: '客户名称', width: 24, value: (r: TenantRow) => r.name },
        { header: '类型', width: 10, value: (r) => KIND_NAMES[r.kind] ?? r.kind },
        { header: '上级客户', width: 24, value: (r) => (r.id === s.tenantId ? '' : (names.get(r.parentId ?? -1) ?? '')) },
        { header: '联系人', value: (r) => r.contact },
        { header: '联系电话', value: (r) => r.phone },
        { header: '用户数', width: 10, value: (r) => r.userCount },
        { header: '车辆数', width: 10, value: (r) => r.vehicleCount },
        { header: '备注', width: 30, value: (r) => r.remark },
        { header: '创建时间', width: 22, value: (r) => toChinaIso(r.createdAt) },
      ],
      rows,
    );
    return sendSheet(reply, sheetFileName('客户列表', deps.clock.now()), sheet);
  },
});
