/**
 * 数据中心's dashboard as the API answers it (docs/api-contract.md, "数据中心"): one contract for
 * the server that builds it and the pages that show it. Pure types and constants.
 */

import type { Alarm } from './services/alarm-service';

/** GET: the whole dashboard of the caller's scope, or of one customer (`tenantId`) in it. */
export const DASHBOARD_PATH = '/car/v1/api/dataCenter/dashboard.json';

/** Asset counts of one kind by status; every asset is in exactly one status. */
export interface DashboardKindCounts {
  /** vehicle | person | pet | ebike (none: a terminal bound to no asset). */
  kind: string;
  total: number;
  online: number;
  offline: number;
  /** With an open alarm (not handled; a condition type while it lasts — docs/api-contract.md). */
  alarm: number;
  /** Service ran out. */
  expired: number;
  /** Never reported. */
  inactive: number;
}

/** One finished China day of the trends. */
export interface DashboardDay {
  day: string;
  /** Assets that reported live that day. */
  online: number;
  /** Percent of the assets in service, one decimal. */
  onlineRate: number;
  /** km. */
  mileage: number;
}

export interface DashboardData {
  /** The tenant the figures cover (the caller's own, or the chosen customer) and the customers the caller may pick. */
  tenant: { id: number; name: string };
  customers: { id: number; name: string; parentId: number | null }[];
  kinds: DashboardKindCounts[];
  totals: Omit<DashboardKindCounts, 'kind'>;
  /** Today so far: assets in service, how many reported, percent. Online now: totals.online + totals.alarm of the connected. */
  today: { day: string; assets: number; reported: number; onlineRate: number };
  /** The average daily online rate of the 30 finished days, percent. */
  onlineRate30: number;
  /** The 30 finished days, oldest first. */
  days: DashboardDay[];
  /** km over the 30 days. */
  mileage30: number;
  /** Alarms started in the 30 days and today, by type, most first. */
  alarmTypes: { alarmType: string; alarmName: string; count: number }[];
  topAlarmAssets: { terminalNo: string; plateNo: string | null; assetKind: string | null; count: number }[];
  /** Open alarms now (the same state as the monitor's 报警): how many, and the newest ten, newest first. */
  openAlarms: { total: number; latest: Alarm[] };
  /** Where the assets in service are: [lon, lat, assets] per 0.1° cell, WGS84. */
  heat: [number, number, number][];
  /** Services ending today or in the next 30 days (the first ten, soonest first). */
  expiring: { total: number; list: { terminalNo: string; plateNo: string; assetKind: string; expiryDate: string; daysLeft: number }[] };
  /** ISO 8601 with offset. */
  generatedAt: string;
}
