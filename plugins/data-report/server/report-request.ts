import { DEFAULT_OFFLINE_HOURS, MAX_OFFLINE_HOURS, REPORT_GROUP_WORD, type MonthRangeParams, type OfflineParams } from '../../../sdk/contracts/report';
import type { ReportFilterParams, ReportType } from '../../../sdk/report';
import { badInput, dayCount, notFound, parseDay, type ReportFilter, type SessionContext } from '../../../server/module';

export { MAX_OFFLINE_HOURS, REPORT_GROUP_WORD, type MonthRangeParams, type OfflineParams, type Paged } from '../../../sdk/contracts/report';

/** 数据报表 menus: each report needs its own. */
export const ReportResource = {
  mileage: 2010, alarm: 2020, dayOnline: 2030, trip: 2040, stop: 2050, overspeed: 2060, mileageSummary: 2070, fuel: 2080, offline: 2090,
} as const satisfies Record<ReportType, number>;
/** Calls every report page makes (the group picker, the export): any one of the report menus grants them. */
export const ANY_REPORT = {
  resource: ReportResource.mileage,
  alsoResources: [ReportResource.alarm, ReportResource.dayOnline, ReportResource.trip, ReportResource.stop, ReportResource.overspeed, ReportResource.mileageSummary, ReportResource.fuel, ReportResource.offline],
};

/** The longest range of 里程汇总, months (both ends included). */
export const MAX_REPORT_MONTHS = 12;

/** The longest range of one report, days (both ends included). */
export const MAX_REPORT_DAYS = 31;

/** The filters of the day-range reports, as received. */
export type DayRangeParams = ReportFilterParams;

/**
 * Checks the range (end not before start, at most 31 days) and resolves the group filter in the
 * caller's scope: a group it may not see is 分组不存在 (404).
 */
export async function resolveDayRange(ctx: Pick<SessionContext<unknown, unknown>, 'deps' | 'scope'>, params: DayRangeParams): Promise<ReportFilter> {
  const startDay = parseDay(String(params.start ?? ''), '开始日期');
  const endDay = parseDay(String(params.end ?? ''), '结束日期');
  if (endDay < startDay) throw badInput('结束日期不能早于开始日期');
  if (dayCount(startDay, endDay) > MAX_REPORT_DAYS) throw badInput(`查询日期范围不能超过 ${MAX_REPORT_DAYS} 天`);
  const keyword = typeof params.keyword === 'string' ? params.keyword.trim() || undefined : undefined;
  let groupIds: number[] | undefined;
  if (params.groupId !== undefined) {
    groupIds = await ctx.deps.store.reports.visibleGroupSubtree(await ctx.scope(), params.groupId);
    if (groupIds.length === 0) throw notFound(`${REPORT_GROUP_WORD}不存在`);
  }
  return { startDay, endDay, groupIds, keyword };
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function parseMonth(value: string, label: string): string {
  const m = MONTH.exec(value.trim());
  if (!m) throw badInput(`${label}格式不正确，应为 YYYY-MM，例如 2026-01`);
  return m[0];
}

/** The last day of a month `YYYY-MM`. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

/** Checks a month range (end not before start, at most 12 months) and answers it as the days it covers. */
export async function resolveMonthRange(ctx: Pick<SessionContext<unknown, unknown>, 'deps' | 'scope'>, params: MonthRangeParams): Promise<ReportFilter> {
  const start = parseMonth(String(params.start ?? ''), '开始月份');
  const end = parseMonth(String(params.end ?? ''), '结束月份');
  if (end < start) throw badInput('结束月份不能早于开始月份');
  const months = (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5)) - Number(start.slice(5)) + 1;
  if (months > MAX_REPORT_MONTHS) throw badInput(`查询月份范围不能超过 ${MAX_REPORT_MONTHS} 个月`);
  const range = await resolveDayRange(ctx, { start: `${start}-01`, end: `${start}-01`, groupId: params.groupId, keyword: params.keyword });
  return { ...range, startDay: `${start}-01`, endDay: monthEnd(end) };
}

/** 离线报表's filter: the threshold (default 24 hours) and the group in the caller's scope. */
export async function resolveOffline(ctx: Pick<SessionContext<unknown, unknown>, 'deps' | 'scope'>, params: OfflineParams): Promise<{ hours: number; groupIds?: number[]; keyword?: string }> {
  const hours = params.hours ?? DEFAULT_OFFLINE_HOURS;
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_OFFLINE_HOURS) throw badInput(`离线时长必须是 1 到 ${MAX_OFFLINE_HOURS} 之间的整数`);
  const keyword = typeof params.keyword === 'string' ? params.keyword.trim() || undefined : undefined;
  let groupIds: number[] | undefined;
  if (params.groupId !== undefined) {
    groupIds = await ctx.deps.store.reports.visibleGroupSubtree(await ctx.scope(), params.groupId);
    if (groupIds.length === 0) throw notFound(`${REPORT_GROUP_WORD}不存在`);
  }
  return { hours, groupIds, keyword };
}
