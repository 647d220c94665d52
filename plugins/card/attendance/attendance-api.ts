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

export interface ShiftOptions {
  people: { id: number; name: string; employeeNo: string; department: string }[];
  departments: string[];
}

export type { AttendanceSummary, WorkArea, WorkShift, HolidayDay, HolidayKind, HolidayYear } from '@tianlu/sdk';
export { HOLIDAY_KIND_NAMES } from '@tianlu/sdk';

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
