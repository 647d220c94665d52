/** 智能工牌 考勤 on the console: its buttons, the shapes its calls answer (AttendanceApi of sdk/contracts/card.ts) and how they are shown. */
import { formatChinaTime } from '@tianlu/sdk';


/** 导出考勤 (a button of 考勤报表, 1104). */
export const ATTENDANCE_EXPORT_BUTTON = 110401;

export type { AttendanceSummary, WorkArea, WorkShift, HolidayDay, HolidayKind, HolidayYear, LeaveItem, PunchItem, ShiftOptions } from '@tianlu/sdk';
export { HOLIDAY_KIND_NAMES, LEAVE_KINDS } from '@tianlu/sdk';

export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : '网络异常';
}

/** `2026-01-01T08:05:00+08:00` → `08:05` (China time). */
export function clockOf(iso: string | null): string {
  return formatChinaTime(iso, 'clock');
}
