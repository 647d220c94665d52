import type { PluginDeclaration } from '@tianlu/sdk';

/** 数据报表 (platform 20): its identity, pages, menus and buttons, declared once. */
export const dataReportDeclaration: PluginDeclaration = {
  platformId: 20,
  systemId: 'data-report',
  title: '数据报表',
  icon: 'DocumentTable',
  basePath: '/data-report/',
  overviewMenuId: 2001,
  pages: [
    { path: '/data-report/dataReport/mileageReport', title: '里程报表', menuId: 2010, icon: 'DocumentTable' },
    { path: '/data-report/dataReport/alarmInfo', title: '告警明细', menuId: 2020, icon: 'Alert' },
    { path: '/data-report/dataReport/carDayOnline', title: '日在线', menuId: 2030, icon: 'History' },
    { path: '/data-report/dataReport/tripReport', title: '行程报表', menuId: 2040, icon: 'VehicleCar', grantedWith: 2010 },
    { path: '/data-report/dataReport/stopReport', title: '停车报表', menuId: 2050, icon: 'Location', grantedWith: 2010 },
    { path: '/data-report/dataReport/overspeedReport', title: '超速报表', menuId: 2060, icon: 'Alert', grantedWith: 2010 },
    { path: '/data-report/dataReport/mileageSummary', title: '里程汇总', menuId: 2070, icon: 'DataArea', grantedWith: 2010 },
    { path: '/data-report/dataReport/fuelReport', title: '油耗报表', menuId: 2080, icon: 'DocumentTable', grantedWith: 2010 },
    { path: '/data-report/dataReport/offlineReport', title: '离线报表', menuId: 2090, icon: 'History', grantedWith: 2030 },
  ],
};
