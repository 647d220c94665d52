import { CardApi, chinaDay, preloadDataTable, prefetchPagedQuery, type ServiceGetter } from '@tianlu/sdk';

/** 健康报表's filter: a day and a keyword (姓名 / 工号 / 部门, '' = anyone). */
export interface HealthReportFilter {
  day: string;
  keyword: string;
}

/** 健康报表's list, opening on today with no keyword (read when asked: the day is today's). */
export const healthReportList = () => ({
  list: CardApi.healthReport,
  initialFilter: { day: chinaDay(), keyword: '' } as HealthReportFilter,
  query: (f: HealthReportFilter) => ({ day: f.day, ...(f.keyword.trim() && { keyword: f.keyword.trim() }) }),
});

/** For 健康报表's route: the first page of today's figures and the table's code, asked beside the page's own code. */
export function prefetchHealthReport(get: ServiceGetter): void {
  prefetchPagedQuery(get, healthReportList());
  preloadDataTable();
}
