import { formatChinaTime } from '@tianlu/sdk';

/** 数据报表 calls (docs/api-contract.md, "数据报表": the contracts of sdk/contracts/report.ts) and the shapes they answer. */
export { ReportApi } from '@tianlu/sdk';

/** Menu ids of the report pages. */
export const ReportMenus = {
  overview: 2001, mileage: 2010, alarm: 2020, dayOnline: 2030, trip: 2040, stop: 2050, overspeed: 2060, mileageSummary: 2070, fuel: 2080, offline: 2090,
} as const;

export type {
  DayOnlineItem, DayOnlinePage, EventDay, FuelPage, FuelReportItem, MileageItem, MileagePage, MileageSummaryItem, MileageSummaryPage, OfflinePage, OfflineReportItem,
  OverspeedPage, OverspeedReportItem, Page, ReportGroup, ReportType, StopPage, StopReportItem, TripPage, TripReportItem,
} from '@tianlu/sdk';

/** `2026-01-01T08:00:00+08:00` → `2026-01-01 08:00:00` (China time). */
export function formatTime(iso: string | null | undefined): string {
  return formatChinaTime(iso);
}

/** `2026-01-01T08:00:00+08:00` → `08:00:00` (China time; the day is in its own column). */
export function formatClock(iso: string | null | undefined): string {
  return formatChinaTime(iso, 'time');
}

/** 7265 → `2小时1分`; under a minute `45秒`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}秒`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h ? `${h}小时${m}分` : `${m}分`;
}
