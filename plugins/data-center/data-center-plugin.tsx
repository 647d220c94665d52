import { declaredPlugin, definePlugin, type PageLoaders } from '@tianlu/sdk';
import { dataCenterDeclaration } from './data-center-declaration';
import { prefetchDashboard, prefetchDashboardCards, screenTenantId } from './dashboard/dashboard-query';

/** The page modules, by the path data-center-declaration.ts gives each page. */
const pages = {
  '/dataCenter/overview': () => import('./pages/overview-page'),
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
