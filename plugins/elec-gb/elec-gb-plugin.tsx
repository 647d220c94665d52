import { declaredPlugin, definePlugin, type PageLoaders, prefetchPagedQuery, prefetchPlatformOverview } from '@tianlu/sdk';
import { DECLARE_LIST, prefetchComplianceReport } from './declare/gb-api';
import { elecGbDeclaration } from './elec-gb-declaration';

/** The page modules, by the path elec-gb-declaration.ts gives each page. */
const pages = {
  '/elec-gb/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, elecGbDeclaration.platformId) },
  '/elec-gb/declare': { load: () => import('./pages/declare-page'), prefetch: (get) => prefetchPagedQuery(get, DECLARE_LIST) },
  '/elec-gb/labels': () => import('./pages/labels-page'),
  '/elec-gb/report': { load: () => import('./pages/report-page'), prefetch: prefetchComplianceReport },
} satisfies PageLoaders;

/** 新国标 (platform 26): 备案登记 with compliance checks and QR labels, and 合规报表. */
export default definePlugin(declaredPlugin(elecGbDeclaration, pages));
