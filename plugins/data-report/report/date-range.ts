/** Date ranges of the report filters: China days `YYYY-MM-DD` (at most 31) or months `YYYY-MM` (at most 12). */
import { chinaDay, chinaDayStart, type DateRangeValue, QUICK_TIME_RANGE_LABELS, quickTimeRange, type QuickDateRange, type QuickTimeRangeKey } from '@tianlu/sdk';

export const MAX_RANGE_DAYS = 31;
const DAY_MS = 86_400_000;

/** The days of the SDK's quick choice `key` as of `today` (`YYYY-MM-DD`). */
function quickDays(key: QuickTimeRangeKey): QuickDateRange {
  return {
    label: QUICK_TIME_RANGE_LABELS[key],
    range: (today) => {
      const [start, end] = quickTimeRange(key, chinaDayStart(today));
      return { start: chinaDay(start), end: chinaDay(end) };
    },
  };
}

/** The quick choices offered next to the date inputs: 今天, 昨天, 最近7天, 本月. */
export const QUICK_RANGES: readonly QuickDateRange[] = [
  quickDays('today'),
  quickDays('yesterday'),
  quickDays('last7days'),
  { label: '本月', range: (today) => ({ start: `${today.slice(0, 8)}01`, end: today }) },
];

/** What is wrong with a range, in Chinese; undefined when it can be queried. */
export function rangeProblem(range: DateRangeValue): string | undefined {
  if (!range.start) return '请选择开始日期';
  if (!range.end) return '请选择结束日期';
  if (range.end < range.start) return '结束日期不能早于开始日期';
  const days = Math.round((chinaDayStart(range.end) - chinaDayStart(range.start)) / DAY_MS) + 1;
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
export function monthRangeProblem(range: DateRangeValue): string | undefined {
  if (!range.start) return '请选择开始月份';
  if (!range.end) return '请选择结束月份';
  if (range.end < range.start) return '结束月份不能早于开始月份';
  const [sy, sm] = range.start.split('-').map(Number);
  const [ey, em] = range.end.split('-').map(Number);
  if ((ey! - sy!) * 12 + em! - sm! + 1 > MAX_RANGE_MONTHS) return `查询月份范围不能超过 ${MAX_RANGE_MONTHS} 个月`;
  return undefined;
}
