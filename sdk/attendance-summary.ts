/** 应到 / 实到 / 迟到 / 早退 / 缺勤 / 请假 over a whole attendance report (人次 for a day, 人天 for a month). */
export interface AttendanceSummary {
  expected: number;
  present: number;
  late: number;
  early: number;
  absent: number;
  leave: number;
}

/** The summary's figures in the order the report and its export show them, with their titles. */
export const ATTENDANCE_SUMMARY_TITLES: readonly (readonly [keyof AttendanceSummary, string])[] = [
  ['expected', '应到'], ['present', '实到'], ['late', '迟到'], ['early', '早退'], ['absent', '缺勤'], ['leave', '请假'],
];
