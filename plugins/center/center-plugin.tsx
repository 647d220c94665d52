import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

/** Home and the system centre (spec §2, routes of the centre application), all loaded on demand. */
const routes: PluginRoute[] = [
  { path: '/', title: '首页', redirect: '/home' },
  { path: '/home', name: 'Home', title: '首页', ignoreAuth: true, main: true, load: () => import('./pages/home-page') },
  { path: '/center', title: '系统中心', ignoreAuth: true, redirect: '/center/notice' },
  { path: '/center/notice', title: '站内消息', menuId: 4002, ignoreAuth: true, main: true, load: () => import('./pages/notice-page') },
  { path: '/center/security', title: '安全中心', menuId: 4001, ignoreAuth: true, main: true, load: () => import('./pages/security-page') },
  { path: '/center/download', title: '下载中心', menuId: 1601, ignoreAuth: true, main: true, load: () => import('./pages/download-page') },
  {
    path: '/center/detail',
    name: 'noticeDetail',
    title: '公告详情',
    menuId: 1601,
    ignoreAuth: true,
    main: true,
    load: () => import('./pages/notice-detail-page'),
  },
  { path: '/center/alarmSetting', title: '告警设置', menuId: 400301, ignoreAuth: true, main: true, load: () => import('./pages/alarm-setting-page') },
  { path: '/center/alarmPush', title: '推送设置', menuId: 400302, ignoreAuth: true, main: true, load: () => import('./pages/alarm-push-page') },
  { path: '/center/health', title: '健康设置', menuId: 400303, ignoreAuth: true, main: true, load: () => import('./pages/health-page') },
  { path: '/center/mapSetting', title: '地图设置', menuId: 400304, ignoreAuth: true, main: true, load: () => import('./pages/map-setting-page') },
];

const menus: MenuContribution[] = [
  { id: 4002, title: '站内消息', path: '/center/notice', icon: 'Mail' },
  { id: 4001, title: '安全中心', path: '/center/security', icon: 'ShieldLock' },
  { id: 1601, title: '下载中心', path: '/center/download', icon: 'ArrowDownload' },
  {
    id: 4003,
    title: '设置',
    icon: 'Settings',
    children: [
      { id: 400301, title: '告警设置', path: '/center/alarmSetting' },
      { id: 400302, title: '推送设置', path: '/center/alarmPush' },
      { id: 400303, title: '健康设置', path: '/center/health' },
      { id: 400304, title: '地图设置', path: '/center/mapSetting' },
    ],
  },
];

/** 系统中心 (platform 0): home and the centre pages every role has. */
export default definePlugin({
  platformId: 0,
  systemId: 'center',
  title: '系统中心',
  icon: 'Home',
  basePath: '/',
  routes,
  menus,
});
