import { declaredPlugin, definePlugin, type PageLoaders, prefetchAssetMonitor, prefetchPlatformOverview } from '@tianlu/sdk';
import { cardDeclaration } from './card-declaration';
import { healthSeriesAhead, personStaysAhead, prefetchBadgePeople } from './health/badge-people-query';

/** The page modules, by the path card-declaration.ts gives each page. */
const pages = {
  '/card/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, cardDeclaration.platformId) },
  '/card/monitor': { load: () => import('./pages/monitor-page'), prefetch: (get) => prefetchAssetMonitor(get, 'person', 'department') },
  '/card/attendance': () => import('./pages/attendance-page'),
  '/card/attendance-report': () => import('./pages/attendance-report-page'),
  '/card/health': { load: () => import('./pages/health-page'), prefetch: (get) => prefetchBadgePeople(get, healthSeriesAhead) },
  '/card/health-report': () => import('./pages/health-report-page'),
  '/card/track': { load: () => import('./pages/track-page'), prefetch: (get) => prefetchBadgePeople(get, personStaysAhead) },
} satisfies PageLoaders;

/** What it lends other sub-applications' pages, by the names card-declaration.ts `contributes` uses. */
const components = {
  HealthTab: () => import('./vehicle-tabs/health-tab'),
};

/** 智能工牌 (platform 11). */
export default definePlugin({ ...declaredPlugin(cardDeclaration, pages), components });
