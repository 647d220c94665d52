import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/pet/overview', title: '概览', menuId: 1301, main: true, load: () => import('./pages/overview-page') },
  { path: '/pet/monitor', title: '宠物定位', menuId: 1302, load: () => import('./pages/monitor-page') },
  { path: '/pet/zones', title: '安全区域', menuId: 1303, load: () => import('./pages/zones-page') },
  { path: '/pet/profiles', title: '宠物档案', menuId: 1304, load: () => import('./pages/profiles-page') },
  { path: '/pet/walks', title: '遛狗记录', menuId: 1310, load: () => import('./pages/walks-page') },
];

const menus: MenuContribution[] = [
  { id: 1301, title: '概览', path: '/pet/overview', icon: 'Board' },
  { id: 1302, title: '宠物定位', path: '/pet/monitor', icon: 'Location' },
  { id: 1303, title: '安全区域', path: '/pet/zones', icon: 'Shapes' },
  { id: 1304, title: '宠物档案', path: '/pet/profiles', icon: 'ContactCard' },
  { id: 1310, title: '遛狗记录', path: '/pet/walks', icon: 'History' },
];

/** 宠物守护 (platform 13). */
export default definePlugin({
  platformId: 13,
  systemId: 'pet',
  assetKinds: ['pet'],
  title: '宠物守护',
  icon: 'AnimalDog',
  basePath: '/pet/',
  routes,
  menus,
});
