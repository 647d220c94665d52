import type { ReportFilter } from '../../store/report-queries';
import { badInput, notFound } from '../envelope';
import type { JsonSchema, SessionContext } from '../route-definition';
import { int, requiredText, text } from '../schema-helpers';

/** 数据报表 menus: each report needs its own. */
export const ReportResource = { mileage: 2010, alarm: 2020, dayOnline: 2030 } as const;
/** Calls every report page makes (the group picker, the export): any one of the three menus grants them. */
export const ANY_REPORT = { resource: ReportResource.mileage, alsoResources: [ReportResource.alarm, ReportResource.dayOnline] };

/** The longest range of one report, days (both ends included). */
export const MAX_REPORT_DAYS = 31;

/** The filters of 里程报表 and 车辆日在线, as received. */
export interface DayRangeParams {
  start: string;
  end: string;
  groupId?: number;
  keyword?: string;
}

export const dayRangeProperties: Record<string, JsonSchema> = {
  start: requiredText('开始日期', 10),
  end: requiredText('结束日期', 10),
  groupId: int('车组', 1),
  keyword: text('关键词', 50),
};
export const DAY_RANGE_REQUIRED = ['start', 'end'];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` (China time) that exists. */
export function parseDay(value: string, label: string): string {
  const m = DAY.exec(value.trim());
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!m || !date || date.toISOString().slice(0, 10) !== m[0]) throw badInput(`${label}格式不正确，应为 YYYY-MM-DD，例如 2026-01-01`);
  return m[0];
}

/** Days from `start` to `end`, both included. */
export function dayCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Checks the range (end not before start, at most 31 days) and resolves the group filter in the
 * caller's scope: a group it may not see is 车组不存在 (404).
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
    if (groupIds.length === 0) throw notFound('车组不存在');
  }
  return { startDay, endDay, groupIds, keyword };
}
