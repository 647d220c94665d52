/**
 * 数据中心's dashboard as the API answers it (docs/api-contract.md, "数据中心"): one contract for
 * the server that builds it and the pages that show it (`DataCenterApi.dashboard`, the whole dashboard of the
 * caller's scope or of one customer in it). Pure types.
 */

import type { Alarm } from './services/alarm-service';

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

/** One China day of the trends (the last is today so far): 车辆日在线's and 里程报表's figures of that day. */
export interface DashboardDay {
  day: string;
  /** Assets that reported live that day. */
  online: number;
  /** Assets the day counts (every asset of the scope, as 车辆日在线 lists them). */
  assets: number;
  /** online / assets, percent, one decimal. */
  onlineRate: number;
  /** km, as 里程报表 sums the day. */
  mileage: number;
}

export interface DashboardData {
  /** The tenant the figures cover (the caller's own, or the chosen customer) and the customers the caller may pick. */
  tenant: { id: number; name: string };
  customers: { id: number; name: string; parentId: number | null }[];
  kinds: DashboardKindCounts[];
  totals: Omit<DashboardKindCounts, 'kind'>;
  /** Today so far (the last of `days`): assets, how many reported live, percent. Online now: totals.online + totals.alarm of the connected. */
  today: { day: string; assets: number; reported: number; onlineRate: number };
  /** Online asset-days of the 30 days over their asset-days, percent: 车辆日在线 over the same days. */
  onlineRate30: number;
  /** The 30 days up to today, oldest first. */
  days: DashboardDay[];
  /** km over the 30 days: 里程报表's total over the same days. */
  mileage30: number;
  /** Alarms started in the 30 days up to now, by type, most first: 告警明细 over the same time. */
  alarmTypes: { alarmType: string; alarmName: string; count: number }[];
  /** The assets with the most alarms of the 30 days (ten). */
  topAlarmAssets: { terminalNo: string; plateNo: string | null; assetKind: string | null; count: number }[];
  /** Unprocessed alarms of the last 24 hours — 告警中心's 实时告警, where the alarm desk starts: how many, and the newest ten, newest first. */
  unprocessedAlarms: { total: number; latest: Alarm[] };
  /** Where the assets in service are: [lon, lat, assets] per 0.1° cell, WGS84. */
  heat: [number, number, number][];
  /** Services ending today or in the next 30 days (the first ten, soonest first). */
  expiring: { total: number; list: { terminalNo: string; plateNo: string; assetKind: string; expiryDate: string; daysLeft: number }[] };
  /** ISO 8601 with offset. */
  generatedAt: string;
}
