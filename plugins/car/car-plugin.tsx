import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/car/overview', title: '概览', menuId: 8001, main: true, load: () => import('./pages/overview-page') },
  { path: '/car/monitor', title: '实时监控', menuId: 8100, main: true, load: () => import('./pages/monitor-page') },
];

const menus: MenuContribution[] = [
  { id: 8001, title: '概览', path: '/car/overview', icon: 'Board' },
  { id: 8100, title: '实时监控', path: '/car/monitor', icon: 'Location' },
];

/** 智能车联 (platform 8). */
export default definePlugin({
  platformId: 8,
  systemId: 'car',
  title: '智能车联',
  icon: 'VehicleCar',
  basePath: '/car/',
  routes,
  menus,
});
