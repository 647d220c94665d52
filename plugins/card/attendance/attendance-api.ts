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
  holidays: `${BASE}/holiday/list.json`,
  saveHoliday: `${BASE}/holiday/save.json`,
  removeHoliday: `${BASE}/holiday/delete.json`,
  leaves: `${BASE}/leave/list.json`,
  saveLeave: `${BASE}/leave/save.json`,
  removeLeave: `${BASE}/leave/delete.json`,
  punches: `${BASE}/punch/list.json`,
  savePunch: `${BASE}/punch/save.json`,
  removePunch: `${BASE}/punch/delete.json`,
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
  /** The day each binding (`v:<id>`, `d:<department>`) applies from. */
  memberStarts: Record<string, string>;
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
  /** The kind of leave on a leave day (事假 …). */
  leave: string | null;
  /** A 补卡 set the arrival or departure. */
  corrected: boolean;
  onSiteHours: number;
  status: string;
}

export interface MonthItem extends PersonColumns {
  workDays: number;
  presentDays: number;
  lateDays: number;
  earlyDays: number;
  absentDays: number;
  leaveDays: number;
  onSiteHours: number;
  /** The day the shift applies to the person from. */
  startsOn: string;
}

export type { AttendanceSummary } from '@tianlu/sdk';

/** holiday 放假, workday 调休上班, normal 按工作日 (a tenant's cancellation of an official day). */
export type HolidayKind = 'holiday' | 'workday' | 'normal';

export interface HolidayDay {
  day: string;
  kind: HolidayKind;
  name: string;
  official: { kind: 'holiday' | 'workday'; name: string } | null;
  own: boolean;
}

export interface HolidayYear {
  year: number;
  officialPublished: boolean;
  days: HolidayDay[];
}

export const HOLIDAY_KIND_NAMES: Record<HolidayKind, string> = { holiday: '放假', workday: '调休上班', normal: '按工作日' };

export const LEAVE_KINDS = ['事假', '病假', '年假', '调休', '婚假', '丧假', '产假', '陪产假', '工伤假', '公出', '其他'] as const;

export interface LeaveItem {
  id: number;
  vehicleId: number;
  personName: string;
  kind: string;
  startDay: string;
  endDay: string;
  days: number;
  reason: string;
  createdBy: string;
  createTime: string;
}

export interface PunchItem {
  id: number;
  vehicleId: number;
  personName: string;
  day: string;
  punch: 'in' | 'out';
  time: string;
  reason: string;
  createdBy: string;
  createTime: string;
}

export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '网络异常';
}

/** `2026-01-01T08:05:00+08:00` → `08:05` (China time). */
export function clockOf(iso: string | null): string {
  return formatChinaTime(iso, 'clock');
}
