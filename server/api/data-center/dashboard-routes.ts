import { DASHBOARD_PATH, type DashboardData } from '../../../sdk/dashboard';
import { alarmName } from '../../alarms/alarm-catalogue';
import { toAlarm } from '../../alarms/alarm-model';
import { DASHBOARD_DAYS } from '../../store/dashboard-queries';
import type { ApiArea } from '../route-registry';
import { sessionRoute } from '../route-definition';
import { int, object } from '../schema-helpers';
import { freshSince } from '../monitor/monitor-routes';
import { tenantInScope } from '../system/asset-admin-rules';
import { toChinaIso } from '../time-format';

/** 数据中心 menus: 数据看板 and 数据大屏 read the same figures. */
export const DataCenterResource = { dashboard: 1702, screen: 1703 } as const;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export const dashboardRoute = sessionRoute<{ tenantId?: number }>({
  method: 'GET',
  url: DASHBOARD_PATH,
  summary: '数据看板：资产按类型与状态（告警：有未结束的告警）、今日与近 30 天在线率、近 30 天里程与告警、未结束的告警数与最新 10 条、告警最多的资产、资产分布热力、30 天内到期（本租户或所选客户）',
  resource: DataCenterResource.dashboard,
  alsoResources: [DataCenterResource.screen],
  schema: { querystring: object({ tenantId: int('客户', 1) }) },
  handler: async ({ deps, query, scope: userScope }): Promise<DashboardData> => {
    const scope = await userScope();
    const tenants = await deps.store.dashboard.tenants(scope);
    const tenantId = query.tenantId === undefined ? scope.tenantId : tenantInScope(scope, query.tenantId);
    const subtree = new Set(await deps.store.scope.tenantSubtree(tenantId));
    const narrowed = { ...scope, tenantId, tenantIds: scope.tenantIds.filter((id) => subtree.has(id)) };
    const now = deps.clock.now();
    const f = await deps.store.dashboard.figures(narrowed, { now, freshSince: freshSince(deps), onlineWindowSeconds: deps.config.onlineWindowSeconds });
    const latestOpen = await deps.store.alarms.byIds(f.openAlarms.latestIds);
    const order = new Map(f.openAlarms.latestIds.map((id, i) => [id, i]));
    const days = f.days.map((d) => ({ day: d.day, online: d.online, onlineRate: percent(d.online, f.dayAssets), mileage: d.mileageKm }));
    return {
      tenant: { id: tenantId, name: tenants.find((t) => t.id === tenantId)?.name ?? '' },
      customers: tenants.map((t) => ({ id: t.id, name: t.name, parentId: t.parentId })),
      kinds: f.kinds,
      totals: f.totals,
      today: { ...f.today, onlineRate: percent(f.today.reported, f.today.assets) },
      onlineRate30: percent(f.days.reduce((n, d) => n + d.online, 0), f.dayAssets * DASHBOARD_DAYS),
      days,
      mileage30: Math.round(f.days.reduce((n, d) => n + d.mileageKm, 0) * 100) / 100,
      alarmTypes: f.alarmTypes.map((a) => ({ ...a, alarmName: alarmName(a.alarmType) })),
      topAlarmAssets: f.topAlarmAssets,
      openAlarms: { total: f.openAlarms.total, latest: latestOpen.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(toAlarm) },
      heat: f.heat,
      expiring: f.expiring,
      generatedAt: toChinaIso(now),
    };
  },
});

/** 数据中心: the dashboard (数据看板 and 数据大屏). */
export const dataCenterArea: ApiArea = { name: 'dataCenter', routes: [dashboardRoute] };
