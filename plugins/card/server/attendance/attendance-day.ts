import { distance, type LonLat } from '../../../../sdk/geo';
import type { AttendanceStatus } from '../../../../sdk/attendance';
import { chinaDayStart as chinaMidnight } from '../../../../sdk/china-time';

// attendance days run from midnight to midnight in China time (UTC+8 all year)
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A work area: a circle, WGS84 centre and radius in metres. */
export interface WorkAreaCircle {
  center: LonLat;
  radius: number;
}

/**
 * A shift's times: minutes after midnight (China time), grace for both ends, ISO weekdays (1 Monday … 7).
 * An end at or before the start is on the next day (a night shift, 22:00–06:00): the shift, and every
 * position of it, belongs to the day it starts.
 */
export interface ShiftTimes {
  startMinute: number;
  endMinute: number;
  graceMinutes: number;
  weekdays: readonly number[];
}

export interface TimedPoint {
  time: Date;
  lon: number;
  lat: number;
}


/** What an administrator recorded for a person's day: a leave (its kind, 事假 …) and 补卡 punches. */
export interface DayRecords {
  leave?: string;
  /** Corrected punches, minutes after the day's midnight (China time); for a night shift a minute before the shift's window is on the next day. */
  punches?: readonly number[];
}

export interface AttendanceDay {
  /** First position inside the work area that day. */
  arrival: Date | null;
  /** Last position inside the work area that day. */
  departure: Date | null;
  /** Minutes after shift start + grace the person arrived (0 when on time). */
  lateMinutes: number;
  /** Minutes before shift end − grace the person was last there (0 when not early). */
  earlyMinutes: number;
  absent: boolean;
  /** The kind of leave (事假, 病假 …) on a leave day, else null. */
  leave: string | null;
  /** Whether a 补卡 set the arrival or the departure. */
  corrected: boolean;
  /** Time between consecutive positions that were both inside the area, seconds. */
  onSiteSeconds: number;
  status: AttendanceStatus;
}

/** Midnight (China time) of the day `YYYY-MM-DD`, as an instant. */
export function chinaDayStart(day: string): Date {
  return new Date(chinaMidnight(day));
}

/** The ISO weekday (1 Monday … 7 Sunday) of `YYYY-MM-DD`. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Every day `YYYY-MM-DD` from start to end, both included. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function insideArea(area: WorkAreaCircle, p: { lon: number; lat: number }): boolean {
  return distance(area.center, [p.lon, p.lat]) <= area.radius;
}

export const crossesMidnight = (shift: Pick<ShiftTimes, 'startMinute' | 'endMinute'>) => shift.endMinute <= shift.startMinute;

/**
 * The instants of a shift on `day` (ms): its start and end, and the window whose positions belong to it.
 * A day shift's window is its calendar day; a night shift's is centred on the shift, halfway into the
 * gaps before and after it (22:00–06:00 owns 14:00 that day to 14:00 the next).
 */
export function shiftWindow(shift: Pick<ShiftTimes, 'startMinute' | 'endMinute'>, day: string): { start: number; end: number; from: number; to: number } {
  const dayStart = chinaDayStart(day).getTime();
  const start = dayStart + shift.startMinute * MINUTE_MS;
  if (!crossesMidnight(shift)) return { start, end: dayStart + shift.endMinute * MINUTE_MS, from: dayStart, to: dayStart + DAY_MS };
  const end = dayStart + DAY_MS + shift.endMinute * MINUTE_MS;
  const halfGap = Math.floor((DAY_MS - (end - start)) / 2 / MINUTE_MS) * MINUTE_MS;
  return { start, end, from: start - halfGap, to: start - halfGap + DAY_MS };
}

/**
 * One person's attendance on one scheduled day, from their time-ordered positions (those outside the
 * shift's window are ignored) and what was recorded for the day. Late: the first position inside the area
 * came after start + grace. Early leave: the last one inside came before end − grace. Absent: none inside
 * at all. A 补卡 counts as a punch inside the area; a leave day is 请假, never late, early or absent.
 * Until the shift's end (`now`) a day is not judged absent or early, only late.
 */
export function attendanceOfDay(
  points: readonly TimedPoint[], area: WorkAreaCircle, shift: ShiftTimes, day: string, now: Date, records: DayRecords = {},
): AttendanceDay {
  const window = shiftWindow(shift, day);
  const shiftStart = window.start;
  const shiftEnd = window.end;
  const grace = shift.graceMinutes * MINUTE_MS;
  let arrival: Date | null = null;
  let departure: Date | null = null;
  let onSiteMs = 0;
  let previous: TimedPoint | undefined;
  let previousInside = false;
  for (const p of points) {
    const t = p.time.getTime();
    if (t < window.from || t >= window.to) continue;
    const inside = insideArea(area, p);
    if (inside) {
      arrival ??= p.time;
      departure = p.time;
      if (previous && previousInside) onSiteMs += t - previous.time.getTime();
    }
    previous = p;
    previousInside = inside;
  }
  let corrected = false;
  for (const minute of records.punches ?? []) {
    let t = chinaDayStart(day).getTime() + minute * MINUTE_MS;
    if (t < window.from) t += DAY_MS;
    if (!arrival || t < arrival.getTime()) {
      arrival = new Date(t);
      corrected = true;
    }
    if (!departure || t > departure.getTime()) {
      departure = new Date(t);
      corrected = true;
    }
  }
  const leave = records.leave ?? null;
  const ended = now.getTime() >= shiftEnd;
  const lateMinutes = !leave && arrival && arrival.getTime() > shiftStart + grace ? Math.floor((arrival.getTime() - shiftStart) / MINUTE_MS) : 0;
  const earlyMinutes = !leave && ended && departure && departure.getTime() < shiftEnd - grace ? Math.ceil((shiftEnd - departure.getTime()) / MINUTE_MS) : 0;
  const absent = !leave && ended && !arrival;
  let status: AttendanceStatus;
  if (leave) status = '请假';
  else if (absent) status = '缺勤';
  else if (lateMinutes && earlyMinutes) status = '迟到早退';
  else if (lateMinutes) status = '迟到';
  else if (earlyMinutes) status = '早退';
  else status = ended ? '正常' : '未结束';
  return { arrival, departure, lateMinutes, earlyMinutes, absent, leave, corrected, onSiteSeconds: Math.round(onSiteMs / 1000), status };
}

/** A stretch of consecutive positions inside one work area. */
export interface AreaStay {
  areaId: number;
  start: Date;
  end: Date;
  seconds: number;
}

/**
 * The stays at work areas along a time-ordered track: each run of consecutive positions inside an area,
 * from the first to the last of them (an area the track never enters has none).
 */
export function staysAtAreas(points: readonly TimedPoint[], areas: readonly (WorkAreaCircle & { id: number })[]): AreaStay[] {
  const stays: AreaStay[] = [];
  let current: AreaStay | undefined;
  for (const p of points) {
    const area = areas.find((a) => insideArea(a, p));
    if (current && area?.id === current.areaId) {
      current.end = p.time;
      current.seconds = Math.round((p.time.getTime() - current.start.getTime()) / 1000);
      continue;
    }
    current = area ? { areaId: area.id, start: p.time, end: p.time, seconds: 0 } : undefined;
    if (current) stays.push(current);
  }
  return stays;
}
