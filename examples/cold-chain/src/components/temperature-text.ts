/** How 冷链监控 writes temperatures, limits, states and trips, and how it reads the limits typed. Pure. */
import type { TemperatureState, Trip } from '../api';

/** The range of limits a vehicle may have, ℃ (the server refuses the same). */
export const LIMIT_RANGE = { min: -50, max: 80 } as const;

/** The name of each state, as the list shows it. */
export const STATE_LABELS: Readonly<Record<TemperatureState, string>> = { normal: '正常', over: '超限', none: '无数据' };

/** The badge colour of each state. */
export const STATE_COLORS: Readonly<Record<TemperatureState, 'success' | 'danger' | 'informative'>> = {
  normal: 'success',
  over: 'danger',
  none: 'informative',
};

/** A temperature with one decimal, `-18.5℃`; `—` without one. */
export function formatCelsius(celsius: number | null | undefined): string {
  return typeof celsius === 'number' && Number.isFinite(celsius) ? `${celsius.toFixed(1)}℃` : '—';
}

/** A vehicle's limits, `2.0～8.0℃`. */
export function limitsText(limits: { min: number; max: number }): string {
  return `${limits.min.toFixed(1)}～${limits.max.toFixed(1)}℃`;
}

/** The state of a reading against limits: 无数据 without one, 超限 outside them (the limits themselves are inside). */
export function stateOf(celsius: number | null | undefined, limits: { min: number; max: number }): TemperatureState {
  if (typeof celsius !== 'number' || !Number.isFinite(celsius)) return 'none';
  return celsius < limits.min || celsius > limits.max ? 'over' : 'normal';
}

/** How long a trip took, `2小时05分`, `45分钟`, `1天3小时`; under a minute `不足1分钟`. */
export function durationText(start: string, end: string): string {
  const minutes = Math.floor((Date.parse(end) - Date.parse(start)) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes < 1) return '不足1分钟';
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时${String(minutes % 60).padStart(2, '0')}分`;
  return `${Math.floor(hours / 24)}天${hours % 24}小时`;
}

/** A trip's key in a list (its start is unique for a vehicle). */
export const tripKey = (trip: Pick<Trip, 'start'>): string => trip.start;

/** What 设置上下限 holds: the two values as typed. */
export interface LimitsDraft {
  min: string;
  max: string;
}

/** One limit as typed: a number with at most one decimal, inside {@link LIMIT_RANGE}; else what is wrong with it. */
function readLimit(text: string, name: '下限' | '上限'): number | string {
  const t = text.trim();
  if (!t) return `请输入${name}`;
  if (!/^-?\d+(\.\d+)?$/.test(t)) return `${name}必须是数字`;
  if (!/^-?\d+(\.\d)?$/.test(t)) return `${name}最多保留一位小数`;
  const value = Number(t);
  if (value < LIMIT_RANGE.min || value > LIMIT_RANGE.max) return `${name}必须在 ${LIMIT_RANGE.min}～${LIMIT_RANGE.max} ℃ 之间`;
  return value;
}

/** The limits typed, or what is wrong with them in Chinese (the first problem). */
export function readLimits(draft: LimitsDraft): { min: number; max: number } | { problem: string } {
  const min = readLimit(draft.min, '下限');
  if (typeof min === 'string') return { problem: min };
  const max = readLimit(draft.max, '上限');
  if (typeof max === 'string') return { problem: max };
  if (min >= max) return { problem: '下限必须小于上限' };
  return { min, max };
}

/** The longest range 温度总览's 导出 takes, days. */
export const EXPORT_MAX_DAYS = 31;

/** What is wrong with an export's days (`YYYY-MM-DD`, both included), or undefined when it can be sent. */
export function exportRangeProblem(range: { start: string; end: string }): string | undefined {
  if (!range.start) return '请选择开始日期';
  if (!range.end) return '请选择结束日期';
  if (range.end < range.start) return '结束日期不能早于开始日期';
  const days = (Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > EXPORT_MAX_DAYS) return `导出时间范围不能超过 ${EXPORT_MAX_DAYS} 天`;
  return undefined;
}
