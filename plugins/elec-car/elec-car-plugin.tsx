import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/elec-car/overview', title: '概览', menuId: 1801, main: true, load: () => import('./pages/overview-page') },
  { path: '/elec-car/monitor', title: '电动车监控', menuId: 1802, load: () => import('./pages/monitor-page') },
  { path: '/elec-car/battery', title: '电池曲线', menuId: 1811, load: () => import('./pages/battery-page') },
  { path: '/elec-car/rides', title: '骑行记录', menuId: 1810, load: () => import('./pages/rides-page') },
];

const menus: MenuContribution[] = [
  { id: 1801, title: '概览', path: '/elec-car/overview', icon: 'Board' },
  { id: 1802, title: '电动车监控', path: '/elec-car/monitor', icon: 'Location' },
  { id: 1811, title: '电池曲线', path: '/elec-car/battery', icon: 'Battery' },
  { id: 1810, title: '骑行记录', path: '/elec-car/rides', icon: 'History' },
];

/** 电动车卫士 (platform 18). */
export default definePlugin({
  platformId: 18,
  systemId: 'elec-car',
  assetKinds: ['ebike'],
  title: '电动车卫士',
  icon: 'VehicleBicycle',
  basePath: '/elec-car/',
  routes,
  menus,
});
