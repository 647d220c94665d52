import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/data-report/overview', title: '概览', menuId: 2001, main: true, load: () => import('./pages/overview-page') },
];

const menus: MenuContribution[] = [
  { id: 2001, title: '概览', path: '/data-report/overview', icon: 'Board' },
];

/** 数据报表 (platform 20). */
export default definePlugin({
  platformId: 20,
  systemId: 'data-report',
  title: '数据报表',
  icon: 'DocumentTable',
  basePath: '/data-report/',
  routes,
  menus,
});
