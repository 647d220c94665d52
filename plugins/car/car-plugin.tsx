import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

/** Pages of later milestones: a frame with the page's real title until the feature lands. */
const planned = (title: string) => () => import('./pages/planned-page').then((m) => ({ default: m.plannedPage(title) }));

const routes: PluginRoute[] = [
  { path: '/car/overview', title: '概览', menuId: 8001, main: true, load: () => import('./pages/overview-page') },
  { path: '/car/monitor', title: '实时监控', menuId: 8100, main: true, load: planned('实时监控') },
  { path: '/car/playback', title: '轨迹回放', menuId: 8200, main: true, load: planned('轨迹回放') },
  { path: '/car/alarm', title: '告警中心', menuId: 8300, main: true, load: planned('告警中心') },
  { path: '/car/command', title: '指令下发', menuId: 8400, main: true, load: planned('指令下发') },
];

const menus: MenuContribution[] = [
  { id: 8001, title: '概览', path: '/car/overview', icon: 'Board' },
  { id: 8100, title: '实时监控', path: '/car/monitor', icon: 'Location' },
  { id: 8200, title: '轨迹回放', path: '/car/playback', icon: 'History' },
  { id: 8300, title: '告警中心', path: '/car/alarm', icon: 'Alert' },
  { id: 8400, title: '指令下发', path: '/car/command', icon: 'Send' },
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
