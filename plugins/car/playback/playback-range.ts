/** Time ranges of 轨迹回放: quick choices (China days), checks. Pure. */
import { chinaDayStart } from '@tianlu/sdk';

const DAY_MS = 86_400_000;

export type QuickRange = 'today' | 'yesterday' | 'last3days';

export const QUICK_RANGES: { key: QuickRange; label: string }[] = [
  { key: 'today', label: '今天' },
  { key: 'yesterday', label: '昨天' },
  { key: 'last3days', label: '最近3天' },
];

/** [start, end] epoch ms of a quick choice at `now`: 今天 and 最近3天 end now, 昨天 at 23:59:59. */
export function quickRange(key: QuickRange, now: number): [number, number] {
  const today = chinaDayStart(now);
  switch (key) {
    case 'today':
      return [today, now];
    case 'yesterday':
      return [today - DAY_MS, today - 1000];
    case 'last3days':
      return [today - 2 * DAY_MS, now];
  }
}

/** `1小时5分` / `12分30秒` / `45秒`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return `${h}小时${m}分`;
  if (m) return `${m}分${s % 60 ? `${s % 60}秒` : ''}`;
  return `${s}秒`;
}

/** The problem with a query, in Chinese, or undefined when it can be sent; `noun` is what is chosen (车辆, 人员 …). */
export function rangeProblem(terminalNo: string, start: number | undefined, end: number | undefined, maxDays: number, noun = '车辆'): string | undefined {
  if (!terminalNo.trim()) return `请选择${noun}`;
  if (start === undefined) return '请选择开始时间';
  if (end === undefined) return '请选择结束时间';
  if (end < start) return '结束时间不能早于开始时间';
  if (end - start > maxDays * DAY_MS) return `查询时间范围不能超过 ${maxDays} 天`;
  return undefined;
}
