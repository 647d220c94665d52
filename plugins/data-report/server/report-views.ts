import { toChinaIso, type MileageDay, type MileageTotals, type OnlineDay, type OnlineDaySummary } from '../../../server/module';
import type { DayOnlineItem, MileageItem } from '../../../sdk/report';

export type { DayOnlineItem, MileageItem };

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
    terminalNo: row.terminalNo,
    plateNo: row.plateNo,
    groupName: row.groupName,
    assetKind: row.assetKind,
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
    terminalNo: row.terminalNo,
    plateNo: row.plateNo,
    groupName: row.groupName,
    assetKind: row.assetKind,
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
