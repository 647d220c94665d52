import { DAY_ONLINE_TITLE } from '../../../sdk/asset-vocabulary';
import { ReportApi } from '../../../sdk/contracts/report';
import type { ReportType } from '../../../sdk/report';
import {
  badInput, forbidden, notFound, parseIsoTime, sessionRoute, startWorkbookExport,
  type AccessScope, type AlarmFilter, type AppDeps, type ReportFilter, type SessionContext, type StreamedWorkbook,
} from '../../../server/module';
import { toFuelItem, toMileageSummaryItem, toOfflineItems, toOverspeedItems, toStopItems, toTripItems } from './report-event-views';
import { ANY_REPORT, MAX_OFFLINE_HOURS, MAX_REPORT_DAYS, ReportResource, resolveDayRange, resolveMonthRange, REPORT_GROUP_WORD, resolveOffline, type DayRangeParams } from './report-request';
import { reportOptions } from './report-routes';
import { reportOf } from './report-services';
import { writeFuelSheet, writeMileageSummarySheet, writeOfflineSheet, writeOverspeedSheet, writeStopSheet, writeTripSheet } from './report-event-sheets';
import { writeAlarmSheet, writeDayOnlineSheets, writeMileageSheet } from './report-sheets';
import { toDayOnlineItem, toDaySummary, toMileageItem, toMileageTotals } from './report-views';

/** Rows of one export at most (a month of 3,000 vehicles). */
export const MAX_EXPORT_ROWS = 100_000;

const TITLES: Record<ReportType, string> = {
  mileage: '里程报表', dayOnline: DAY_ONLINE_TITLE, alarm: '告警明细', trip: '行程报表', stop: '停车报表', overspeed: '超速报表',
  mileageSummary: '里程汇总', fuel: '油耗报表', offline: '离线报表',
};
/** Addresses looked up for one export at most (the rest are left as coordinates). */
const MAX_EXPORT_ADDRESSES = 2000;

/** A checked export: what to write, for whom. */
type ExportJob =
  | { reportType: 'mileage' | 'dayOnline' | 'trip' | 'overspeed' | 'fuel' | 'mileageSummary'; filter: ReportFilter; label: string }
  | { reportType: 'stop'; filter: ReportFilter & { acc?: boolean }; label: string }
  | { reportType: 'offline'; filter: { hours: number; groupIds?: number[]; keyword?: string }; label: string }
  | { reportType: 'alarm'; filter: Omit<AlarmFilter, 'offset' | 'limit'>; label: string };

function optionalInt(params: Record<string, unknown>, key: string, label: string, min: number, max = 2_147_483_647): number | undefined {
  const value = params[key];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw badInput(`${label}必须是整数`);
  if (n < min || n > max) throw badInput(n < min ? `${label}不能小于 ${min}` : `${label}不能大于 ${max}`);
  return n;
}

function optionalText(params: Record<string, unknown>, key: string, label: string, max: number): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badInput(`${label}必须是文本`);
  if (value.length > max) throw badInput(`${label}长度不能超过 ${max} 个字符`);
  return value.trim() || undefined;
}

function requiredText(params: Record<string, unknown>, key: string, label: string, max: number): string {
  const value = optionalText(params, key, label, max);
  if (!value) throw badInput(`${label}不能为空`);
  return value;
}

/** The export's filters, checked exactly as the report's own query checks them. */
async function checkParams(ctx: SessionContext<unknown, unknown>, type: ReportType, params: Record<string, unknown>): Promise<ExportJob> {
  if (type === 'alarm') {
    const start = parseIsoTime(requiredText(params, 'start', '开始时间', 40), '开始时间');
    const end = parseIsoTime(requiredText(params, 'end', '结束时间', 40), '结束时间');
    if (end < start) throw badInput('结束时间不能早于开始时间');
    if (end.getTime() - start.getTime() > MAX_REPORT_DAYS * 86_400_000) throw badInput(`查询时间范围不能超过 ${MAX_REPORT_DAYS} 天`);
    const alarmTypes = reportOf(ctx.deps).alarms.parseTypes(optionalText(params, 'alarmType', '告警类型', 1000));
    const status = optionalInt(params, 'status', '处理状态', 0, 1);
    const keyword = optionalText(params, 'keyword', '关键词', 50);
    const groupId = optionalInt(params, 'groupId', REPORT_GROUP_WORD, 1);
    let groupIds: number[] | undefined;
    if (groupId !== undefined) {
      groupIds = await ctx.deps.store.reports.visibleGroupSubtree(await ctx.scope(), groupId);
      if (groupIds.length === 0) throw notFound(`${REPORT_GROUP_WORD}不存在`);
    }
    const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    return { reportType: type, filter: { start, end, alarmTypes, status, keyword, groupIds }, label: `${day(start)}至${day(end)}` };
  }
  if (type === 'offline') {
    const filter = await resolveOffline(ctx, {
      hours: optionalInt(params, 'hours', '离线时长', 1, MAX_OFFLINE_HOURS), groupId: optionalInt(params, 'groupId', REPORT_GROUP_WORD, 1), keyword: optionalText(params, 'keyword', '关键词', 50),
    });
    return { reportType: type, filter, label: `离线${filter.hours}小时以上` };
  }
  if (type === 'mileageSummary') {
    const filter = await resolveMonthRange(ctx, {
      start: requiredText(params, 'start', '开始月份', 7), end: requiredText(params, 'end', '结束月份', 7),
      groupId: optionalInt(params, 'groupId', REPORT_GROUP_WORD, 1), keyword: optionalText(params, 'keyword', '关键词', 50),
    });
    return { reportType: type, filter, label: `${filter.startDay.slice(0, 7)}至${filter.endDay.slice(0, 7)}` };
  }
  const range: DayRangeParams = {
    start: requiredText(params, 'start', '开始日期', 10),
    end: requiredText(params, 'end', '结束日期', 10),
    groupId: optionalInt(params, 'groupId', REPORT_GROUP_WORD, 1),
    keyword: optionalText(params, 'keyword', '关键词', 50),
  };
  const filter = await resolveDayRange(ctx, range);
  const label = `${filter.startDay}至${filter.endDay}`;
  if (type === 'stop') {
    const acc = optionalInt(params, 'acc', 'ACC 状态', 0, 1);
    return { reportType: type, filter: { ...filter, acc: acc === undefined ? undefined : acc === 1 }, label };
  }
  return { reportType: type, filter, label };
}

/** A safe file name ending in .xlsx (no path, no control characters). */
function exportFileName(requested: string | undefined, job: ExportJob): string {
  const cleaned = [...(requested ?? '')].filter((c) => c >= ' ' && !'\\/:*?"<>|'.includes(c)).join('').trim().replace(/\.xlsx$/i, '');
  return `${cleaned || `${TITLES[job.reportType]}-${job.label}`}.xlsx`;
}

/** Writes the spreadsheet of a job into `file`. */
async function writeWorkbook(deps: AppDeps, scope: AccessScope, job: ExportJob, book: StreamedWorkbook): Promise<void> {
  const page = { offset: 0, limit: MAX_EXPORT_ROWS };
  if (job.reportType === 'mileage') {
    const result = await deps.store.reports.mileage(scope, job.filter, { ...reportOptions(deps), page });
    writeMileageSheet(book, result.list.map(toMileageItem), toMileageTotals(result.totals));
  } else if (job.reportType === 'dayOnline') {
    const result = await deps.store.reports.dayOnline(scope, job.filter, { ...reportOptions(deps), page });
    writeDayOnlineSheets(book, result.list.map(toDayOnlineItem), result.days.map(toDaySummary));
  } else if (job.reportType === 'trip' || job.reportType === 'stop' || job.reportType === 'overspeed') {
    const result = await deps.store.reportEvents.events(scope, job.reportType, job.filter, { now: deps.clock.now(), page });
    const geo = limitedGeocoder(deps);
    if (job.reportType === 'trip') writeTripSheet(book, await toTripItems(geo, result.list));
    else if (job.reportType === 'stop') writeStopSheet(book, await toStopItems(geo, result.list));
    else writeOverspeedSheet(book, await toOverspeedItems(geo, result.list));
  } else if (job.reportType === 'fuel') {
    const result = await deps.store.reportEvents.fuel(scope, job.filter, { now: deps.clock.now(), page });
    writeFuelSheet(book, result.list.map(toFuelItem));
  } else if (job.reportType === 'mileageSummary') {
    const result = await deps.store.reports.monthlyByGroup(scope, job.filter, { ...reportOptions(deps), page });
    writeMileageSummarySheet(book, result.list.map(toMileageSummaryItem));
  } else if (job.reportType === 'offline') {
    const result = await deps.store.reportEvents.offline(scope, job.filter, { now: deps.clock.now(), page });
    writeOfflineSheet(book, await toOfflineItems(limitedGeocoder(deps), result.list));
  } else {
    const result = await deps.store.alarms.page(scope, { ...job.filter, ...page });
    const { alarms } = reportOf(deps);
    writeAlarmSheet(book, result.list.map((row) => alarms.view(row)));
  }
}

/** The geocoder for one export: the first {@link MAX_EXPORT_ADDRESSES} places, then no address. */
function limitedGeocoder(deps: AppDeps): Pick<AppDeps, 'geocoder'> {
  let left = MAX_EXPORT_ADDRESSES;
  const geocoder = { reverse: (lon: number, lat: number) => (left-- > 0 ? deps.geocoder.reverse(lon, lat) : Promise.resolve({ address: '' })) };
  return { geocoder: geocoder as unknown as AppDeps['geocoder'] };
}


export const exportDataReportRoute = sessionRoute.of(ReportApi.export, {
  ...ANY_REPORT,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    if (!(await deps.store.catalogue.roleHasResource(user.roleId, ReportResource[body.reportType]))) throw forbidden();
    const job = await checkParams(ctx, body.reportType, body.params);
    const scope = await ctx.scope();
    const fileName = exportFileName(body.fileName, job);
    await ctx.audit({ action: '导出报表', target: fileName, after: { reportType: body.reportType, params: body.params } });
    return startWorkbookExport(ctx, fileName, (book) => writeWorkbook(deps, scope, job, book));
  },
});
