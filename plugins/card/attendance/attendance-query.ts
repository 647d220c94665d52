import { AttendanceApi, HttpService, preloadDataTable, type ServiceGetter } from '@tianlu/sdk';

/**
 * For 考勤管理's route: what the page lists first (the work areas and the shifts, both whole) and
 * its tables' code, asked beside the page's own code.
 */
export function prefetchAttendanceSetup(get: ServiceGetter): void {
  const http = get(HttpService);
  http.prefetch(AttendanceApi.areas);
  http.prefetch(AttendanceApi.shifts);
  preloadDataTable();
}
