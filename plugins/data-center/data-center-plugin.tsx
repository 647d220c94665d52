import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/dataCenter/overview', title: '概览', menuId: 1701, main: true, load: () => import('./pages/overview-page') },
];

const menus: MenuContribution[] = [
  { id: 1701, title: '概览', path: '/dataCenter/overview', icon: 'Board' },
];

/** 数据中心 (platform 17). */
export default definePlugin({
  platformId: 17,
  systemId: 'dataCenter',
  title: '数据中心',
  icon: 'DataArea',
  basePath: '/dataCenter/',
  routes,
  menus,
});
