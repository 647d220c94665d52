import { declaredPlugin, definePlugin, type PageLoaders, prefetchPagedQuery, prefetchPlatformOverview } from '@tianlu/sdk';
import { DICTIONARY_LIST, LOG_LIST, prefetchCustomers, prefetchTenantOptions, ROLE_LIST, USER_LIST } from './admin/admin-queries';
import { prefetchAssetPage, prefetchTerminalPage } from './asset-admin/asset-api';
import { prefetchGroups } from './asset-admin/group-query';
import { systemDeclaration } from './system-declaration';

/** The page modules, by the path system-declaration.ts gives each page, with the first data each asks. */
const pages = {
  '/system/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, systemDeclaration.platformId) },
  '/system/customer': { load: () => import('./pages/customer-page'), prefetch: prefetchCustomers },
  '/system/user': {
    load: () => import('./pages/user-page'),
    prefetch: (get) => {
      prefetchPagedQuery(get, USER_LIST);
      prefetchTenantOptions(get);
    },
  },
  '/system/role': {
    load: () => import('./pages/role-page'),
    prefetch: (get) => {
      prefetchPagedQuery(get, ROLE_LIST);
      prefetchTenantOptions(get);
    },
  },
  '/system/vehicle': { load: () => import('./pages/vehicle-page'), prefetch: (get) => prefetchAssetPage(get, 'vehicle') },
  '/system/person': { load: () => import('./pages/person-page'), prefetch: (get) => prefetchAssetPage(get, 'person') },
  '/system/pet': { load: () => import('./pages/pet-page'), prefetch: (get) => prefetchAssetPage(get, 'pet') },
  '/system/ebike': { load: () => import('./pages/ebike-page'), prefetch: (get) => prefetchAssetPage(get, 'ebike') },
  '/system/terminal': { load: () => import('./pages/terminal-page'), prefetch: prefetchTerminalPage },
  '/system/group': { load: () => import('./pages/group-page'), prefetch: prefetchGroups },
  '/system/log': { load: () => import('./pages/log-page'), prefetch: (get) => prefetchPagedQuery(get, LOG_LIST) },
  '/system/dictionary': { load: () => import('./pages/dictionary-page'), prefetch: (get) => prefetchPagedQuery(get, DICTIONARY_LIST) },
} satisfies PageLoaders;

/** 系统管理 (platform 12). */
export default definePlugin(declaredPlugin(systemDeclaration, pages));
