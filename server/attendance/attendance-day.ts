import { distance, type LonLat } from '../../sdk/geo';

/** China time is UTC+8 all year: attendance days run from midnight to midnight there. */
const CHINA_OFFSET_MS = 8 * 3600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A work area: a circle, WGS84 centre and radius in metres. */
export interface WorkAreaCircle {
  center: LonLat;
  radius: number;
}

/** A shift's times: minutes after midnight (China time), grace for both ends, ISO weekdays (1 Monday … 7). */
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

/** 正常 / 迟到 / 早退 / 迟到早退 / 缺勤, or 未结束 while the shift has not ended and nothing is wrong yet. */
export type AttendanceStatus = '正常' | '迟到' | '早退' | '迟到早退' | '缺勤' | '未结束';

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
  /** Time between consecutive positions that were both inside the area, seconds. */
  onSiteSeconds: number;
  status: AttendanceStatus;
}

/** Midnight (China time) of the day `YYYY-MM-DD`, as an instant. */
export function chinaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);
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

/**
 * One person's attendance on one scheduled day, from their time-ordered positions of that day.
 * Late: the first position inside the area came after start + grace. Early leave: the last one inside
 * came before end − grace. Absent: none inside at all. Until the shift's end (`now`) a day is not judged
 * absent or early, only late.
 */
export function attendanceOfDay(points: readonly TimedPoint[], area: WorkAreaCircle, shift: ShiftTimes, day: string, now: Date): AttendanceDay {
  const dayStart = chinaDayStart(day).getTime();
  const shiftStart = dayStart + shift.startMinute * MINUTE_MS;
  const shiftEnd = dayStart + shift.endMinute * MINUTE_MS;
  const grace = shift.graceMinutes * MINUTE_MS;
  let arrival: Date | null = null;
  let departure: Date | null = null;
  let onSiteMs = 0;
  let previous: TimedPoint | undefined;
  let previousInside = false;
  for (const p of points) {
    const t = p.time.getTime();
    if (t < dayStart || t >= dayStart + DAY_MS) continue;
    const inside = insideArea(area, p);
    if (inside) {
      arrival ??= p.time;
      departure = p.time;
      if (previous && previousInside) onSiteMs += t - previous.time.getTime();
    }
    previous = p;
    previousInside = inside;
  }
  const ended = now.getTime() >= shiftEnd;
  const lateMinutes = arrival && arrival.getTime() > shiftStart + grace ? Math.floor((arrival.getTime() - shiftStart) / MINUTE_MS) : 0;
  const earlyMinutes = ended && departure && departure.getTime() < shiftEnd - grace ? Math.ceil((shiftEnd - departure.getTime()) / MINUTE_MS) : 0;
  const absent = ended && !arrival;
  let status: AttendanceStatus;
  if (absent) status = '缺勤';
  else if (lateMinutes && earlyMinutes) status = '迟到早退';
  else if (lateMinutes) status = '迟到';
  else if (earlyMinutes) status = '早退';
  else status = ended ? '正常' : '未结束';
  return { arrival, departure, lateMinutes, earlyMinutes, absent, onSiteSeconds: Math.round(onSiteMs / 1000), status };
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
