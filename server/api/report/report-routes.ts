import type { AppDeps } from '../app-deps';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { ANY_REPORT, pagedDayRange, ReportResource, resolveDayRange, type DayRangeParams, type Paged } from './report-request';
import { toDayOnlineItem, toDaySummary, toMileageItem, toMileageTotals } from './report-views';

/** What every report query needs besides its filter. */
export function reportOptions(deps: AppDeps) {
  return { now: deps.clock.now(), onlineWindowSeconds: deps.config.onlineWindowSeconds };
}

export const mileageReportRoute = sessionRoute<Paged<DayRangeParams>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/mileage/list.json',
  summary: '里程报表：每辆车每天的里程、行驶时长、最高/平均速度、首末次上报（最多 31 天，分页，含合计与每日里程）',
  resource: ReportResource.mileage,
  schema: pagedDayRange,
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const page = await ctx.deps.store.reports.mileage(await ctx.scope(), filter, { ...reportOptions(ctx.deps), page: pageOffset(ctx.query) });
    return {
      total: page.total, list: page.list.map(toMileageItem), totals: toMileageTotals(page.totals),
      days: page.days.map((d) => ({ day: d.day, mileage: d.mileageKm, vehicles: d.vehicles })),
    };
  },
});

export const dayOnlineReportRoute = sessionRoute<Paged<DayRangeParams>>({
  method: 'GET',
  url: '/car/v1/accelerate/report/online/dayOnline.json',
  summary: '车辆日在线：每辆车每天是否在线、在线时长、上报次数、首末次上报，及每天的在线率（最多 31 天，分页）',
  resource: ReportResource.dayOnline,
  schema: pagedDayRange,
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const page = await ctx.deps.store.reports.dayOnline(await ctx.scope(), filter, { ...reportOptions(ctx.deps), page: pageOffset(ctx.query) });
    return { total: page.total, vehicles: page.vehicles, list: page.list.map(toDayOnlineItem), days: page.days.map(toDaySummary) };
  },
});

interface GroupNode {
  id: number;
  name: string;
  parentId: number | null;
  children: GroupNode[];
}

export const reportGroupsRoute = sessionRoute({
  method: 'GET',
  url: '/car/v1/accelerate/report/groups.json',
  summary: '数据报表：可选车组树（本租户及下级租户，按车组权限）',
  ...ANY_REPORT,
  handler: async ({ deps, scope }): Promise<GroupNode[]> => {
    const groups = await deps.store.reports.groups(await scope());
    const nodes = new Map<number, GroupNode>(groups.map((g) => [g.id, { ...g, children: [] }]));
    const roots: GroupNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  },
});
