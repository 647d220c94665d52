import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/elec-lease/overview', title: '概览', menuId: 2301, main: true, load: () => import('./pages/overview-page') },
  { path: '/elec-lease/renter', title: '租户管理', menuId: 2302, load: () => import('./pages/renter-page') },
  { path: '/elec-lease/contract', title: '合同管理', menuId: 2303, load: () => import('./pages/contract-page') },
  { path: '/elec-lease/income', title: '收入概览', menuId: 2304, load: () => import('./pages/income-page') },
  { path: '/elec-lease/settings', title: '租赁设置', menuId: 2305, load: () => import('./pages/settings-page') },
];

const menus: MenuContribution[] = [
  { id: 2301, title: '概览', path: '/elec-lease/overview', icon: 'Board' },
  { id: 2302, title: '租户管理', path: '/elec-lease/renter', icon: 'PeopleTeam' },
  { id: 2303, title: '合同管理', path: '/elec-lease/contract', icon: 'DocumentTable' },
  { id: 2304, title: '收入概览', path: '/elec-lease/income', icon: 'DataArea' },
  { id: 2305, title: '租赁设置', path: '/elec-lease/settings', icon: 'Settings' },
];

/** 电动车租赁 (platform 23): renters, contracts with 还车 / 续租 / 终止 / 收款, 收入概览 and 租赁设置. */
export default definePlugin({
  platformId: 23,
  systemId: 'elec-lease',
  assetKinds: ['ebike'],
  title: '电动车租赁',
  icon: 'Receipt',
  basePath: '/elec-lease/',
  routes,
  menus,
});
