import { formatChinaTime, type DayOnlineItem, type Page, type ReportType, type FuelReportItem, type MileageItem, type MileageSummaryItem, type OfflineReportItem, type OverspeedReportItem, type StopReportItem, type TripReportItem } from '@tianlu/sdk';

/** 数据报表 calls (docs/api-contract.md, "数据报表") and the shapes they answer. */
export const ReportPaths = {
  mileage: '/car/v1/accelerate/report/mileage/list.json',
  dayOnline: '/car/v1/accelerate/report/online/dayOnline.json',
  alarms: '/car/v1/accelerate/report/alarm/newQueryAlarm',
  trips: '/car/v1/accelerate/report/trip/list.json',
  stops: '/car/v1/accelerate/report/stop/list.json',
  overspeed: '/car/v1/accelerate/report/overspeed/list.json',
  mileageSummary: '/car/v1/accelerate/report/mileage/summary.json',
  fuel: '/car/v1/accelerate/report/fuel/list.json',
  offline: '/car/v1/accelerate/report/online/offline.json',
  groups: '/car/v1/accelerate/report/groups.json',
  export: '/car/v1/accelerate/export/exportDataReport.json',
} as const;

/** Menu ids of the report pages. */
export const ReportMenus = {
  overview: 2001, mileage: 2010, alarm: 2020, dayOnline: 2030, trip: 2040, stop: 2050, overspeed: 2060, mileageSummary: 2070, fuel: 2080, offline: 2090,
} as const;

export type { DayOnlineItem, FuelReportItem, MileageItem, MileageSummaryItem, OfflineReportItem, OverspeedReportItem, Page, ReportType, StopReportItem, TripReportItem };

export interface MileagePage extends Page<MileageItem> {
  totals: { vehicles: number; mileage: number; drivingSeconds: number; maxSpeed: number; avgSpeed: number; reports: number };
  /** Per day of the range with reports: mileage of every vehicle of the filter. */
  days: { day: string; mileage: number; vehicles: number }[];
}

export interface DayOnlinePage extends Page<DayOnlineItem> {
  vehicles: number;
  days: { day: string; online: number; total: number; rate: number }[];
}

/** Per day of the range: the rows of an event report that day. */
export interface EventDay {
  day: string;
  count: number;
  distance: number;
  seconds: number;
}

export interface TripPage extends Page<TripReportItem> {
  totals: { count: number; vehicles: number; distance: number; seconds: number; maxSpeed: number; avgSpeed: number };
  days: EventDay[];
}

export interface StopPage extends Page<StopReportItem> {
  totals: { count: number; vehicles: number; seconds: number; accOn: number; accOff: number; accSeconds: number };
  days: EventDay[];
}

export interface OverspeedPage extends Page<OverspeedReportItem> {
  totals: { count: number; vehicles: number; seconds: number; distance: number; maxSpeed: number };
  days: EventDay[];
}

export interface MileageSummaryPage extends Page<MileageSummaryItem> {
  totals: { groups: number; vehicles: number; mileage: number; drivingSeconds: number; reports: number };
  months: { month: string; mileage: number }[];
}

export interface FuelPage extends Page<FuelReportItem> {
  totals: { vehicles: number; used: number; added: number; drops: number; dropLitres: number; distance: number; per100Km: number | null };
  days: { day: string; used: number; distance: number }[];
}

export interface OfflinePage extends Page<OfflineReportItem> {
  totals: { offline: number; assets: number; never: number; hours: number };
}

/** A node of groups.json. */
export interface ReportGroup {
  id: number;
  name: string;
  children?: ReportGroup[];
}

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

/** Groups of the tree, depth-first, with their depth (for indentation). */
export function flattenGroups(groups: readonly ReportGroup[], depth = 0): { id: string; name: string; depth: number }[] {
  return groups.flatMap((g) => [{ id: String(g.id), name: g.name, depth }, ...flattenGroups(g.children ?? [], depth + 1)]);
}

/** The message of a failed call (the server's msg when there is one). */
export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '网络异常';
}
