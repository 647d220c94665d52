import { declaredPlugin, definePlugin, type PageLoaders, prefetchAssetMonitor, prefetchPlatformOverview } from '@tianlu/sdk';
import { prefetchRealtimeAlarms } from './alarm/realtime-query';
import { carDeclaration } from './car-declaration';
import { prefetchCommands } from './command/command-query';
import { prefetchFences } from './fence/fence-query';
import { prefetchPlayback } from './playback/playback-query';

/** The page modules, by the path car-declaration.ts gives each page. */
const pages = {
  '/car/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, carDeclaration.platformId) },
  '/car/monitor': { load: () => import('./pages/monitor-page'), prefetch: (get) => prefetchAssetMonitor(get, 'vehicle') },
  '/car/playback': { load: () => import('./pages/playback-page'), prefetch: prefetchPlayback },
  '/car/alarm': { load: () => import('./pages/alarm-page'), prefetch: prefetchRealtimeAlarms },
  '/car/command': { load: () => import('./pages/command-page'), prefetch: (get) => prefetchCommands(get) },
  '/car/fence': { load: () => import('./pages/fence-page'), prefetch: prefetchFences },
} satisfies PageLoaders;

/** 智能车联 (platform 8). */
export default definePlugin(declaredPlugin(carDeclaration, pages));
