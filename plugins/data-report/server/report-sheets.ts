import { dayOnlineTitle, listWords, MIXED_ASSET_WORDS, type ListWords } from '../../../sdk/asset-vocabulary';
import type { Alarm, StreamedWorkbook, StreamedSheet } from '../../../server/module';
import type { DayOnlineItem, DayOnlineSummaryItem, MileageItem, MileageTotalsView } from './report-views';

export type Book = StreamedWorkbook;
type Column = { header: string; width: number };

export const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
/** `2026-01-01T08:00:00+08:00` → `2026-01-01 08:00:00` (China time, as shown in the console). */
export const time = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');

/** The words of an exported report, as its table on screen: the rows' one kind's, 名称 … 分组 when they are of several kinds or none. */
export function sheetWords(list: readonly { assetKind?: string | null }[]): ListWords {
  return listWords(list.map((r) => r.assetKind), MIXED_ASSET_WORDS);
}

/** 车牌号, 终端号, 车组 — or the rows' kind's own words (姓名 … 部门), 名称 … 分组 when they are of several kinds. */
export function assetHeaders(list: readonly { assetKind?: string | null }[]): Column[] {
  const words = sheetWords(list);
  return [{ header: words.nameLabel, width: 12 }, { header: '终端号', width: 16 }, { header: words.groupLabel, width: 14 }];
}

export function sheet(book: Book, name: string, columns: Column[]): StreamedSheet {
  const ws = book.addWorksheet(name);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return ws;
}

/** 里程报表: one row per vehicle and day, then 合计. */
export function writeMileageSheet(book: Book, list: readonly MileageItem[], totals: MileageTotalsView): void {
  const words = sheetWords(list);
  const ws = sheet(book, '里程报表', [
    ...assetHeaders(list), { header: '日期', width: 12 },
    { header: '里程(km)', width: 11 }, { header: '里程来源', width: 10 }, { header: `${words.moving}时长(小时)`, width: 14 },
    { header: '最高速度(km/h)', width: 14 }, { header: '平均速度(km/h)', width: 14 }, { header: '上报次数', width: 10 },
    { header: '首次上报', width: 20 }, { header: '末次上报', width: 20 },
  ]);
  for (const r of list) {
    ws.addRow([
      r.plateNo ?? '', r.terminalNo, r.groupName ?? '', r.day, r.mileage, r.mileageSource === 'odometer' ? '里程表' : 'GPS',
      hours(r.drivingSeconds), r.maxSpeed, r.avgSpeed, r.reports, time(r.firstTime), time(r.lastTime),
    ]).commit();
  }
  const total = ws.addRow([
    '合计', `${totals.vehicles} ${words.unit}`, '', '', totals.mileage, '', hours(totals.drivingSeconds), totals.maxSpeed, totals.avgSpeed, totals.reports, '', '',
  ]);
  total.font = { bold: true };
  total.commit();
  ws.commit();
}

/** 车辆日在线 (人员日在线 … as its rows' words say): one row per asset and day, and the per-day online rate on a second sheet. */
export function writeDayOnlineSheets(book: Book, list: readonly DayOnlineItem[], days: readonly DayOnlineSummaryItem[]): void {
  const words = sheetWords(list);
  const ws = sheet(book, dayOnlineTitle(list.length ? words : undefined), [
    ...assetHeaders(list), { header: '日期', width: 12 },
    { header: '是否在线', width: 10 }, { header: '在线时长(小时)', width: 14 }, { header: '上报次数', width: 10 },
    { header: '首次上报', width: 20 }, { header: '末次上报', width: 20 },
  ]);
  for (const r of list) {
    ws.addRow([
      r.plateNo ?? '', r.terminalNo, r.groupName ?? '', r.day, r.online ? '在线' : '离线', hours(r.onlineSeconds), r.reports, time(r.firstTime), time(r.lastTime),
    ]).commit();
  }
  ws.commit();
  const summary = sheet(book, '每日在线率', [
    { header: '日期', width: 12 }, { header: `在线${words.noun}`, width: 10 }, { header: `${words.noun}总数`, width: 10 }, { header: '在线率(%)', width: 10 },
  ]);
  for (const d of days) summary.addRow([d.day, d.online, d.total, Math.round(d.rate * 10_000) / 100]).commit();
  summary.commit();
}

/** 告警明细: the alarms of the filter, newest first. */
export function writeAlarmSheet(book: Book, list: readonly Alarm[]): void {
  const ws = sheet(book, '告警明细', [
    ...assetHeaders(list), { header: '告警类型', width: 16 },
    { header: '来源', width: 8 }, { header: '开始时间', width: 20 }, { header: '结束时间', width: 20 }, { header: '速度(km/h)', width: 11 },
    { header: '经度', width: 12 }, { header: '纬度', width: 12 }, { header: '处理状态', width: 10 }, { header: '处理人', width: 12 },
    { header: '处理时间', width: 20 }, { header: '处理意见', width: 30 },
  ]);
  for (const a of list) {
    ws.addRow([
      a.plateNo ?? '', a.terminalNo, a.groupName ?? '', a.alarmName, a.source === 'terminal' ? '终端' : '平台', time(a.startTime), time(a.endTime),
      a.speed ?? '', a.lon ?? '', a.lat ?? '', a.status === 1 ? '已处理' : '未处理', a.processUser ?? '', time(a.processTime), a.processNote ?? '',
    ]).commit();
  }
  ws.commit();
}
