import {
  badInput, buildSheet, EXPORT_ROW_LIMIT, forbidden, hashPassword, maskEmail, maskPhone, notFound, pageOffset, sendSheet, sessionRoute, sheetFileName, toChinaIso, unmaskedInput, visibleContact, type AccessScope, type AdminUserRow, type AuditChange, type GroupRow, type SessionContext, type Store,
} from '../../../server/module';
import type { GroupChoiceNode } from '../../../sdk/system-admin';
import {
  checkAccount, checkCovers, checkPassword, isForeignKeyViolation, isUniqueViolation, optionalEmail, optionalPhone, required, roleWithinCaller, tenantInCallerScope,
} from './admin-rules';
import { UserAdminApi } from '../../../sdk/contracts/system';

const USER_MENU = 1220;

/** A user as 用户管理 shows it to `viewerId` (phone and e-mail masked as the user chose). */
function toItem(u: AdminUserRow, viewerId: number) {
  const { phone, email } = visibleContact(u, viewerId);
  return {
    userId: u.id,
    account: u.account,
    name: u.name,
    phone,
    email,
    remark: u.remark,
    tenantId: u.tenantId,
    tenantName: u.tenantName,
    roleId: u.roleId,
    roleName: u.roleName,
    disabled: u.disabled,
    groups: u.groups,
    createTime: toChinaIso(u.createdAt),
  };
}

/** What the audit log keeps of a user (never the password hash; phone and e-mail masked when the user hides them). */
const auditView = (
  u: Pick<AdminUserRow, 'account' | 'name' | 'phone' | 'email' | 'remark' | 'tenantName' | 'roleName' | 'disabled'> & { groups: { name: string }[]; privacy?: AdminUserRow['privacy'] },
) => ({
  account: u.account,
  name: u.name,
  phone: u.privacy?.hidePhone ? maskPhone(u.phone ?? '') : (u.phone ?? ''),
  email: u.privacy?.hideEmail ? maskEmail(u.email) : u.email,
  remark: u.remark,
  tenant: u.tenantName,
  role: u.roleName,
  disabled: u.disabled,
  groups: u.groups.map((g) => g.name),
});

/** The user when it is in the caller's tenant subtree; 404 otherwise. */
async function findUser(store: Store, scope: AccessScope, userId: number): Promise<AdminUserRow> {
  const found = await store.system.users.find(userId, scope.tenantIds);
  if (!found) throw notFound('用户不存在');
  return found;
}

/** The role to give a user of `tenantId`: one of that tenant's roles, granting nothing beyond the caller. */
async function checkRole(store: Store, callerRoleId: number, tenantId: number, roleId: number): Promise<{ id: number; name: string }> {
  const role = (await store.system.roles.ofTenant(tenantId)).find((r) => r.id === roleId);
  if (!role) throw badInput('角色不存在或不属于该用户所在客户');
  if (!(await roleWithinCaller(store, callerRoleId, roleId))) throw forbidden('不能分配权限超出自己的角色');
  return role;
}

/** Group scope for a user of `tenantId`: groups of that tenant's subtree, within the caller's own group scope. */
async function checkGroups(store: Store, scope: AccessScope, tenantId: number, groupIds: readonly number[] = []): Promise<{ id: number; name: string }[]> {
  const wanted = [...new Set(groupIds)];
  if (scope.groupIds !== null && wanted.length === 0) throw badInput('请选择可见车组');
  if (wanted.length === 0) return [];
  const allowed = await store.system.users.groups(await store.scope.tenantSubtree(tenantId), scope);
  const byId = new Map(allowed.map((g) => [g.id, g]));
  if (wanted.some((id) => !byId.has(id))) throw badInput('车组不存在或不属于该用户所在客户');
  return wanted.map((id) => ({ id, name: byId.get(id)!.name }));
}

function groupTree(rows: readonly GroupRow[]): GroupChoiceNode[] {
  const nodes = new Map<number, GroupChoiceNode>(rows.map((g) => [g.id, { ...g, children: [] }]));
  const roots: GroupChoiceNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Tenants to list: one tenant of the scope, or the whole scope. */
function listedTenants(scope: AccessScope, tenantId: number | undefined): readonly number[] {
  return tenantId === undefined ? scope.tenantIds : [tenantInCallerScope(scope, tenantId)];
}

export const userListRoute = sessionRoute.of(UserAdminApi.list, {
  resource: USER_MENU,
  handler: async ({ query, deps, scope, user }) => {
    const s = await scope();
    const page = await deps.store.system.users.page({
      tenantIds: listedTenants(s, query.tenantId), keyword: query.keyword?.trim() || undefined, viewerId: user.id, ...pageOffset(query),
    });
    return { total: page.total, list: page.list.map((u) => toItem(u, user.id)) };
  },
});

export const userRoleOptionsRoute = sessionRoute.of(UserAdminApi.roles, {
  resource: USER_MENU,
  handler: async ({ query, deps, user, scope }) => {
    const tenantId = tenantInCallerScope(await scope(), query.tenantId);
    const roles = await deps.store.system.roles.ofTenant(tenantId);
    const allowed = await Promise.all(roles.map((r) => roleWithinCaller(deps.store, user.roleId, r.id)));
    return roles.filter((_, i) => allowed[i]);
  },
});

export const userGroupOptionsRoute = sessionRoute.of(UserAdminApi.groups, {
  resource: USER_MENU,
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    const tenantId = tenantInCallerScope(s, query.tenantId);
    return groupTree(await deps.store.system.users.groups(await deps.store.scope.tenantSubtree(tenantId), s));
  },
});

export const userCreateRoute = sessionRoute.of(UserAdminApi.add, {
  resource: 122001,
  handler: async ({ body, deps, user, scope, audit }) => {
    const s = await scope();
    const store = deps.store;
    const tenant = await store.system.tenants.find(tenantInCallerScope(s, body.tenantId, '所属客户'));
    if (!tenant) throw notFound('所属客户不存在');
    const account = checkAccount(body.account);
    checkPassword(body.password);
    const name = required(body.name, '姓名');
    const phone = optionalPhone(body.phone);
    const email = optionalEmail(body.email);
    if (await store.system.users.accountTaken(account)) throw badInput('账号已存在');
    if (phone && (await store.system.users.phoneTaken(phone))) throw badInput('手机号已被其他用户使用');
    const role = await checkRole(store, user.roleId, tenant.id, body.roleId);
    const groups = await checkGroups(store, s, tenant.id, body.groupIds);
    let id: number;
    try {
      id = await store.system.users.create({
        account, passwordHash: await hashPassword(body.password), name, phone, email, remark: body.remark?.trim() ?? '',
        tenantId: tenant.id, roleId: role.id, passwordChangedAt: deps.clock.now(), groupIds: groups.map((g) => g.id),
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw badInput('账号或手机号已存在');
      throw e;
    }
    const after = auditView({ account, name, phone, email, remark: body.remark?.trim() ?? '', tenantName: tenant.name, roleName: role.name, disabled: false, groups });
    await audit({ action: '新增用户', target: `用户 ${account}`, after, tenantId: tenant.id });
    return { userId: id };
  },
});

/** Finds a user the caller may manage, for the changing routes. */
async function manageable(store: Store, caller: { id: number; roleId: number }, scope: AccessScope, userId: number): Promise<AdminUserRow> {
  const target = await findUser(store, scope, userId);
  await checkCovers(store, caller, scope, { id: target.id, tenantId: target.tenantId, roleId: target.roleId });
  return target;
}

/** A user the caller may manage other than the caller, for what no one does to their own account (`ownRefusal`). */
async function anotherManageable(ctx: Pick<SessionContext<unknown, unknown>, 'deps' | 'user' | 'scope'>, userId: number, ownRefusal: string): Promise<AdminUserRow> {
  const target = await manageable(ctx.deps.store, ctx.user, await ctx.scope(), userId);
  if (target.id === ctx.user.id) throw badInput(ownRefusal);
  return target;
}

export const userUpdateRoute = sessionRoute.of(UserAdminApi.update, {
  resource: 122002,
  handler: async ({ body, deps, user, scope, audit }) => {
    const s = await scope();
    const store = deps.store;
    const before = await manageable(store, user, s, body.userId);
    const name = required(body.name, '姓名');
    const shown = visibleContact(before, user.id);
    const phone = optionalPhone(unmaskedInput(body.phone, before.phone, shown.phone));
    const email = optionalEmail(unmaskedInput(body.email, before.email, shown.email));
    if (phone && (await store.system.users.phoneTaken(phone, before.id))) throw badInput('手机号已被其他用户使用');
    const role = await checkRole(store, user.roleId, before.tenantId, body.roleId);
    if (before.id === user.id && role.id !== before.roleId) throw badInput('不能修改自己的角色');
    const groups = await checkGroups(store, s, before.tenantId, body.groupIds);
    if (before.id === user.id && groups.map((g) => g.id).join() !== before.groups.map((g) => g.id).join()) throw badInput('不能修改自己的可见车组');
    const remark = body.remark?.trim() ?? '';
    try {
      await store.system.users.update(before.id, { name, phone, email, remark, roleId: role.id }, groups.map((g) => g.id));
    } catch (e) {
      if (isUniqueViolation(e)) throw badInput('手机号已被其他用户使用');
      throw e;
    }
    deps.sessions.changed({ tenantId: before.tenantId, userIds: [before.id] });
    const after = auditView({ ...before, name, phone, email, remark, roleName: role.name, groups });
    await audit({ action: '编辑用户', target: `用户 ${before.account}`, before: auditView(before), after, tenantId: before.tenantId });
    return { userId: before.id };
  },
});

export const userSetDisabledRoute = sessionRoute.of(UserAdminApi.setDisabled, {
  resource: 122003,
  handler: async (ctx) => {
    const { body, deps, audit } = ctx;
    const target = await anotherManageable(ctx, body.userId, '不能停用自己的账号');
    await deps.store.system.users.setDisabled(target.id, body.disabled);
    deps.sessions.changed({ tenantId: target.tenantId, userIds: [target.id] });
    const change: AuditChange = {
      action: body.disabled ? '停用用户' : '启用用户',
      target: `用户 ${target.account}`,
      before: { disabled: target.disabled },
      after: { disabled: body.disabled },
      tenantId: target.tenantId,
    };
    await audit(change);
    return { userId: target.id, disabled: body.disabled };
  },
});

export const userResetPasswordRoute = sessionRoute.of(UserAdminApi.resetPassword, {
  resource: 122004,
  handler: async (ctx) => {
    const { body, deps, audit } = ctx;
    const target = await anotherManageable(ctx, body.userId, '不能重置自己的密码，请在安全中心修改');
    checkPassword(body.password);
    await deps.store.system.users.setPassword(target.id, await hashPassword(body.password), deps.clock.now());
    deps.sessions.changed({ tenantId: target.tenantId, userIds: [target.id] });
    await audit({ action: '重置密码', target: `用户 ${target.account}`, tenantId: target.tenantId });
    return { userId: target.id };
  },
});

export const userDeleteRoute = sessionRoute.of(UserAdminApi.delete, {
  resource: 122005,
  handler: async (ctx) => {
    const { body, deps, audit } = ctx;
    const target = await anotherManageable(ctx, body.userId, '不能删除自己的账号');
    try {
      await deps.store.system.users.delete(target.id);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw badInput('该用户还有关联的业务记录，不能删除，可改为停用');
      throw e;
    }
    deps.sessions.changed({ tenantId: target.tenantId, userIds: [target.id] });
    await audit({ action: '删除用户', target: `用户 ${target.account}`, before: auditView(target), tenantId: target.tenantId });
    return { deleted: 1 };
  },
});

export const userExportRoute = sessionRoute.of(UserAdminApi.export, {
  resource: 122006,
  raw: true,
  handler: async ({ body, deps, scope, reply, user }) => {
    const s = await scope();
    const page = await deps.store.system.users.page({
      tenantIds: listedTenants(s, body.tenantId), keyword: body.keyword?.trim() || undefined, viewerId: user.id, offset: 0, limit: EXPORT_ROW_LIMIT,
    });
    const sheet = await buildSheet(
      '用户',
      [
        { header: '账号', width: 18, value: (u: AdminUserRow) => u.account },
        { header: '姓名', value: (u) => u.name },
        { header: '手机号', value: (u) => visibleContact(u, user.id).phone },
        { header: '邮箱', width: 24, value: (u) => visibleContact(u, user.id).email },
        { header: '所属客户', width: 20, value: (u) => u.tenantName },
        { header: '角色', value: (u) => u.roleName },
        { header: '可见车组', width: 30, value: (u) => (u.groups.length ? u.groups.map((g) => g.name).join('、') : '全部') },
        { header: '状态', width: 10, value: (u) => (u.disabled ? '停用' : '正常') },
        { header: '备注', width: 30, value: (u) => u.remark },
        { header: '创建时间', width: 22, value: (u) => toChinaIso(u.createdAt) },
      ],
      page.list,
    );
    return sendSheet(reply, sheetFileName('用户列表', deps.clock.now()), sheet);
  },
});
