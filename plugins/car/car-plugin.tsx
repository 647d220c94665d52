import { declaredPlugin, definePlugin, type PageLoaders, prefetchAssetMonitor, prefetchPlatformOverview } from '@tianlu/sdk';
import { prefetchRealtimeAlarms } from './alarm/realtime-query';
import { carDeclaration } from './car-declaration';

/** The page modules, by the path car-declaration.ts gives each page. */
const pages = {
  '/car/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, carDeclaration.platformId) },
  '/car/monitor': { load: () => import('./pages/monitor-page'), prefetch: (get) => prefetchAssetMonitor(get, 'vehicle') },
  '/car/playback': () => import('./pages/playback-page'),
  '/car/alarm': { load: () => import('./pages/alarm-page'), prefetch: prefetchRealtimeAlarms },
  '/car/command': () => import('./pages/command-page'),
  '/car/fence': () => import('./pages/fence-page'),
} satisfies PageLoaders;

/** 智能车联 (platform 8). */
export default definePlugin(declaredPlugin(carDeclaration, pages));
