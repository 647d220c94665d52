import { declaredPlugin, definePlugin, type PageLoaders, prefetchPlatformOverview } from '@tianlu/sdk';
import { dataReportDeclaration } from './data-report-declaration';
import { prefetchReport, reportQueries } from './report/report-queries';

/** The page modules, by the path data-report-declaration.ts gives each page; a report's first page is asked beside its code. */
const pages = {
  '/data-report/overview': { load: () => import('./pages/overview-page'), prefetch: (get) => prefetchPlatformOverview(get, dataReportDeclaration.platformId) },
  '/data-report/dataReport/mileageReport': { load: () => import('./pages/mileage-report-page'), prefetch: (get) => prefetchReport(get, reportQueries.mileage()) },
  '/data-report/dataReport/alarmInfo': { load: () => import('./pages/alarm-info-page'), prefetch: (get) => prefetchReport(get, reportQueries.alarm()) },
  '/data-report/dataReport/carDayOnline': { load: () => import('./pages/day-online-page'), prefetch: (get) => prefetchReport(get, reportQueries.dayOnline()) },
  '/data-report/dataReport/tripReport': { load: () => import('./pages/trip-report-page'), prefetch: (get) => prefetchReport(get, reportQueries.trips()) },
  '/data-report/dataReport/stopReport': { load: () => import('./pages/stop-report-page'), prefetch: (get) => prefetchReport(get, reportQueries.stops()) },
  '/data-report/dataReport/overspeedReport': { load: () => import('./pages/overspeed-report-page'), prefetch: (get) => prefetchReport(get, reportQueries.overspeed()) },
  '/data-report/dataReport/mileageSummary': { load: () => import('./pages/mileage-summary-page'), prefetch: (get) => prefetchReport(get, reportQueries.mileageSummary()) },
  '/data-report/dataReport/fuelReport': { load: () => import('./pages/fuel-report-page'), prefetch: (get) => prefetchReport(get, reportQueries.fuel()) },
  '/data-report/dataReport/offlineReport': { load: () => import('./pages/offline-report-page'), prefetch: (get) => prefetchReport(get, reportQueries.offline()) },
} satisfies PageLoaders;

/** 数据报表 (platform 20): 概览, 里程报表, 告警明细, 车辆日在线, 行程报表, 停车报表, 超速报表, 里程汇总, 油耗报表, 离线报表. */
export default definePlugin(declaredPlugin(dataReportDeclaration, pages));
