import type { GroupCounts, VehicleGroup } from '../../../sdk/services/live-service';
import type { AppDeps } from '../app-deps';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { MonitorApi } from '../../../sdk/contracts/monitor';
import { toMonitorItem } from './monitor-item';
import { withDecodedReadings } from '../../plugin-parts/decoded-readings';

/** 实时监控. */
export const MONITOR_RESOURCE = 8100;
/** The kinds' monitor pages (人员监控, 宠物定位, 电动车监控), their trip pages (遛狗记录, 骑行记录) and 电池曲线 read the monitor API too. */
export const KIND_MONITOR_RESOURCES = [1102, 1302, 1802, 1310, 1810, 1811];

/** Online means connected and reported within the window. */
export function freshSince(deps: AppDeps): Date {
  return new Date(deps.clock.now().getTime() - deps.config.onlineWindowSeconds * 1000);
}

/** `groupId` and every group below it. */
function withDescendants(groups: readonly { id: number; parentId: number | null }[], groupId: number): number[] {
  const ids = [groupId];
  for (let i = 0; i < ids.length; i++) for (const g of groups) if (g.parentId === ids[i]) ids.push(g.id);
  return groups.some((g) => g.id === groupId) ? ids : [];
}

export const monitorListRoute = sessionRoute.of(MonitorApi.list, {
  resource: MONITOR_RESOURCE,
  alsoResources: KIND_MONITOR_RESOURCES,
  handler: async ({ query, deps, scope }) => {
    const access = await scope();
    let groupIds: number[] | undefined;
    if (query.groupId !== undefined) groupIds = withDescendants(await deps.store.monitor.groups(access), query.groupId);
    const page = await deps.store.monitor.assets(access, {
      ...pageOffset(query), status: query.status, keyword: query.keyword, groupIds, freshSince: freshSince(deps), assetKind: query.assetKind,
    });
    // with the readings the server parts of the caller's tenant's plugins decode
    return { total: page.total, list: (await withDecodedReadings(deps.serverParts, access.tenantId, page.list)).map(toMonitorItem) };
  },
});

/** A node of the tree as it is built (the answer is the sdk's VehicleGroup). */
interface TreeNode extends VehicleGroup {
  id: number;
  parentId: number | null;
  counts: GroupCounts;
  children: TreeNode[];
}

export const monitorTreeRoute = sessionRoute.of(MonitorApi.tree, {
  resource: MONITOR_RESOURCE,
  alsoResources: KIND_MONITOR_RESOURCES,
  handler: async ({ query, deps, scope }): Promise<VehicleGroup[]> => {
    const access = await scope();
    const [groups, allCounts] = await Promise.all([deps.store.monitor.groups(access), deps.store.monitor.groupCounts(access, freshSince(deps))]);
    const kind = query.assetKind;
    const ofKind = (k: string | null) => !kind || (k ?? 'vehicle') === kind;
    const counts = allCounts.filter((c) => ofKind(c.assetKind));
    // a kind's tree shows only the groups holding assets of the kind, in them or below (a pet tree
    // leaves out the vehicle fleets, empty or not)
    const holding = new Set<number>();
    for (const c of counts) {
      for (let id = c.groupId; id !== null && !holding.has(id); id = groups.find((g) => g.id === id)?.parentId ?? null) holding.add(id);
    }
    const nodes = new Map<number, TreeNode>();
    const shownGroups = kind ? groups.filter((g) => holding.has(g.id)) : groups;
    for (const g of shownGroups) nodes.set(g.id, { id: g.id, name: g.name, parentId: g.parentId, counts: { all: 0, online: 0, offline: 0, alarm: 0 }, children: [] });
    const roots: TreeNode[] = [];
    for (const g of shownGroups) {
      const node = nodes.get(g.id)!;
      const parent = g.parentId === null ? undefined : nodes.get(g.parentId);
      (parent ? parent.children : roots).push(node);
    }
    // one 未分组 node for every asset outside the groups shown, however many count rows they make
    let ungrouped: TreeNode | undefined;
    for (const c of counts) {
      let node = c.groupId === null ? undefined : nodes.get(c.groupId);
      if (!node) {
        if (!ungrouped) {
          ungrouped = { id: 0, name: '未分组', parentId: null, counts: { all: 0, online: 0, offline: 0, alarm: 0 }, children: [] };
          roots.push(ungrouped);
        }
        node = ungrouped;
      }
      // add to the group and every ancestor
      for (let n: TreeNode | undefined = node; n; n = n.parentId === null ? undefined : nodes.get(n.parentId)) {
        n.counts.all += c.all;
        n.counts.online += c.online;
        n.counts.offline += c.all - c.online;
        n.counts.alarm += c.alarm;
      }
    }
    return roots;
  },
});
