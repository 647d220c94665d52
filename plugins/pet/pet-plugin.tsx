import { declaredPlugin, definePlugin, type PageLoaders, prefetchAssetMonitor, prefetchPagedQuery, prefetchPlatformOverview, prefetchTripLog } from '@tianlu/sdk';
import { PET_LIST } from './components/use-pet-list';
import { prefetchZones } from './pet-api';
import { petDeclaration } from './pet-declaration';

/** The page modules, by the path pet-declaration.ts gives each page. */
const pages = {
  '/pet/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, petDeclaration.platformId) },
  '/pet/monitor': {
    load: () => import('./pages/monitor-page'),
    // the monitor, and the pet cards beside it
    prefetch: (get) => void (prefetchAssetMonitor(get, 'pet'), prefetchPagedQuery(get, PET_LIST)),
  },
  '/pet/zones': { load: () => import('./pages/zones-page'), prefetch: prefetchZones },
  '/pet/profiles': { load: () => import('./pages/profiles-page'), prefetch: (get) => prefetchPagedQuery(get, PET_LIST) },
  '/pet/walks': { load: () => import('./pages/walks-page'), prefetch: (get) => prefetchTripLog(get, 'pet') },
} satisfies PageLoaders;

/** 宠物守护 (platform 13). */
export default definePlugin(declaredPlugin(petDeclaration, pages));
