import { toChinaIso, type MileageDay, type MileageTotals, type OnlineDay, type OnlineDaySummary } from '../../../server/module';
import type { DayOnlineItem, MileageItem, ReportAssetColumns } from '../../../sdk/report';

export type { DayOnlineItem, MileageItem };

/** The asset columns a report row of the console starts with (the store's terminal id stays behind). */
export const reportAsset = (r: ReportAssetColumns): ReportAssetColumns => ({
  terminalNo: r.terminalNo, plateNo: r.plateNo, groupName: r.groupName, assetKind: r.assetKind ?? null,
});

export interface MileageTotalsView {
  vehicles: number;
  mileage: number;
  drivingSeconds: number;
  maxSpeed: number;
  avgSpeed: number;
  reports: number;
}

export function toMileageItem(row: MileageDay): MileageItem {
  return {
    ...reportAsset(row),
    day: row.day,
    mileage: row.mileageKm,
    mileageSource: row.mileageSource,
    drivingSeconds: row.drivingSeconds,
    maxSpeed: row.maxSpeed,
    avgSpeed: row.avgSpeed,
    reports: row.reports,
    firstTime: toChinaIso(row.firstTime),
    lastTime: toChinaIso(row.lastTime),
  };
}

export function toMileageTotals(totals: MileageTotals): MileageTotalsView {
  const { mileageKm, ...rest } = totals;
  return { ...rest, mileage: mileageKm };
}

/** One day of 车辆日在线's summary: `rate` = online / total (0–1). */
export interface DayOnlineSummaryItem extends OnlineDaySummary {
  rate: number;
}

export function toDayOnlineItem(row: OnlineDay): DayOnlineItem {
  return {
    ...reportAsset(row),
    day: row.day,
    online: row.online,
    onlineSeconds: row.onlineSeconds,
    reports: row.reports,
    firstTime: row.firstTime && toChinaIso(row.firstTime),
    lastTime: row.lastTime && toChinaIso(row.lastTime),
  };
}

export function toDaySummary(day: OnlineDaySummary): DayOnlineSummaryItem {
  return { ...day, rate: day.total ? Math.round((day.online / day.total) * 10_000) / 10_000 : 0 };
}
