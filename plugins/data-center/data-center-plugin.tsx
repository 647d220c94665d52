import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/dataCenter/overview', title: '概览', menuId: 1701, main: true, load: () => import('./pages/overview-page') },
  { path: '/dataCenter/dashboard', title: '数据看板', menuId: 1702, main: true, load: () => import('./pages/dashboard-page') },
  // full screen for control rooms: no layout, also when opened in a tab of its own (urlType=blank)
  { path: '/dataCenter/screen', title: '数据大屏', menuId: 1703, showLayout: false, load: () => import('./pages/screen-page') },
];

const menus: MenuContribution[] = [
  { id: 1701, title: '概览', path: '/dataCenter/overview', icon: 'Board' },
  { id: 1702, title: '数据看板', path: '/dataCenter/dashboard', icon: 'DataArea' },
  { id: 1703, title: '数据大屏', path: '/dataCenter/screen', icon: 'Board' },
];

/** 数据中心 (platform 17): 概览, 数据看板 and 数据大屏. */
export default definePlugin({
  platformId: 17,
  systemId: 'dataCenter',
  title: '数据中心',
  icon: 'DataArea',
  basePath: '/dataCenter/',
  routes,
  menus,
});
