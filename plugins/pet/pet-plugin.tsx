import { declaredPlugin, definePlugin, type PageLoaders, prefetchAssetMonitor } from '@tianlu/sdk';
import { petDeclaration } from './pet-declaration';

/** The page modules, by the path pet-declaration.ts gives each page. */
const pages = {
  '/pet/overview': () => import('./pages/overview-page'),
  '/pet/monitor': { load: () => import('./pages/monitor-page'), prefetch: (get) => prefetchAssetMonitor(get, 'pet') },
  '/pet/zones': () => import('./pages/zones-page'),
  '/pet/profiles': () => import('./pages/profiles-page'),
  '/pet/walks': () => import('./pages/walks-page'),
} satisfies PageLoaders;

/** 宠物守护 (platform 13). */
export default definePlugin(declaredPlugin(petDeclaration, pages));
