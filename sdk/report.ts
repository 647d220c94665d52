/**
 * 数据报表 rows as the API answers them (docs/api-contract.md, "数据报表"): one contract for the
 * server that builds them and the pages that show them. Pure types.
 */
import type { Page } from './pagination';
import type { TripItem } from './track';

/** The reports of 数据报表 (their exports name them so). */
export type ReportType = 'mileage' | 'dayOnline' | 'alarm' | 'trip' | 'stop' | 'overspeed' | 'mileageSummary' | 'fuel' | 'offline';

/** The filter every day-range report takes (China days `YYYY-MM-DD`, both ends included). */
export type ReportFilterParams = {
  start: string;
  end: string;
  groupId?: number;
  keyword?: string;
};

/** The asset columns every per-vehicle report row starts with. */
export interface ReportAssetColumns {
  terminalNo: string;
  plateNo: string | null;
  groupName: string | null;
  /** vehicle, person, pet or ebike: the words of the name and group columns (see listWords). */
  assetKind?: string | null;
}

/** One vehicle and day of 里程报表 (times ISO 8601 with offset). */
export interface MileageItem extends ReportAssetColumns {
  day: string;
  /** km. */
  mileage: number;
  mileageSource: 'odometer' | 'gps';
  drivingSeconds: number;
  maxSpeed: number;
  avgSpeed: number;
  reports: number;
  firstTime: string;
  lastTime: string;
}

/** One vehicle and day of 车辆日在线. */
export interface DayOnlineItem extends ReportAssetColumns {
  day: string;
  online: boolean;
  onlineSeconds: number;
  reports: number;
  firstTime: string | null;
  lastTime: string | null;
}

/** One trip of 行程报表: a moving stretch between stops of five minutes or more (times ISO 8601 with offset; distance km). */
export interface TripReportItem extends ReportAssetColumns, TripItem {
  day: string;
  /** Reverse-geocoded places; 获取位置失败 when the geocoder failed. */
  startAddress: string;
  endAddress: string;
}

/** Where and when a stop or an overspeed stretch of a report happened. */
export interface ReportPlaceSpan extends ReportAssetColumns {
  day: string;
  start: string;
  end: string;
  lon: number;
  lat: number;
  /** Reverse-geocoded place; 获取位置失败 when the geocoder failed. */
  address: string;
  seconds: number;
}

/** One stop of 停车报表: standing for five minutes or more; `acc` ACC on for most of it (idling), `accSeconds` how long. */
export interface StopReportItem extends ReportPlaceSpan {
  acc: boolean;
  accSeconds: number;
}

/** One stretch of 超速报表: consecutive reports above `speedLimit` (the vehicle's 限速, else the tenant's 平台超速 limit). */
export interface OverspeedReportItem extends ReportPlaceSpan {
  distance: number;
  maxSpeed: number;
  avgSpeed: number;
  speedLimit: number;
}

/** One vehicle group in one month of 里程汇总 (`groupName` null: vehicles without a group). */
export interface MileageSummaryItem {
  groupId: number | null;
  groupName: string | null;
  /** `YYYY-MM`. */
  month: string;
  vehicles: number;
  mileage: number;
  drivingSeconds: number;
  reports: number;
  maxSpeed: number;
}

/** One vehicle and day of 油耗报表 (litres; `per100Km` null when it drove no trip). */
export interface FuelReportItem extends ReportAssetColumns {
  day: string;
  readings: number;
  firstLitres: number | null;
  lastLitres: number | null;
  usedLitres: number;
  addedLitres: number;
  /** Falls of 5 L or more while standing (theft, a leak). */
  drops: number;
  dropLitres: number;
  distance: number;
  per100Km: number | null;
}

/** One asset of 离线报表: its last report (null when it never reported) and how long ago. */
export interface OfflineReportItem extends ReportAssetColumns {
  lastTime: string | null;
  lon: number | null;
  lat: number | null;
  address: string;
  offlineSeconds: number | null;
}

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
