import { declaredPlugin, definePlugin } from '@tianlu/sdk';
import { elecLeaseDeclaration } from './elec-lease-declaration';

/** The page modules, by the path elec-lease-declaration.ts gives each page. */
const pages = {
  '/elec-lease/overview': () => import('./pages/overview-page'),
  '/elec-lease/renter': () => import('./pages/renter-page'),
  '/elec-lease/contract': () => import('./pages/contract-page'),
  '/elec-lease/income': () => import('./pages/income-page'),
  '/elec-lease/settings': () => import('./pages/settings-page'),
};

/** 电动车租赁 (platform 23): renters, contracts with 还车 / 续租 / 终止 / 收款, 收入概览 and 租赁设置. */
export default definePlugin({
  ...declaredPlugin(elecLeaseDeclaration, pages),
  // what its declaration's `contributes` names: 租赁概况 on 数据中心's dashboard
  components: { LeaseDashboardCard: () => import('./dashboard/lease-dashboard-card') },
});
