/**
 * The State Council's 部分节假日安排 (法定节假日 and 调休上班 days), as published, one entry per day.
 *
 * Source of 2026: 国务院办公厅关于2026年部分节假日安排的通知, 2025-11-04, released by 新华社
 * (reprinted e.g. at https://politics.gmw.cn/2025-11/04/content_38391083.htm).
 * 2027 has not been entered: its notice was not available when this data was written, so the console
 * says so and a tenant enters the year by hand until the data is updated. Never add a year from a guess.
 */
import type { OfficialHolidayKind } from '../../../../sdk/attendance';

export interface HolidayEntry {
  day: string;
  kind: OfficialHolidayKind;
  /** 元旦, 春节, … (a 调休上班 day carries the holiday it makes up for). */
  name: string;
}

/** A holiday's days off (first and last, both included) and its make-up working days. */
interface Announced {
  name: string;
  from: string;
  to: string;
  workdays: string[];
}

const YEAR_2026: Announced[] = [
  { name: '元旦', from: '2026-01-01', to: '2026-01-03', workdays: ['2026-01-04'] },
  { name: '春节', from: '2026-02-15', to: '2026-02-23', workdays: ['2026-02-14', '2026-02-28'] },
  { name: '清明节', from: '2026-04-04', to: '2026-04-06', workdays: [] },
  { name: '劳动节', from: '2026-05-01', to: '2026-05-05', workdays: ['2026-05-09'] },
  { name: '端午节', from: '2026-06-19', to: '2026-06-21', workdays: [] },
  { name: '中秋节', from: '2026-09-25', to: '2026-09-27', workdays: [] },
  { name: '国庆节', from: '2026-10-01', to: '2026-10-07', workdays: ['2026-09-20', '2026-10-10'] },
];

const ANNOUNCED: Record<number, Announced[]> = { 2026: YEAR_2026 };

/** The years whose official schedule this data holds. */
export const OFFICIAL_YEARS: readonly number[] = Object.keys(ANNOUNCED).map(Number);

const DAY_MS = 86_400_000;

/** The official 放假 and 调休上班 days of `year`, by day; empty when the year is not in the data. */
export function officialHolidays(year: number): HolidayEntry[] {
  const out: HolidayEntry[] = [];
  for (const a of ANNOUNCED[year] ?? []) {
    for (let t = Date.parse(`${a.from}T00:00:00Z`); t <= Date.parse(`${a.to}T00:00:00Z`); t += DAY_MS) {
      out.push({ day: new Date(t).toISOString().slice(0, 10), kind: 'holiday', name: a.name });
    }
    for (const day of a.workdays) out.push({ day, kind: 'workday', name: a.name });
  }
  return out.sort((x, y) => x.day.localeCompare(y.day));
}
