import { declaredPlugin, definePlugin, type PageLoaders, prefetchPlatformOverview } from '@tianlu/sdk';
import { elecGbDeclaration } from './elec-gb-declaration';

/** The page modules, by the path elec-gb-declaration.ts gives each page. */
const pages = {
  '/elec-gb/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, elecGbDeclaration.platformId) },
  '/elec-gb/declare': () => import('./pages/declare-page'),
  '/elec-gb/labels': () => import('./pages/labels-page'),
  '/elec-gb/report': () => import('./pages/report-page'),
} satisfies PageLoaders;

/** 新国标 (platform 26): 备案登记 with compliance checks and QR labels, and 合规报表. */
export default definePlugin(declaredPlugin(elecGbDeclaration, pages));
