import type { AreaPoint, AttendanceQueries, AttendancePerson, WorkAreaRecord, WorkShiftRecord } from '../store/attendance-queries';
import type { AccessScope } from '../store/scope-queries';
import { attendanceOfDay, chinaDayStart, daysBetween, isoWeekday, type AttendanceDay } from './attendance-day';

const DAY_MS = 86_400_000;

/** A person under a shift: one line of the reports. */
export interface Assignment {
  person: AttendancePerson;
  shift: WorkShiftRecord;
  area: WorkAreaRecord;
}

export interface DayLine extends Assignment {
  day: string;
  result: AttendanceDay;
}

export interface MonthLine extends Assignment {
  /** Scheduled days of the month up to today. */
  workDays: number;
  presentDays: number;
  lateDays: number;
  earlyDays: number;
  absentDays: number;
  onSiteSeconds: number;
  days: { day: string; result: AttendanceDay }[];
}

export interface ReportPage<T> {
  total: number;
  list: T[];
}

/** Every person with every shift bound to them (directly or through their department). */
export async function assignments(store: AttendanceQueries, scope: AccessScope, keyword?: string): Promise<Assignment[]> {
  const [people, shifts, areas] = await Promise.all([store.people(scope), store.listShifts(scope), store.listAreas(scope)]);
  const areaById = new Map(areas.map((a) => [a.id, a]));
  const kw = keyword?.trim().toLowerCase();
  const out: Assignment[] = [];
  for (const person of people) {
    if (kw && ![person.name, person.employeeNo, person.department].some((v) => v.toLowerCase().includes(kw))) continue;
    for (const shift of shifts) {
      const area = areaById.get(shift.workAreaId);
      const bound = shift.vehicleIds.includes(person.vehicleId) || (person.department !== '' && shift.departments.includes(person.department));
      if (area && bound && shift.tenantId === person.tenantId) out.push({ person, shift, area });
    }
  }
  return out;
}

function byTerminal(points: AreaPoint[]): Map<number, AreaPoint[]> {
  const map = new Map<number, AreaPoint[]>();
  for (const p of points) {
    const list = map.get(p.terminalId);
    if (list) list.push(p);
    else map.set(p.terminalId, [p]);
  }
  return map;
}

function dayOf(a: Assignment, day: string, points: Map<number, AreaPoint[]>, now: Date): AttendanceDay {
  const mine = a.person.terminalId === null ? [] : points.get(a.person.terminalId) ?? [];
  return attendanceOfDay(mine, { center: [a.area.lon, a.area.lat], radius: a.area.radius }, a.shift, day, now);
}

/** 考勤日报: everyone scheduled on `day`, a page at a time. */
export async function dayReport(
  store: AttendanceQueries, scope: AccessScope, day: string, now: Date, page: { offset: number; limit: number }, keyword?: string,
): Promise<ReportPage<DayLine>> {
  const weekday = isoWeekday(day);
  const all = (await assignments(store, scope, keyword)).filter((a) => a.shift.weekdays.includes(weekday));
  const slice = all.slice(page.offset, page.offset + page.limit);
  const start = chinaDayStart(day);
  const terminals = [...new Set(slice.map((a) => a.person.terminalId).filter((t): t is number => t !== null))];
  const points = byTerminal(await store.points(terminals, start, new Date(start.getTime() + DAY_MS)));
  return { total: all.length, list: slice.map((a) => ({ ...a, day, result: dayOf(a, day, points, now) })) };
}

/** 考勤月报: each person's month (`YYYY-MM`) summed up over its scheduled days up to `today`. */
export async function monthReport(
  store: AttendanceQueries, scope: AccessScope, month: string, today: string, now: Date, page: { offset: number; limit: number }, keyword?: string,
): Promise<ReportPage<MonthLine>> {
  const all = await assignments(store, scope, keyword);
  const slice = all.slice(page.offset, page.offset + page.limit);
  const first = `${month}-01`;
  const next = new Date(Date.parse(`${first}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastOfMonth = new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10);
  const last = lastOfMonth < today ? lastOfMonth : today;
  const days = first <= last ? daysBetween(first, last) : [];
  const terminals = [...new Set(slice.map((a) => a.person.terminalId).filter((t): t is number => t !== null))];
  const points = days.length ? byTerminal(await store.points(terminals, chinaDayStart(first), new Date(chinaDayStart(last).getTime() + DAY_MS))) : new Map<number, AreaPoint[]>();
  const list = slice.map((a): MonthLine => {
    const results = days.filter((d) => a.shift.weekdays.includes(isoWeekday(d))).map((day) => ({ day, result: dayOf(a, day, points, now) }));
    const count = (f: (r: AttendanceDay) => boolean) => results.filter((d) => f(d.result)).length;
    return {
      ...a,
      workDays: results.length,
      presentDays: count((r) => r.arrival !== null),
      lateDays: count((r) => r.lateMinutes > 0),
      earlyDays: count((r) => r.earlyMinutes > 0),
      absentDays: count((r) => r.absent),
      onSiteSeconds: results.reduce((n, d) => n + d.result.onSiteSeconds, 0),
      days: results,
    };
  });
  return { total: all.length, list };
}
