/** Time ranges of the track pages (轨迹回放, 骑行记录 …): quick choices in China days and their checks. Pure. */
import { chinaDayStart } from './china-time';

const DAY_MS = 86_400_000;

/** A quick choice of a track page's range. */
export type QuickTimeRangeKey = 'today' | 'yesterday' | 'last3days' | 'last7days';

/** The label of each quick choice. */
export const QUICK_TIME_RANGE_LABELS: Readonly<Record<QuickTimeRangeKey, string>> = {
  today: '今天',
  yesterday: '昨天',
  last3days: '最近3天',
  last7days: '最近7天',
};

/**
 * A track page's range, epoch ms (undefined while not chosen), and the quick choice it came from
 * (none once an end was typed).
 */
export interface TimeRange {
  start: number | undefined;
  end: number | undefined;
  quick?: QuickTimeRangeKey;
}

/** [start, end] epoch ms of a quick choice at `now`: 今天 and 最近 N 天 end now, 昨天 at 23:59:59. */
export function quickTimeRange(key: QuickTimeRangeKey, now: number): [number, number] {
  const today = chinaDayStart(now);
  switch (key) {
    case 'today':
      return [today, now];
    case 'yesterday':
      return [today - DAY_MS, today - 1000];
    case 'last3days':
      return [today - 2 * DAY_MS, now];
    case 'last7days':
      return [today - 6 * DAY_MS, now];
  }
}

/** The {@link TimeRange} of a quick choice at `now`. */
export function quickTimeRangeOf(key: QuickTimeRangeKey, now: number): TimeRange {
  const [start, end] = quickTimeRange(key, now);
  return { start, end, quick: key };
}

/** The whole China day holding `at`: from 00:00:00 to 23:59:59. */
export function dayTimeRange(at: number): TimeRange {
  const start = chinaDayStart(at);
  return { start, end: start + DAY_MS - 1000 };
}

/**
 * The problem with a track query, in Chinese, or undefined when it can be sent: `asset` is what is
 * chosen, `noun` what it is called (车辆, 人员 …), `maxDays` the longest range allowed.
 */
export function timeRangeProblem(asset: string, range: TimeRange, maxDays: number, noun = '车辆'): string | undefined {
  const { start, end } = range;
  if (!asset.trim()) return `请选择${noun}`;
  if (start === undefined) return '请选择开始时间';
  if (end === undefined) return '请选择结束时间';
  if (end < start) return '结束时间不能早于开始时间';
  if (end - start > maxDays * DAY_MS) return `查询时间范围不能超过 ${maxDays} 天`;
  return undefined;
}
