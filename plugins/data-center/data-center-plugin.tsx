import { declaredPlugin, definePlugin, type PageLoaders, prefetchPlatformOverview } from '@tianlu/sdk';
import { dataCenterDeclaration } from './data-center-declaration';
import { prefetchDashboard, prefetchDashboardCards, screenTenantId } from './dashboard/dashboard-query';

/** The page modules, by the path data-center-declaration.ts gives each page. */
const pages = {
  '/dataCenter/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, dataCenterDeclaration.platformId) },
  '/dataCenter/dashboard': {
    load: () => import('./pages/dashboard-page'),
    prefetch: (get) => {
      prefetchDashboard(get, undefined);
      prefetchDashboardCards(get);
    },
  },
  '/dataCenter/screen': { load: () => import('./pages/screen-page'), prefetch: (get) => prefetchDashboard(get, screenTenantId(window.location.search)) },
} satisfies PageLoaders;

/** 数据中心 (platform 17): 概览, 数据看板 and 数据大屏. */
export default definePlugin(declaredPlugin(dataCenterDeclaration, pages));
