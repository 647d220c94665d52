import { declaredPlugin, definePlugin } from '@tianlu/sdk';
import { dataReportDeclaration } from './data-report-declaration';

/** The page modules, by the path data-report-declaration.ts gives each page. */
const pages = {
  '/data-report/overview': () => import('./pages/overview-page'),
  '/data-report/dataReport/mileageReport': () => import('./pages/mileage-report-page'),
  '/data-report/dataReport/alarmInfo': () => import('./pages/alarm-info-page'),
  '/data-report/dataReport/carDayOnline': () => import('./pages/day-online-page'),
  '/data-report/dataReport/tripReport': () => import('./pages/trip-report-page'),
  '/data-report/dataReport/stopReport': () => import('./pages/stop-report-page'),
  '/data-report/dataReport/overspeedReport': () => import('./pages/overspeed-report-page'),
  '/data-report/dataReport/mileageSummary': () => import('./pages/mileage-summary-page'),
  '/data-report/dataReport/fuelReport': () => import('./pages/fuel-report-page'),
  '/data-report/dataReport/offlineReport': () => import('./pages/offline-report-page'),
};

/** 数据报表 (platform 20): 概览, 里程报表, 告警明细, 车辆日在线, 行程报表, 停车报表, 超速报表, 里程汇总, 油耗报表, 离线报表. */
export default definePlugin(declaredPlugin(dataReportDeclaration, pages));
