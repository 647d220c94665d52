import { declaredPlugin, definePlugin, type PageLoaders, prefetchAssetMonitor, prefetchPlatformOverview, prefetchTripLog } from '@tianlu/sdk';
import { prefetchBattery } from './battery/battery-query';
import { elecCarDeclaration } from './elec-car-declaration';

/** The page modules, by the path elec-car-declaration.ts gives each page. */
const pages = {
  '/elec-car/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, elecCarDeclaration.platformId) },
  '/elec-car/monitor': { load: () => import('./pages/monitor-page'), prefetch: (get) => prefetchAssetMonitor(get, 'ebike') },
  '/elec-car/battery': { load: () => import('./pages/battery-page'), prefetch: prefetchBattery },
  '/elec-car/rides': { load: () => import('./pages/rides-page'), prefetch: (get) => prefetchTripLog(get, 'ebike') },
} satisfies PageLoaders;

/** 电动车卫士 (platform 18). */
export default definePlugin(declaredPlugin(elecCarDeclaration, pages));
