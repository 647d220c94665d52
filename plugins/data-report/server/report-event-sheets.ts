import type { FuelReportItem, MileageSummaryItem, OfflineReportItem, OverspeedReportItem, StopReportItem, TripReportItem } from './report-event-views';
import { MIXED_ASSET_WORDS } from '../../../sdk/asset-vocabulary';
import { assetHeaders, hours, sheet, time, type Book } from './report-sheets';

const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;
const asset = (r: { plateNo: string | null; terminalNo: string; groupName: string | null }) => [r.plateNo ?? '', r.terminalNo, r.groupName ?? ''];

/** 行程报表: one row per trip. */
export function writeTripSheet(book: Book, list: readonly TripReportItem[]): void {
  const ws = sheet(book, '行程报表', [
    ...assetHeaders(list), { header: '开始时间', width: 20 }, { header: '开始地点', width: 24 }, { header: '结束时间', width: 20 }, { header: '结束地点', width: 24 },
    { header: '里程(km)', width: 10 }, { header: '时长(分钟)', width: 11 }, { header: '最高速度(km/h)', width: 14 }, { header: '平均速度(km/h)', width: 14 },
  ]);
  for (const r of list) {
    ws.addRow([...asset(r), time(r.start), r.startAddress || `${r.startLon},${r.startLat}`, time(r.end), r.endAddress || `${r.endLon},${r.endLat}`, r.distance, minutes(r.seconds), r.maxSpeed, r.avgSpeed]).commit();
  }
  ws.commit();
}

/** 停车报表: one row per stop. */
export function writeStopSheet(book: Book, list: readonly StopReportItem[]): void {
  const ws = sheet(book, '停车报表', [
    ...assetHeaders(list), { header: '开始时间', width: 20 }, { header: '结束时间', width: 20 }, { header: '时长(分钟)', width: 11 }, { header: '地点', width: 24 },
    { header: '经度', width: 12 }, { header: '纬度', width: 12 }, { header: 'ACC', width: 8 }, { header: 'ACC开时长(分钟)', width: 15 },
  ]);
  for (const r of list) {
    ws.addRow([...asset(r), time(r.start), time(r.end), minutes(r.seconds), r.address, r.lon, r.lat, r.acc ? '开' : '关', minutes(r.accSeconds)]).commit();
  }
  ws.commit();
}

/** 超速报表: one row per overspeed stretch. */
export function writeOverspeedSheet(book: Book, list: readonly OverspeedReportItem[]): void {
  const ws = sheet(book, '超速报表', [
    ...assetHeaders(list), { header: '开始时间', width: 20 }, { header: '结束时间', width: 20 }, { header: '时长(秒)', width: 10 }, { header: '限速(km/h)', width: 11 },
    { header: '最高速度(km/h)', width: 14 }, { header: '平均速度(km/h)', width: 14 }, { header: '里程(km)', width: 10 }, { header: '地点', width: 24 },
  ]);
  for (const r of list) {
    ws.addRow([...asset(r), time(r.start), time(r.end), r.seconds, r.speedLimit, r.maxSpeed, r.avgSpeed, r.distance, r.address || `${r.lon},${r.lat}`]).commit();
  }
  ws.commit();
}

/** 里程汇总: one row per group and month, in neutral words (a group's assets may be of every kind), as on screen. */
export function writeMileageSummarySheet(book: Book, list: readonly MileageSummaryItem[]): void {
  const words = MIXED_ASSET_WORDS;
  const ws = sheet(book, '里程汇总', [
    { header: words.groupLabel, width: 16 }, { header: '月份', width: 10 }, { header: `上报${words.noun}`, width: 10 }, { header: '里程(km)', width: 12 },
    { header: `${words.moving}时长(小时)`, width: 14 }, { header: '最高速度(km/h)', width: 14 }, { header: '上报次数', width: 10 },
  ]);
  for (const r of list) ws.addRow([r.groupName ?? '未分组', r.month, r.vehicles, r.mileage, hours(r.drivingSeconds), r.maxSpeed, r.reports]).commit();
  ws.commit();
}

/** 油耗报表: one row per vehicle and day with fuel readings. */
export function writeFuelSheet(book: Book, list: readonly FuelReportItem[]): void {
  const ws = sheet(book, '油耗报表', [
    ...assetHeaders(list), { header: '日期', width: 12 }, { header: '起始油量(L)', width: 12 }, { header: '结束油量(L)', width: 12 }, { header: '耗油(L)', width: 10 },
    { header: '加油(L)', width: 10 }, { header: '异常掉油(次)', width: 12 }, { header: '掉油(L)', width: 10 }, { header: '行程里程(km)', width: 12 }, { header: '百公里油耗(L)', width: 13 },
  ]);
  for (const r of list) {
    ws.addRow([...asset(r), r.day, r.firstLitres ?? '', r.lastLitres ?? '', r.usedLitres, r.addedLitres, r.drops, r.dropLitres, r.distance, r.per100Km ?? '']).commit();
  }
  ws.commit();
}

/** 离线报表: one row per offline asset. */
export function writeOfflineSheet(book: Book, list: readonly OfflineReportItem[]): void {
  const ws = sheet(book, '离线报表', [
    ...assetHeaders(list), { header: '末次上报', width: 20 }, { header: '离线时长(小时)', width: 14 }, { header: '末次位置', width: 24 }, { header: '经度', width: 12 }, { header: '纬度', width: 12 },
  ]);
  for (const r of list) {
    ws.addRow([...asset(r), r.lastTime ? time(r.lastTime) : '从未上报', r.offlineSeconds === null ? '' : hours(r.offlineSeconds), r.address, r.lon ?? '', r.lat ?? '']).commit();
  }
  ws.commit();
}
