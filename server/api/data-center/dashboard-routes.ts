import { DASHBOARD_PATH, type DashboardData } from '../../../sdk/dashboard';
import { alarmName } from '../../alarms/alarm-catalogue';
import { toAlarm } from '../../alarms/alarm-model';
import { daysBetween } from '../../store/report-day-stats';
import type { ApiArea } from '../route-registry';
import { sessionRoute } from '../route-definition';
import { int, object } from '../schema-helpers';
import { freshSince } from '../monitor/monitor-routes';
import { tenantInScope } from '../admin/asset-admin-rules';
import { toChinaIso } from '../../time/china-time';

/** 数据中心 menus: 数据看板 and 数据大屏 read the same figures. */
export const DataCenterResource = { dashboard: 1702, screen: 1703 } as const;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export const dashboardRoute = sessionRoute<{ tenantId?: number }>({
  method: 'GET',
  url: DASHBOARD_PATH,
  summary: '数据看板：资产按类型与状态（告警：有未结束的告警）、含今天的近 30 天每天在线率与里程（与车辆日在线、里程报表同一算法）、近 30 天告警（与告警明细一致）、未处理告警数与最新 10 条（与实时告警一致）、告警最多的资产、资产分布热力、30 天内到期（本租户或所选客户）',
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
      alarmTypes: f.alarmTypes.map((a) => ({ ...a, alarmName: alarmName(a.alarmType) })),
      topAlarmAssets: f.topAlarmAssets,
      unprocessedAlarms: { total: f.unprocessedAlarms.total, latest: f.unprocessedAlarms.latest.map(toAlarm) },
      heat: f.heat,
      expiring: f.expiring,
      generatedAt: toChinaIso(now),
    };
  },
});

/** 数据中心: the dashboard (数据看板 and 数据大屏). */
export const dataCenterArea: ApiArea = { name: 'dataCenter', routes: [dashboardRoute] };
