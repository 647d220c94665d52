import { declaredPlugin, definePlugin, type PageLoaders, prefetchPagedQuery, prefetchPlatformOverview } from '@tianlu/sdk';
import { elecLeaseDeclaration } from './elec-lease-declaration';
import { CONTRACT_LIST, prefetchIncome, prefetchLeaseSettings, RENTER_LIST } from './lease/lease-api';

/** The page modules, by the path elec-lease-declaration.ts gives each page. */
const pages = {
  '/elec-lease/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, elecLeaseDeclaration.platformId) },
  '/elec-lease/renter': { load: () => import('./pages/renter-page'), prefetch: (get) => prefetchPagedQuery(get, RENTER_LIST) },
  '/elec-lease/contract': { load: () => import('./pages/contract-page'), prefetch: (get) => prefetchPagedQuery(get, CONTRACT_LIST) },
  '/elec-lease/income': { load: () => import('./pages/income-page'), prefetch: prefetchIncome },
  '/elec-lease/settings': { load: () => import('./pages/settings-page'), prefetch: prefetchLeaseSettings },
} satisfies PageLoaders;

/** 电动车租赁 (platform 23): renters, contracts with 还车 / 续租 / 终止 / 收款, 收入概览 and 租赁设置. */
export default definePlugin({
  ...declaredPlugin(elecLeaseDeclaration, pages),
  // what its declaration's `contributes` names: 租赁概况 on 数据中心's dashboard
  components: { LeaseDashboardCard: () => import('./dashboard/lease-dashboard-card') },
});
