import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/elec-gb/overview', title: '概览', menuId: 2601, main: true, load: () => import('./pages/overview-page') },
];

const menus: MenuContribution[] = [
  { id: 2601, title: '概览', path: '/elec-gb/overview', icon: 'Board' },
];

/** 新国标 (platform 26). */
export default definePlugin({
  platformId: 26,
  systemId: 'elec-gb',
  title: '新国标',
  icon: 'ShieldCheckmark',
  basePath: '/elec-gb/',
  routes,
  menus,
});
