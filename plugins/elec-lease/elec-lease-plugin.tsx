import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/elec-lease/overview', title: '概览', menuId: 2301, main: true, load: () => import('./pages/overview-page') },
];

const menus: MenuContribution[] = [
  { id: 2301, title: '概览', path: '/elec-lease/overview', icon: 'Board' },
];

/** 电动车租赁 (platform 23). */
export default definePlugin({
  platformId: 23,
  systemId: 'elec-lease',
  title: '电动车租赁',
  icon: 'Receipt',
  basePath: '/elec-lease/',
  routes,
  menus,
});
