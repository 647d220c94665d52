import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/card/overview', title: '概览', menuId: 1101, main: true, load: () => import('./pages/overview-page') },
  { path: '/card/monitor', title: '人员监控', menuId: 1102, load: () => import('./pages/monitor-page') },
];

const menus: MenuContribution[] = [
  { id: 1101, title: '概览', path: '/card/overview', icon: 'Board' },
  { id: 1102, title: '人员监控', path: '/card/monitor', icon: 'Location' },
];

/** 智能工牌 (platform 11). */
export default definePlugin({
  platformId: 11,
  systemId: 'card',
  title: '智能工牌',
  icon: 'ContactCard',
  basePath: '/card/',
  routes,
  menus,
});
