/**
 * What each report page lists first, and how its filter becomes the server's query: read by the
 * page's {@link useReportQuery} and by the route's `prefetch` (data-report-plugin.tsx), which asks
 * the same first page while the page's code and the layout are drawn. Light on purpose: the plugin
 * module loads it with the sub-application.
 */
import {
  type AlarmStatusChoice, AlarmApi, chinaDay, chinaDayRange, HttpService, type Page, type PagedQueryOptions, prefetchPagedQuery, type QueryOf, quickTimeRange, type ReportFilterParams,
  type ServiceGetter,
} from '@tianlu/sdk';
import { addMonths, chinaMonth, monthRangeProblem } from './date-range';
import { ReportApi } from './report-api';
import type { ReportFilter } from './report-filter-bar';

/** The last seven days, every group, no keyword. */
export function defaultFilter<F extends ReportFilter>(extra: Omit<F, keyof ReportFilter>): F {
  const [first, last] = quickTimeRange('last7days', Date.now());
  return { start: chinaDay(first), end: chinaDay(last), groupId: '', keyword: '', ...extra } as F;
}

/** The common query parameters of a filter (empty ones left out). */
export function filterParams(f: ReportFilter): ReportFilterParams {
  return { start: f.start, end: f.end, ...(f.groupId ? { groupId: Number(f.groupId) } : {}), ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}) };
}

export interface AlarmFilter extends ReportFilter {
  alarmTypes: string[];
  /** '' every alarm, '0' 未处理, '1' 已处理. */
  status: AlarmStatusChoice;
}

/** The alarm history's parameters: the days as a China-time range, types as a comma list. */
export function alarmParams(f: AlarmFilter): Omit<QueryOf<typeof AlarmApi.history>, 'current' | 'pageSize'> {
  return {
    ...filterParams(f),
    ...chinaDayRange(f.start, f.end),
    ...(f.alarmTypes.length ? { alarmType: f.alarmTypes.join(',') } : {}),
    ...(f.status ? { status: Number(f.status) } : {}),
  };
}

export interface StopFilter extends ReportFilter {
  /** '' every stop, '1' ACC on (idling), '0' ACC off. */
  acc: string;
}

export const stopParams = (f: StopFilter) => ({ ...filterParams(f), ...(f.acc ? { acc: Number(f.acc) } : {}) });

export interface OfflineFilter extends ReportFilter {
  /** Offline for at least this many hours. */
  hours: string;
}

export const offlineParams = (f: OfflineFilter) => ({
  hours: Number(f.hours), ...(f.groupId ? { groupId: Number(f.groupId) } : {}), ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}),
});
const hoursProblem = (f: OfflineFilter) => (/^\d{1,4}$/.test(f.hours.trim()) && Number(f.hours) >= 1 && Number(f.hours) <= 8760 ? undefined : '离线时长必须是 1 到 8760 之间的整数');

/** This month and the two before it, every group (the server keeps their figures ahead: SUMMARY_MONTHS of server/report/report-day-warmer.ts). */
function lastMonths(): ReportFilter {
  const month = chinaMonth();
  return { start: addMonths(month, -2), end: month, groupId: '', keyword: '' };
}

/** A report's first list: its contract, its first filter (read when asked: the days are today's) and its query. */
const report = <F extends ReportFilter, Q, P extends Page<unknown>>(options: () => PagedQueryOptions<F, Q, undefined, P>) => options;

export const reportQueries = {
  mileage: report(() => ({ list: ReportApi.mileage, initialFilter: defaultFilter({}), query: filterParams })),
  alarm: report(() => ({ list: AlarmApi.history, initialFilter: defaultFilter<AlarmFilter>({ alarmTypes: [], status: '' }), query: alarmParams })),
  dayOnline: report(() => ({ list: ReportApi.dayOnline, initialFilter: defaultFilter({}), query: filterParams })),
  trips: report(() => ({ list: ReportApi.trips, initialFilter: defaultFilter({}), query: filterParams })),
  stops: report(() => ({ list: ReportApi.stops, initialFilter: defaultFilter<StopFilter>({ acc: '' }), query: stopParams })),
  overspeed: report(() => ({ list: ReportApi.overspeed, initialFilter: defaultFilter({}), query: filterParams })),
  mileageSummary: report(() => ({ list: ReportApi.mileageSummary, initialFilter: lastMonths(), query: filterParams, check: monthRangeProblem })),
  fuel: report(() => ({ list: ReportApi.fuel, initialFilter: defaultFilter({}), query: filterParams })),
  offline: report(() => ({ list: ReportApi.offline, initialFilter: { start: '', end: '', groupId: '', keyword: '', hours: '24' } as OfflineFilter, query: offlineParams, check: hoursProblem })),
};

/** A report route's `prefetch`: its first page, and the groups its filter row offers (see useReportGroups). */
export function prefetchReport<F extends ReportFilter, Q, P extends Page<unknown>>(get: ServiceGetter, options: PagedQueryOptions<F, Q, undefined, P>): void {
  prefetchPagedQuery(get, options);
  get(HttpService).prefetch(ReportApi.groups);
}
