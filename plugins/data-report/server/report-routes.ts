import { pageOffset, sessionRoute, type AppDeps } from '../../../server/module';
import { ReportApi } from '../../../sdk/contracts/report';
import type { ReportGroup } from '../../../sdk/report';
import { ANY_REPORT, ReportResource, resolveDayRange } from './report-request';
import { toDayOnlineItem, toDaySummary, toMileageItem, toMileageTotals } from './report-views';

/** What every report query needs besides its filter. */
export function reportOptions(deps: AppDeps) {
  return { now: deps.clock.now(), onlineWindowSeconds: deps.config.onlineWindowSeconds };
}

export const mileageReportRoute = sessionRoute.of(ReportApi.mileage, {
  resource: ReportResource.mileage,
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const page = await ctx.deps.store.reports.mileage(await ctx.scope(), filter, { ...reportOptions(ctx.deps), page: pageOffset(ctx.query) });
    return {
      total: page.total, list: page.list.map(toMileageItem), totals: toMileageTotals(page.totals),
      days: page.days.map((d) => ({ day: d.day, mileage: d.mileageKm, vehicles: d.vehicles })),
    };
  },
});

export const dayOnlineReportRoute = sessionRoute.of(ReportApi.dayOnline, {
  resource: ReportResource.dayOnline,
  handler: async (ctx) => {
    const filter = await resolveDayRange(ctx, ctx.query);
    const page = await ctx.deps.store.reports.dayOnline(await ctx.scope(), filter, { ...reportOptions(ctx.deps), page: pageOffset(ctx.query) });
    return { total: page.total, vehicles: page.vehicles, list: page.list.map(toDayOnlineItem), days: page.days.map(toDaySummary) };
  },
});

/** A node of groups.json as it is built: the contract's ReportGroup with its parent. */
type GroupNode = Required<ReportGroup> & { parentId: number | null; children: GroupNode[] };

export const reportGroupsRoute = sessionRoute.of(ReportApi.groups, {
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
