import { chinaDay } from '../../china-time';
import type { TripAnswer } from '../../track';

/** Totals of some days: trips, km and seconds. */
export interface TripTotals {
  count: number;
  distance: number;
  seconds: number;
}

/** One day of the chart (days without trips included, as zero). */
export interface TripDay extends TripTotals {
  day: string;
}

const DAY_MS = 86_400_000;

/** Every day from `first` to `last` (YYYY-MM-DD), with the answer's totals or zero. */
export function daysBetween(answer: Pick<TripAnswer, 'days'>, first: string, last: string): TripDay[] {
  const byDay = new Map(answer.days.map((d) => [d.day, d]));
  const out: TripDay[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    const d = byDay.get(day);
    out.push({ day, count: d?.count ?? 0, distance: d?.distance ?? 0, seconds: d?.seconds ?? 0 });
  }
  return out;
}

/** 今天 and the week (最近 7 天) of an answer covering the last seven days, with the daily average of the week. */
export function weekSummary(answer: Pick<TripAnswer, 'days'>, now = Date.now()): { today: TripTotals; week: TripTotals; dailyDistance: number; days: TripDay[] } {
  const days = daysBetween(answer, chinaDay(now - 6 * DAY_MS), chinaDay(now));
  const sum = (list: TripDay[]): TripTotals => ({
    count: list.reduce((n, d) => n + d.count, 0),
    distance: Math.round(list.reduce((n, d) => n + d.distance, 0) * 100) / 100,
    seconds: list.reduce((n, d) => n + d.seconds, 0),
  });
  const week = sum(days);
  return { today: sum(days.slice(-1)), week, dailyDistance: Math.round((week.distance / 7) * 100) / 100, days };
}
