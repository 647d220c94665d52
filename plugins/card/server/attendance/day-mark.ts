import type { AttendanceDay } from './attendance-day';

/** The marks of 考勤月报's day-by-day sheet and what each means (written under the sheet). */
export const DAY_MARKS: readonly [string, string][] = [
  ['√', '正常'], ['迟', '迟到'], ['早', '早退'], ['迟早', '迟到早退'], ['缺', '缺勤'], ['事假 病假 …', '请假（写明类别）'],
  ['休', '休息日或法定节假日'], ['…', '班次未结束'], ['补', '含补卡（附在状态后）'], ['空白', '班次尚未生效或日期未到'],
];

const MARK: Record<Exclude<AttendanceDay['status'], '请假'>, string> = { 正常: '√', 迟到: '迟', 早退: '早', 迟到早退: '迟早', 缺勤: '缺', 未结束: '…' };

/** The mark of one scheduled day in the day-by-day sheet: its status in short, a leave by its kind, 补 after a corrected one. */
export function dayMark(r: AttendanceDay): string {
  if (r.leave) return r.leave;
  return MARK[r.status as keyof typeof MARK] + (r.corrected ? '补' : '');
}
