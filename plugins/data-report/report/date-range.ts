/** Date ranges of the report filters: China days `YYYY-MM-DD`, at most 31 days. */
import { chinaDay } from '@tianlu/sdk';

export interface DateRange {
  start: string;
  end: string;
}

export const MAX_RANGE_DAYS = 31;
const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The quick choices offered next to the date inputs. */
export const QUICK_RANGES: { label: string; range: (today: string) => DateRange }[] = [
  { label: '今天', range: (today) => ({ start: today, end: today }) },
  { label: '昨天', range: (today) => ({ start: addDays(today, -1), end: addDays(today, -1) }) },
  { label: '最近7天', range: (today) => ({ start: addDays(today, -6), end: today }) },
  { label: '本月', range: (today) => ({ start: `${today.slice(0, 8)}01`, end: today }) },
];

/** What is wrong with a range, in Chinese; undefined when it can be queried. */
export function rangeProblem(range: DateRange): string | undefined {
  if (!range.start) return '请选择开始日期';
  if (!range.end) return '请选择结束日期';
  if (range.end < range.start) return '结束日期不能早于开始日期';
  const days = Math.round((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS) return `查询日期范围不能超过 ${MAX_RANGE_DAYS} 天`;
  return undefined;
}

/** The longest range of 里程汇总, months. */
export const MAX_RANGE_MONTHS = 12;

/** This month in China time, `YYYY-MM`. */
export function chinaMonth(now: Date = new Date()): string {
  return chinaDay(now).slice(0, 7);
}

/** The month `n` months after `month` (`YYYY-MM`). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1 + n, 1)).toISOString().slice(0, 7);
}

/** What is wrong with a month range, in Chinese; undefined when it can be queried. */
export function monthRangeProblem(range: DateRange): string | undefined {
  if (!range.start) return '请选择开始月份';
  if (!range.end) return '请选择结束月份';
  if (range.end < range.start) return '结束月份不能早于开始月份';
  const [sy, sm] = range.start.split('-').map(Number);
  const [ey, em] = range.end.split('-').map(Number);
  if ((ey! - sy!) * 12 + em! - sm! + 1 > MAX_RANGE_MONTHS) return `查询月份范围不能超过 ${MAX_RANGE_MONTHS} 个月`;
  return undefined;
}
