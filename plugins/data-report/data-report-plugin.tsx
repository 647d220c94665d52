import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/data-report/overview', title: '概览', menuId: 2001, main: true, load: () => import('./pages/overview-page') },
  { path: '/data-report/dataReport/mileageReport', title: '里程报表', menuId: 2010, load: () => import('./pages/mileage-report-page') },
  { path: '/data-report/dataReport/alarmInfo', title: '告警明细', menuId: 2020, load: () => import('./pages/alarm-info-page') },
  { path: '/data-report/dataReport/carDayOnline', title: '车辆日在线', menuId: 2030, load: () => import('./pages/day-online-page') },
];

const menus: MenuContribution[] = [
  { id: 2001, title: '概览', path: '/data-report/overview', icon: 'Board' },
  { id: 2010, title: '里程报表', path: '/data-report/dataReport/mileageReport', icon: 'DocumentTable' },
  { id: 2020, title: '告警明细', path: '/data-report/dataReport/alarmInfo', icon: 'Alert' },
  { id: 2030, title: '车辆日在线', path: '/data-report/dataReport/carDayOnline', icon: 'History' },
];

/** 数据报表 (platform 20): 概览, 里程报表, 告警明细, 车辆日在线. */
export default definePlugin({
  platformId: 20,
  systemId: 'data-report',
  title: '数据报表',
  icon: 'DocumentTable',
  basePath: '/data-report/',
  routes,
  menus,
});
