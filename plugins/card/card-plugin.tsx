import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/card/overview', title: '概览', menuId: 1101, main: true, load: () => import('./pages/overview-page') },
  { path: '/card/monitor', title: '人员监控', menuId: 1102, load: () => import('./pages/monitor-page') },
  { path: '/card/attendance', title: '考勤管理', menuId: 1103, load: () => import('./pages/attendance-page') },
  { path: '/card/attendance-report', title: '考勤报表', menuId: 1104, load: () => import('./pages/attendance-report-page') },
  { path: '/card/health', title: '健康', menuId: 1105, load: () => import('./pages/health-page') },
  { path: '/card/health-report', title: '健康报表', menuId: 1106, load: () => import('./pages/health-report-page') },
  { path: '/card/track', title: '轨迹回放', menuId: 1107, load: () => import('./pages/track-page') },
];

const menus: MenuContribution[] = [
  { id: 1101, title: '概览', path: '/card/overview', icon: 'Board' },
  { id: 1102, title: '人员监控', path: '/card/monitor', icon: 'Location' },
  { id: 1103, title: '考勤管理', path: '/card/attendance', icon: 'PeopleTeam' },
  { id: 1104, title: '考勤报表', path: '/card/attendance-report', icon: 'DocumentTable' },
  { id: 1105, title: '健康', path: '/card/health', icon: 'HeartPulse' },
  { id: 1106, title: '健康报表', path: '/card/health-report', icon: 'DataArea' },
  { id: 1107, title: '轨迹回放', path: '/card/track', icon: 'History' },
];

/** 智能工牌 (platform 11). */
export default definePlugin({
  platformId: 11,
  systemId: 'card',
  assetKinds: ['person'],
  title: '智能工牌',
  icon: 'ContactCard',
  basePath: '/card/',
  routes,
  menus,
});
