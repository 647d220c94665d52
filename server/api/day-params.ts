import { badInput } from './envelope';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` (China time) that exists; else 400 naming the field by `label`. */
export function parseDay(value: string, label: string): string {
  const m = DAY.exec(value.trim());
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!m || !date || date.toISOString().slice(0, 10) !== m[0]) throw badInput(`${label}格式不正确，应为 YYYY-MM-DD，例如 2026-01-01`);
  return m[0];
}

/** Days from `start` to `end` (both `YYYY-MM-DD`), both included. */
export function dayCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}
