import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/car/overview', title: '概览', menuId: 8001, main: true, load: () => import('./pages/overview-page') },
  { path: '/car/monitor', title: '实时监控', menuId: 8100, main: true, load: () => import('./pages/monitor-page') },
  { path: '/car/playback', title: '轨迹回放', menuId: 8200, main: true, load: () => import('./pages/playback-page') },
  { path: '/car/alarm', title: '告警中心', menuId: 8300, main: true, load: () => import('./pages/alarm-page') },
  { path: '/car/command', title: '指令下发', menuId: 8400, main: true, load: () => import('./pages/command-page') },
  { path: '/car/fence', title: '电子围栏', menuId: 8500, main: true, load: () => import('./pages/fence-page') },
];

const menus: MenuContribution[] = [
  { id: 8001, title: '概览', path: '/car/overview', icon: 'Board' },
  { id: 8100, title: '实时监控', path: '/car/monitor', icon: 'Location' },
  { id: 8200, title: '轨迹回放', path: '/car/playback', icon: 'History' },
  { id: 8300, title: '告警中心', path: '/car/alarm', icon: 'Alert' },
  { id: 8400, title: '指令下发', path: '/car/command', icon: 'Send' },
  { id: 8500, title: '电子围栏', path: '/car/fence', icon: 'Shapes' },
];

/** 智能车联 (platform 8). */
export default definePlugin({
  platformId: 8,
  systemId: 'car',
  assetKinds: ['vehicle'],
  title: '智能车联',
  icon: 'VehicleCar',
  basePath: '/car/',
  routes,
  menus,
});
