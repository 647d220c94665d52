import { daysBetween, freshSince, requireTenantInScope, sessionRoute, toChinaIso, type ApiArea } from '../../../server/module';
import { DataCenterApi } from '../../../sdk/contracts/data-center';
import type { DashboardData } from '../../../sdk/dashboard';
import { dashboardOf } from './data-center-services';

/** 数据中心 menus: 数据看板 and 数据大屏 read the same figures. */
export const DataCenterResource = { dashboard: 1702, screen: 1703 } as const;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export const dashboardRoute = sessionRoute.of(DataCenterApi.dashboard, {
  resource: DataCenterResource.dashboard,
  alsoResources: [DataCenterResource.screen],
  handler: async ({ deps, query, scope: userScope }): Promise<DashboardData> => {
    const { store: dashboard, alarms } = dashboardOf(deps);
    const scope = await userScope();
    const tenants = await dashboard.tenants(scope);
    const tenantId = query.tenantId === undefined ? scope.tenantId : requireTenantInScope(scope, query.tenantId);
    const subtree = new Set(await deps.store.scope.tenantSubtree(tenantId));
    const narrowed = { ...scope, tenantId, tenantIds: scope.tenantIds.filter((id) => subtree.has(id)) };
    const now = deps.clock.now();
    const f = await dashboard.figures(narrowed, { now, freshSince: freshSince(deps), onlineWindowSeconds: deps.config.onlineWindowSeconds });
    const online = new Map(f.online.map((d) => [d.day, d]));
    const mileage = new Map(f.mileage.days.map((d) => [d.day, d.mileageKm]));
    const days = daysBetween(f.period.startDay, f.period.endDay).map((day) => {
      const o = online.get(day) ?? { online: 0, total: 0 };
      return { day, online: o.online, assets: o.total, onlineRate: percent(o.online, o.total), mileage: mileage.get(day) ?? 0 };
    });
    const today = days[days.length - 1]!;
    return {
      tenant: { id: tenantId, name: tenants.find((t) => t.id === tenantId)?.name ?? '' },
      customers: tenants.map((t) => ({ id: t.id, name: t.name, parentId: t.parentId })),
      kinds: f.kinds,
      totals: f.totals,
      today: { day: today.day, assets: today.assets, reported: today.online, onlineRate: today.onlineRate },
      onlineRate30: percent(days.reduce((n, d) => n + d.online, 0), days.reduce((n, d) => n + d.assets, 0)),
      days,
      mileage30: f.mileage.totalKm,
      alarmTypes: f.alarmTypes.map((a) => ({ ...a, alarmName: alarms.name(a.alarmType) })),
      topAlarmAssets: f.topAlarmAssets,
      unprocessedAlarms: { total: f.unprocessedAlarms.total, latest: f.unprocessedAlarms.latest.map((row) => alarms.view(row)) },
      heat: f.heat,
      expiring: f.expiring,
      generatedAt: toChinaIso(now),
    };
  },
});

/** 数据中心: the dashboard (数据看板 and 数据大屏). */
export const dataCenterArea: ApiArea = { name: 'dataCenter', routes: [dashboardRoute] };
