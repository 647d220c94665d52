import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/elec-gb/overview', title: '概览', menuId: 2601, main: true, load: () => import('./pages/overview-page') },
  { path: '/elec-gb/declare', title: '备案登记', menuId: 2610, load: () => import('./pages/declare-page') },
  { path: '/elec-gb/labels', title: '打印标签', menuId: 2610, load: () => import('./pages/labels-page') },
  { path: '/elec-gb/report', title: '合规报表', menuId: 2620, load: () => import('./pages/report-page') },
];

const menus: MenuContribution[] = [
  { id: 2601, title: '概览', path: '/elec-gb/overview', icon: 'Board' },
  { id: 2610, title: '备案登记', path: '/elec-gb/declare', icon: 'DocumentTable' },
  { id: 2620, title: '合规报表', path: '/elec-gb/report', icon: 'DataArea' },
];

/** 新国标 (platform 26): 备案登记 with compliance checks and QR labels, and 合规报表. */
export default definePlugin({
  platformId: 26,
  systemId: 'elec-gb',
  assetKinds: ['ebike'],
  title: '新国标',
  icon: 'ShieldCheckmark',
  basePath: '/elec-gb/',
  routes,
  menus,
});
