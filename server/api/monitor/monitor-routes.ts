import type { MonitorStatus } from '../../store/monitor-queries';
import type { AppDeps } from '../app-deps';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, text } from '../schema-helpers';
import { toMonitorItem } from './monitor-item';

/** 实时监控. */
export const MONITOR_RESOURCE = 8100;

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

export const monitorListRoute = sessionRoute<{ current: number; pageSize: number; status: MonitorStatus; keyword?: string; groupId?: number }>({
  method: 'GET',
  url: '/car/v4/api/monitor/list.json',
  summary: '实时监控：可见资产（本租户及下级租户，按车组权限）的最新位置（分页，按车牌排序；status 取 all/online/offline/alarm）',
  resource: MONITOR_RESOURCE,
  schema: {
    querystring: object({
      current: int('页码', 1, 100000, { default: 1 }),
      pageSize: int('每页条数', 1, 20000, { default: 10 }),
      status: { type: 'string', title: '状态', enum: ['all', 'online', 'offline', 'alarm'], default: 'all' },
      keyword: text('关键词', 50),
      groupId: int('车组', 0),
    }),
  },
  handler: async ({ query, deps, scope }) => {
    const access = await scope();
    let groupIds: number[] | undefined;
    if (query.groupId !== undefined) groupIds = withDescendants(await deps.store.monitor.groups(access), query.groupId);
    const page = await deps.store.monitor.assets(access, {
      ...pageOffset(query), status: query.status, keyword: query.keyword, groupIds, freshSince: freshSince(deps),
    });
    return { total: page.total, list: page.list.map(toMonitorItem) };
  },
});

interface Counts {
  all: number;
  online: number;
  offline: number;
  alarm: number;
}

interface TreeNode {
  id: number;
  name: string;
  parentId: number | null;
  counts: Counts;
  children: TreeNode[];
}

export const monitorTreeRoute = sessionRoute({
  method: 'GET',
  url: '/car/v4/api/monitor/tree.json',
  summary: '车组树：每个车组的资产数、在线、离线、告警（含下级车组）',
  resource: MONITOR_RESOURCE,
  handler: async ({ deps, scope }) => {
    const access = await scope();
    const [groups, counts] = await Promise.all([deps.store.monitor.groups(access), deps.store.monitor.groupCounts(access, freshSince(deps))]);
    const nodes = new Map<number, TreeNode>();
    for (const g of groups) nodes.set(g.id, { id: g.id, name: g.name, parentId: g.parentId, counts: { all: 0, online: 0, offline: 0, alarm: 0 }, children: [] });
    const roots: TreeNode[] = [];
    for (const g of groups) {
      const node = nodes.get(g.id)!;
      const parent = g.parentId === null ? undefined : nodes.get(g.parentId);
      (parent ? parent.children : roots).push(node);
    }
    for (const c of counts) {
      let node = c.groupId === null ? undefined : nodes.get(c.groupId);
      if (!node) {
        node = { id: 0, name: '未分组', parentId: null, counts: { all: 0, online: 0, offline: 0, alarm: 0 }, children: [] };
        roots.push(node);
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
