import type { HolidayKind } from '../../../../sdk/attendance';
import { officialHolidays, type HolidayEntry } from './official-holidays';

export interface TenantHoliday {
  day: string;
  kind: HolidayKind;
  name: string;
}

/** One day of a tenant's calendar and where it comes from. */
export interface CalendarDay extends HolidayEntry {
  source: 'official' | 'tenant';
}

/** A tenant's calendar: the days that are not what their weekday says, by day. */
export type HolidayCalendar = ReadonlyMap<string, CalendarDay>;

/**
 * The calendar a tenant works by over some years: the official schedule, with the tenant's own entries
 * taking precedence day by day (a `normal` entry removes an official one).
 */
export function tenantCalendar(years: readonly number[], own: readonly TenantHoliday[]): Map<string, CalendarDay> {
  const out = new Map<string, CalendarDay>();
  for (const year of years) for (const e of officialHolidays(year)) out.set(e.day, { ...e, source: 'official' });
  for (const e of own) {
    if (e.kind === 'normal') out.delete(e.day);
    else out.set(e.day, { day: e.day, kind: e.kind, name: e.name, source: 'tenant' });
  }
  return out;
}

/**
 * Whether a shift with these ISO weekdays is worked on `day` by someone it applies to from `startsOn`:
 * not before then, never on a 放假 day, always on a 调休上班 day, otherwise by the weekday.
 */
export function worksOn(weekdays: readonly number[], day: string, calendar: HolidayCalendar, startsOn: string): boolean {
  if (day < startsOn) return false;
  const entry = calendar.get(day);
  if (entry) return entry.kind === 'workday';
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekdays.includes(d === 0 ? 7 : d);
}
