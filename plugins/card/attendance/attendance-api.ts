/** 智能工牌 考勤 calls (docs/api-contract.md, 考勤) and the shapes they answer. */
import { formatChinaTime } from '@tianlu/sdk';

const BASE = '/car/v4/api/card/attendance';

export const AttendancePaths = {
  areas: `${BASE}/workArea/list.json`,
  saveArea: `${BASE}/workArea/save.json`,
  removeArea: `${BASE}/workArea/delete.json`,
  shifts: `${BASE}/shift/list.json`,
  shiftOptions: `${BASE}/shift/options.json`,
  saveShift: `${BASE}/shift/save.json`,
  removeShift: `${BASE}/shift/delete.json`,
  day: `${BASE}/day.json`,
  month: `${BASE}/month.json`,
  export: `${BASE}/export.json`,
} as const;

/** 导出考勤 (a button of 考勤报表, 1104). */
export const ATTENDANCE_EXPORT_BUTTON = 110401;

export interface WorkArea {
  id: number;
  name: string;
  /** WGS84 [lon, lat]. */
  center: [number, number];
  radius: number;
}

export interface WorkShift {
  id: number;
  name: string;
  workAreaId: number;
  startTime: string;
  endTime: string;
  graceMinutes: number;
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdays: number[];
  vehicleIds: number[];
  departments: string[];
}

export interface ShiftOptions {
  people: { id: number; name: string; employeeNo: string; department: string }[];
  departments: string[];
}

interface PersonColumns {
  vehicleId: number;
  name: string;
  employeeNo: string;
  department: string;
  shiftName: string;
  areaName: string;
}

export interface DayItem extends PersonColumns {
  day: string;
  arrival: string | null;
  departure: string | null;
  lateMinutes: number;
  earlyMinutes: number;
  absent: boolean;
  onSiteHours: number;
  status: string;
}

export interface MonthItem extends PersonColumns {
  workDays: number;
  presentDays: number;
  lateDays: number;
  earlyDays: number;
  absentDays: number;
  onSiteHours: number;
}

export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '网络异常';
}

/** `2026-01-01T08:05:00+08:00` → `08:05` (China time). */
export function clockOf(iso: string | null): string {
  return formatChinaTime(iso, 'clock');
}
