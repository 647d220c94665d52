import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/system/overview', title: '概览', menuId: 1201, main: true, load: () => import('./pages/overview-page') },
];

const menus: MenuContribution[] = [
  { id: 1201, title: '概览', path: '/system/overview', icon: 'Board' },
];

/** 系统管理 (platform 12). */
export default definePlugin({
  platformId: 12,
  systemId: 'system',
  title: '系统管理',
  icon: 'Settings',
  basePath: '/system/',
  routes,
  menus,
});
