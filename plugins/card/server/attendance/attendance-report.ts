import type { AttendanceSummary } from '../../../../sdk/attendance-summary';
import type { Page } from '../../../../sdk/pagination';
import type { AccessScope, PersonRecord } from '../../../../server/module';
import { chinaDay } from '../../../../sdk/china-time';
import type { AreaPoint, AttendanceQueries, WorkAreaRecord, WorkShiftRecord } from '../attendance-queries';
import type { CardServices } from '../card-services';
import { attendanceOfDay, chinaDayStart, daysBetween, shiftWindow, type AttendanceDay, type DayRecords } from './attendance-day';
import { tenantCalendar, worksOn, type HolidayCalendar } from './holiday-calendar';
import { dayMark } from './day-mark';

const DAY_MS = 86_400_000;
/** People whose positions are read at once. */
const CHUNK = 50;

/** The stores the reports read. */
export type AttendanceStores = Pick<CardServices, 'people' | 'attendance' | 'attendanceRecords'>;

/** A person under a shift: one line of the reports, from the day the shift applies to them. */
export interface Assignment {
  person: PersonRecord;
  shift: WorkShiftRecord;
  area: WorkAreaRecord;
  /** The first day the shift applies to the person (YYYY-MM-DD, China time). */
  startsOn: string;
}

export interface DayLine extends Assignment {
  day: string;
  result: AttendanceDay;
}

export interface MonthLine extends Assignment {
  /** Scheduled days of the month up to today, from the day the shift applies. */
  workDays: number;
  presentDays: number;
  lateDays: number;
  earlyDays: number;
  absentDays: number;
  leaveDays: number;
  onSiteSeconds: number;
  days: { day: string; result: AttendanceDay }[];
  /** Every day of the month, its mark (√ 迟 早 缺, the leave's kind, 休, or '' when not applicable). */
  marks: string[];
}

export type { AttendanceSummary };

export interface ReportPage<T> extends Page<T> {
  summary: AttendanceSummary;
}


/**
 * The day a shift starts to apply to a person: the earliest start of the bindings that reach them (themselves,
 * their department); undefined when none does. A binding saved before starts were kept applies from the
 * shift's creation day.
 */
export function bindingStart(shift: WorkShiftRecord, person: PersonRecord): string | undefined {
  const keys: string[] = [];
  if (shift.vehicleIds.includes(person.vehicleId)) keys.push(`v:${person.vehicleId}`);
  if (person.department !== '' && shift.departments.includes(person.department)) keys.push(`d:${person.department}`);
  const starts = keys.map((k) => shift.memberStarts[k] ?? chinaDay(shift.createdAt)).sort();
  return starts[0];
}

/** Every person with every shift bound to them (directly or through their department). */
export async function assignments(stores: Pick<AttendanceStores, 'people' | 'attendance'>, scope: AccessScope, keyword?: string): Promise<Assignment[]> {
  const [people, shifts, areas] = await Promise.all([stores.people.list(scope), stores.attendance.listShifts(scope), stores.attendance.listAreas(scope)]);
  const areaById = new Map(areas.map((a) => [a.id, a]));
  const kw = keyword?.trim().toLowerCase();
  const out: Assignment[] = [];
  for (const person of people) {
    if (kw && ![person.name, person.employeeNo, person.department].some((v) => v.toLowerCase().includes(kw))) continue;
    for (const shift of shifts) {
      const area = areaById.get(shift.workAreaId);
      const startsOn = bindingStart(shift, person);
      if (area && startsOn && shift.tenantId === person.tenantId) out.push({ person, shift, area, startsOn });
    }
  }
  return out;
}

/** What the reports need besides positions, for some people over first … last. */
interface Context {
  calendars: Map<number, HolidayCalendar>;
  leaves: Map<number, { kind: string; startDay: string; endDay: string }[]>;
  punches: Map<string, number[]>;
}

async function loadContext(stores: AttendanceStores, lines: readonly Assignment[], first: string, last: string): Promise<Context> {
  const tenants = [...new Set(lines.map((a) => a.person.tenantId))];
  const people = [...new Set(lines.map((a) => a.person.vehicleId))];
  const [own, leaves, punches] = await Promise.all([
    stores.attendanceRecords.holidays(tenants, first, last),
    stores.attendanceRecords.leavesOf(people, first, last),
    stores.attendanceRecords.punchesOf(people, first, last),
  ]);
  const years = [...new Set([Number(first.slice(0, 4)), Number(last.slice(0, 4))])];
  const calendars = new Map(tenants.map((t) => [t, tenantCalendar(years, own.filter((h) => h.tenantId === t))]));
  const ctx: Context = { calendars, leaves: new Map(), punches: new Map() };
  for (const l of leaves) ctx.leaves.set(l.vehicleId, [...(ctx.leaves.get(l.vehicleId) ?? []), l]);
  for (const p of punches) {
    const key = `${p.vehicleId}|${p.day}`;
    ctx.punches.set(key, [...(ctx.punches.get(key) ?? []), p.minute]);
  }
  return ctx;
}

function recordsOf(ctx: Context, vehicleId: number, day: string): DayRecords {
  const leave = ctx.leaves.get(vehicleId)?.find((l) => l.startDay <= day && day <= l.endDay);
  return { leave: leave?.kind, punches: ctx.punches.get(`${vehicleId}|${day}`) };
}

const scheduled = (a: Assignment, day: string, ctx: Context) => worksOn(a.shift.weekdays, day, ctx.calendars.get(a.person.tenantId) ?? new Map(), a.startsOn);

/** The time-ordered positions with from ≤ time < to (binary search: the list is ordered). */
function within(points: readonly AreaPoint[], from: number, to: number): AreaPoint[] {
  const first = (t: number) => {
    let lo = 0;
    let hi = points.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (points[mid]!.time.getTime() < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return points.slice(first(from), first(to));
}

/** Positions of the people of `lines` covering every shift window of first … last, by terminal. */
async function pointsOf(store: AttendanceQueries, lines: readonly Assignment[], first: string, last: string): Promise<Map<number, AreaPoint[]>> {
  const terminals = [...new Set(lines.map((a) => a.person.terminalId).filter((t): t is number => t !== null))];
  // a night shift's window reaches at most half a day before its day and a day and a half after it
  const rows = await store.points(terminals, new Date(chinaDayStart(first).getTime() - DAY_MS / 2), new Date(chinaDayStart(last).getTime() + 2 * DAY_MS));
  const map = new Map<number, AreaPoint[]>();
  for (const p of rows) {
    const list = map.get(p.terminalId);
    if (list) list.push(p);
    else map.set(p.terminalId, [p]);
  }
  return map;
}

function dayOf(a: Assignment, day: string, points: Map<number, AreaPoint[]>, ctx: Context, now: Date): AttendanceDay {
  const w = shiftWindow(a.shift, day);
  const mine = a.person.terminalId === null ? [] : within(points.get(a.person.terminalId) ?? [], w.from, w.to);
  return attendanceOfDay(mine, { center: [a.area.lon, a.area.lat], radius: a.area.radius }, a.shift, day, now, recordsOf(ctx, a.person.vehicleId, day));
}

const emptySummary = (): AttendanceSummary => ({ expected: 0, present: 0, late: 0, early: 0, absent: 0, leave: 0 });

function addDay(s: AttendanceSummary, r: AttendanceDay): void {
  s.expected += 1;
  if (r.leave) s.leave += 1;
  else if (r.arrival) s.present += 1;
  if (r.lateMinutes > 0) s.late += 1;
  if (r.earlyMinutes > 0) s.early += 1;
  if (r.absent) s.absent += 1;
}

/** 考勤日报: everyone scheduled on `day` (from the day their shift applies, not on holidays), a page at a time, and the day's summary. */
export async function dayReport(
  stores: AttendanceStores, scope: AccessScope, day: string, now: Date, page: { offset: number; limit: number }, keyword?: string,
): Promise<ReportPage<DayLine>> {
  const candidates = await assignments(stores, scope, keyword);
  const ctx = await loadContext(stores, candidates, day, day);
  const all = candidates.filter((a) => scheduled(a, day, ctx));
  const summary = emptySummary();
  const list: DayLine[] = [];
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const points = await pointsOf(stores.attendance, chunk, day, day);
    chunk.forEach((a, j) => {
      const result = dayOf(a, day, points, ctx, now);
      addDay(summary, result);
      const at = i + j;
      if (at >= page.offset && at < page.offset + page.limit) list.push({ ...a, day, result });
    });
  }
  return { total: all.length, list, summary };
}

/** The first and last day of `YYYY-MM`. */
export function monthDays(month: string): string[] {
  const first = `${month}-01`;
  const next = new Date(Date.parse(`${first}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return daysBetween(first, new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10));
}

/**
 * 考勤月报: each person's month (`YYYY-MM`) over its scheduled days up to `today`, from the day their shift
 * applies, with a mark for every day of the month; a page at a time, and the month's summary.
 */
export async function monthReport(
  stores: AttendanceStores, scope: AccessScope, month: string, today: string, now: Date, page: { offset: number; limit: number }, keyword?: string,
): Promise<ReportPage<MonthLine>> {
  const calendarDays = monthDays(month);
  // a shift that applies only after the month has no line in it
  const all = (await assignments(stores, scope, keyword)).filter((a) => a.startsOn <= calendarDays.at(-1)!);
  const first = calendarDays[0]!;
  const last = calendarDays.at(-1)! < today ? calendarDays.at(-1)! : today;
  const ctx = await loadContext(stores, all, first, calendarDays.at(-1)!);
  const summary = emptySummary();
  const list: MonthLine[] = [];
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const points = first <= last ? await pointsOf(stores.attendance, chunk, first, last) : new Map<number, AreaPoint[]>();
    chunk.forEach((a, j) => {
      const days: MonthLine['days'] = [];
      const marks = calendarDays.map((day) => {
        if (day > last || day < a.startsOn) return '';
        if (!scheduled(a, day, ctx)) return '休';
        const result = dayOf(a, day, points, ctx, now);
        days.push({ day, result });
        addDay(summary, result);
        return dayMark(result);
      });
      const at = i + j;
      if (at < page.offset || at >= page.offset + page.limit) return;
      const count = (f: (r: AttendanceDay) => boolean) => days.filter((d) => f(d.result)).length;
      list.push({
        ...a,
        workDays: days.length,
        presentDays: count((r) => r.arrival !== null && !r.leave),
        lateDays: count((r) => r.lateMinutes > 0),
        earlyDays: count((r) => r.earlyMinutes > 0),
        absentDays: count((r) => r.absent),
        leaveDays: count((r) => r.leave !== null),
        onSiteSeconds: days.reduce((n, d) => n + d.result.onSiteSeconds, 0),
        days,
        marks,
      });
    });
  }
  return { total: all.length, list, summary };
}
