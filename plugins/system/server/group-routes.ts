import {
  badInput, forbidden, GROUP_MENU, notFound, notifyLive, pageOffset, requireAll, requireTenantInScope, sessionRoute, type AccessScope, type GroupRecord, type Store,
} from '../../../server/module';
import { GroupButton, groupForTenant, vehicleItem } from './asset-rules';
import type { GroupNode, TenantGroups } from '../../../sdk/system-admin';
import { isUniqueViolation } from './admin-rules';
import { GroupAdminApi } from '../../../sdk/contracts/asset';

/** Visible groups as trees; a group whose parent is not visible is a root (group-scoped users). */
export function groupTrees(groups: readonly GroupRecord[]): GroupNode[] {
  const nodes = new Map<number, GroupNode>(groups.map((g) => [g.id, { ...g, totalCount: g.vehicleCount, children: [] }]));
  const roots: GroupNode[] = [];
  for (const g of groups) {
    const node = nodes.get(g.id)!;
    const parent = g.parentId === null ? undefined : nodes.get(g.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const total = (n: GroupNode): number => (n.totalCount = n.vehicleCount + n.children.reduce((sum, c) => sum + total(c), 0));
  roots.forEach(total);
  return roots;
}

export const groupTreeRoute = sessionRoute.of(GroupAdminApi.tree, {
  resource: GROUP_MENU,
  handler: async ({ deps, scope }): Promise<TenantGroups[]> => {
    const s = await scope();
    const [tenants, groups] = await Promise.all([deps.store.assets.groups.tenants(s), deps.store.assets.groups.list(s)]);
    const trees = groupTrees(groups);
    return tenants
      .map((t) => ({ tenantId: t.id, tenantName: t.name, parentId: t.parentId, groups: trees.filter((g) => g.tenantId === t.id) }))
      .filter((t) => s.groupIds === null || t.groups.length > 0);
  },
});

async function findGroup(store: Store, s: AccessScope, id: number): Promise<GroupRecord> {
  const group = await store.assets.groups.find(s, id);
  if (!group) throw notFound('车组不存在');
  return group;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badInput('车组名称不能为空');
  if (trimmed.length > 50) throw badInput('车组名称不能超过 50 个字符');
  return trimmed;
}

const SIBLING_TAKEN = '同级车组中已有同名车组';

export const groupAddRoute = sessionRoute.of(GroupAdminApi.add, {
  resource: GroupButton.add,
  handler: async ({ body, deps, scope, audit, user }) => {
    const s = await scope();
    const name = checkName(body.name);
    let tenantId: number;
    let parentId: number | null = null;
    if (body.parentId) {
      const parent = await findGroup(deps.store, s, body.parentId);
      if (body.tenantId !== undefined && body.tenantId !== parent.tenantId) throw badInput('上级车组不属于该客户');
      tenantId = parent.tenantId;
      parentId = parent.id;
    } else {
      tenantId = requireTenantInScope(s, body.tenantId ?? user.tenantId);
      if (s.groupIds !== null) throw forbidden('只能在可见车组下新增车组');
    }
    if (await deps.store.assets.groups.siblingNameTaken(tenantId, parentId, name)) throw badInput(SIBLING_TAKEN);
    const id = await deps.store.assets.groups.insert(tenantId, parentId, name).catch((e: unknown) => {
      throw isUniqueViolation(e) ? badInput(SIBLING_TAKEN) : e;
    });
    await audit({ action: '新增车组', target: `车组 ${name}`, after: { name, parentId, tenantId }, tenantId });
    return { id, tenantId, parentId, name };
  },
});

export const groupRenameRoute = sessionRoute.of(GroupAdminApi.rename, {
  resource: GroupButton.rename,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const group = await findGroup(deps.store, s, body.id);
    const name = checkName(body.name);
    if (await deps.store.assets.groups.siblingNameTaken(group.tenantId, group.parentId, name, group.id)) throw badInput(SIBLING_TAKEN);
    await deps.store.assets.groups.rename(group.id, name).catch((e: unknown) => {
      throw isUniqueViolation(e) ? badInput(SIBLING_TAKEN) : e;
    });
    await audit({ action: '重命名车组', target: `车组 ${name}`, before: { name: group.name }, after: { name }, tenantId: group.tenantId });
    return { id: group.id, name };
  },
});

export const groupMoveRoute = sessionRoute.of(GroupAdminApi.move, {
  resource: GroupButton.move,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const group = await findGroup(deps.store, s, body.id);
    const parentId = body.parentId ?? null;
    if (parentId === null) {
      if (s.groupIds !== null) throw forbidden('只能移动到可见车组下');
    } else {
      const parent = await findGroup(deps.store, s, parentId);
      if (parent.tenantId !== group.tenantId) throw badInput('只能在同一客户的车组之间移动');
      if ((await deps.store.assets.groups.subtree(group.id)).includes(parent.id)) throw badInput('不能移动到自己的下级车组');
    }
    if (group.parentId === parentId) return { id: group.id, parentId };
    if (await deps.store.assets.groups.siblingNameTaken(group.tenantId, parentId, group.name, group.id)) throw badInput(`目标位置已有同名车组“${group.name}”`);
    await deps.store.assets.groups.move(group.id, group.tenantId, parentId).catch((e: unknown) => {
      throw isUniqueViolation(e) ? badInput(`目标位置已有同名车组“${group.name}”`) : e;
    });
    await audit({ action: '移动车组', target: `车组 ${group.name}`, before: { parentId: group.parentId }, after: { parentId }, tenantId: group.tenantId });
    return { id: group.id, parentId };
  },
});

export const groupDeleteRoute = sessionRoute.of(GroupAdminApi.delete, {
  resource: GroupButton.remove,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const group = await findGroup(deps.store, s, body.id);
    if ((await deps.store.assets.groups.childCount(group.id)) > 0) throw badInput('该车组下还有下级车组，不能删除');
    if (group.vehicleCount > 0) throw badInput(`该车组下还有 ${group.vehicleCount} 辆车，请先移出车辆`);
    await deps.store.assets.groups.delete(group.id);
    await audit({ action: '删除车组', target: `车组 ${group.name}`, before: { name: group.name, parentId: group.parentId }, tenantId: group.tenantId });
    return { deleted: 1 };
  },
});

export const groupVehiclesRoute = sessionRoute.of(GroupAdminApi.vehicles, {
  resource: GROUP_MENU,
  handler: async ({ query, deps, scope }) => {
    const s = await scope();
    requireTenantInScope(s, query.tenantId);
    if (query.groupId !== undefined) await findGroup(deps.store, s, query.groupId);
    const { offset, limit } = pageOffset(query);
    const filter = { tenantId: query.tenantId, keyword: query.keyword, groupIds: query.groupId === undefined ? undefined : [query.groupId] };
    const page = await deps.store.assets.vehicles.page(s, filter, offset, limit);
    return { total: page.total, list: page.list.map((r) => vehicleItem(r)) };
  },
});

export const groupAssignRoute = sessionRoute.of(GroupAdminApi.assign, {
  resource: GroupButton.assign,
  handler: async ({ body, deps, scope, audit }) => {
    const s = await scope();
    const vehicles = requireAll(body.vehicleIds, await deps.store.assets.vehicles.findMany(s, body.vehicleIds), '车辆');
    const tenants = new Set(vehicles.map((v) => v.tenantId));
    if (tenants.size > 1) throw badInput('只能把同一客户的车辆分配到车组');
    const groupId = await groupForTenant(deps.store, s, vehicles[0]!.tenantId, body.groupId);
    await deps.store.assets.vehicles.setGroup(vehicles.map((v) => v.id), groupId);
    const groupName = groupId === null ? '未分组' : (await deps.store.assets.groups.find(s, groupId))?.name;
    for (const v of vehicles) {
      await audit({ action: '分配车辆', target: `车辆 ${v.plateNo} → ${groupName}`, before: { groupId: v.groupId }, after: { groupId }, tenantId: v.tenantId });
    }
    notifyLive(deps, vehicles);
    return { assigned: vehicles.length };
  },
});
