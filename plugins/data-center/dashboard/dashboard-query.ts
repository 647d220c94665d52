import { DataCenterApi, Extensions, HttpService, preloadEChart, type ServiceGetter } from '@tianlu/sdk';

/** What the dashboard asks for a tenant (undefined: the caller's own). */
export const dashboardQuery = (tenantId: number | undefined) => (tenantId === undefined ? {} : { tenantId });

/** The customer a 数据大屏 opens on, from its address (`?tenantId=`); undefined: the caller's own tenant. */
export function screenTenantId(search: string): number | undefined {
  const tenantId = Number(new URLSearchParams(search).get('tenantId'));
  return Number.isInteger(tenantId) && tenantId > 0 ? tenantId : undefined;
}

/**
 * For the routes of 数据看板 and 数据大屏: asks the figures the page opens on, and loads ECharts with
 * the China outline, while the page's code loads (the store's first load takes that answer).
 */
export function prefetchDashboard(get: ServiceGetter, tenantId: number | undefined): void {
  get(HttpService).prefetch(DataCenterApi.dashboard, dashboardQuery(tenantId));
  preloadEChart({ chinaMap: true });
}

/**
 * For 数据看板's route: also loads the cards the sub-applications contribute (their plugins and
 * components), so each card draws and asks its figures as the dashboard first draws, not after its
 * plugin has loaded. A card that fails to load says so in its place when drawn.
 */
export function prefetchDashboardCards(get: ServiceGetter): void {
  const extensions = get(Extensions);
  for (const card of extensions.list('dashboardCards')) void extensions.component(card.systemId, card.component).catch(() => undefined);
}
