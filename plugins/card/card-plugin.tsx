import { declaredPlugin, definePlugin, type PageLoaders, prefetchAssetMonitor, prefetchPlatformOverview } from '@tianlu/sdk';
import { prefetchAttendanceSetup } from './attendance/attendance-query';
import { prefetchAttendanceReport } from './attendance/attendance-report-query';
import { cardDeclaration } from './card-declaration';
import { healthSeriesAhead, personStaysAhead, prefetchBadgePeople } from './health/badge-people-query';
import { prefetchHealthReport } from './health/health-report-query';

/** The page modules, by the path card-declaration.ts gives each page. */
const pages = {
  '/card/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, cardDeclaration.platformId) },
  '/card/monitor': { load: () => import('./pages/monitor-page'), prefetch: (get) => prefetchAssetMonitor(get, 'person', 'department') },
  '/card/attendance': { load: () => import('./pages/attendance-page'), prefetch: prefetchAttendanceSetup },
  '/card/attendance-report': { load: () => import('./pages/attendance-report-page'), prefetch: prefetchAttendanceReport },
  '/card/health': { load: () => import('./pages/health-page'), prefetch: (get) => prefetchBadgePeople(get, healthSeriesAhead) },
  '/card/health-report': { load: () => import('./pages/health-report-page'), prefetch: prefetchHealthReport },
  '/card/track': { load: () => import('./pages/track-page'), prefetch: (get) => prefetchBadgePeople(get, personStaysAhead) },
} satisfies PageLoaders;

/** What it lends other sub-applications' pages, by the names card-declaration.ts `contributes` uses. */
const components = {
  HealthTab: () => import('./vehicle-tabs/health-tab'),
};

/** 智能工牌 (platform 11). */
export default definePlugin({ ...declaredPlugin(cardDeclaration, pages), components });
