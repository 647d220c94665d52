import { AttendanceApi, chinaDay, preloadDataTable, prefetchPagedQuery, type ServiceGetter } from '@tianlu/sdk';

/** 考勤报表's filter row as typed: the day of 日报, the month of 月报 and the keyword both share. */
export interface AttendanceFilter {
  day: string;
  month: string;
  keyword: string;
}

/** The filter row 考勤报表 opens on: today, this month, no keyword. */
export function openingAttendanceFilter(): AttendanceFilter {
  const day = chinaDay();
  return { day, month: day.slice(0, 7), keyword: '' };
}

const keywordOf = (f: AttendanceFilter) => (f.keyword.trim() ? { keyword: f.keyword.trim() } : {});

/** 日报's input of a filter, without the page. */
export const dayReportQuery = (f: AttendanceFilter) => ({ day: f.day, ...keywordOf(f) });
/** 月报's input of a filter, without the page. */
export const monthReportQuery = (f: AttendanceFilter) => ({ month: f.month, ...keywordOf(f) });

/**
 * For 考勤报表's route: the first page of 日报 (the tab it opens on) for today, and the table's code,
 * asked beside the page's own code.
 */
export function prefetchAttendanceReport(get: ServiceGetter): void {
  prefetchPagedQuery(get, { list: AttendanceApi.day, initialFilter: openingAttendanceFilter(), query: dayReportQuery });
  preloadDataTable();
}
