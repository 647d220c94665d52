import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

const routes: PluginRoute[] = [
  { path: '/data-report/overview', title: '概览', menuId: 2001, main: true, load: () => import('./pages/overview-page') },
  { path: '/data-report/dataReport/mileageReport', title: '里程报表', menuId: 2010, load: () => import('./pages/mileage-report-page') },
  { path: '/data-report/dataReport/alarmInfo', title: '告警明细', menuId: 2020, load: () => import('./pages/alarm-info-page') },
  { path: '/data-report/dataReport/carDayOnline', title: '车辆日在线', menuId: 2030, load: () => import('./pages/day-online-page') },
  { path: '/data-report/dataReport/tripReport', title: '行程报表', menuId: 2040, load: () => import('./pages/trip-report-page') },
  { path: '/data-report/dataReport/stopReport', title: '停车报表', menuId: 2050, load: () => import('./pages/stop-report-page') },
  { path: '/data-report/dataReport/overspeedReport', title: '超速报表', menuId: 2060, load: () => import('./pages/overspeed-report-page') },
  { path: '/data-report/dataReport/mileageSummary', title: '里程汇总', menuId: 2070, load: () => import('./pages/mileage-summary-page') },
  { path: '/data-report/dataReport/fuelReport', title: '油耗报表', menuId: 2080, load: () => import('./pages/fuel-report-page') },
  { path: '/data-report/dataReport/offlineReport', title: '离线报表', menuId: 2090, load: () => import('./pages/offline-report-page') },
];

const menus: MenuContribution[] = [
  { id: 2001, title: '概览', path: '/data-report/overview', icon: 'Board' },
  { id: 2010, title: '里程报表', path: '/data-report/dataReport/mileageReport', icon: 'DocumentTable' },
  { id: 2020, title: '告警明细', path: '/data-report/dataReport/alarmInfo', icon: 'Alert' },
  { id: 2030, title: '车辆日在线', path: '/data-report/dataReport/carDayOnline', icon: 'History' },
  { id: 2040, title: '行程报表', path: '/data-report/dataReport/tripReport', icon: 'VehicleCar' },
  { id: 2050, title: '停车报表', path: '/data-report/dataReport/stopReport', icon: 'Location' },
  { id: 2060, title: '超速报表', path: '/data-report/dataReport/overspeedReport', icon: 'Alert' },
  { id: 2070, title: '里程汇总', path: '/data-report/dataReport/mileageSummary', icon: 'DataArea' },
  { id: 2080, title: '油耗报表', path: '/data-report/dataReport/fuelReport', icon: 'DocumentTable' },
  { id: 2090, title: '离线报表', path: '/data-report/dataReport/offlineReport', icon: 'History' },
];

/** 数据报表 (platform 20): 概览, 里程报表, 告警明细, 车辆日在线, 行程报表, 停车报表, 超速报表, 里程汇总, 油耗报表, 离线报表. */
export default definePlugin({
  platformId: 20,
  systemId: 'data-report',
  title: '数据报表',
  icon: 'DocumentTable',
  basePath: '/data-report/',
  routes,
  menus,
});
