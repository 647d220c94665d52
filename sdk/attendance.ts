/**
 * 智能工牌 考勤 as the API answers it (docs/api-contract.md, 考勤): work areas, shifts, the 节假日
 * calendar and the lines of 考勤日报 / 考勤月报. One contract for the server that builds them and the
 * pages that show them. Pure types and constants.
 */

/** A work area (WGS84 centre, radius in metres). */
export interface WorkArea {
  id: number;
  name: string;
  /** WGS84 [lon, lat]. */
  center: [number, number];
  radius: number;
  createTime: string;
}

/**
 * A shift: times as HH:MM (China time; an end at or before the start is on the next day), weekdays ISO
 * (1 Monday … 7 Sunday), and the day each binding (`v:<id>`, `d:<department>`) applies from.
 */
export interface WorkShift {
  id: number;
  name: string;
  workAreaId: number;
  startTime: string;
  endTime: string;
  graceMinutes: number;
  weekdays: number[];
  vehicleIds: number[];
  departments: string[];
  memberStarts: Record<string, string>;
}

/** The official schedule's kinds: holiday 放假 (whatever the weekday), workday 调休上班. */
export type OfficialHolidayKind = 'holiday' | 'workday';

/** A calendar day's kind: the official ones, or normal 按工作日 (a tenant set an official day back to its weekday). */
export type HolidayKind = OfficialHolidayKind | 'normal';

export const HOLIDAY_KIND_NAMES: Readonly<Record<HolidayKind, string>> = { holiday: '放假', workday: '调休上班', normal: '按工作日' };

/** One day of a tenant's 节假日 calendar: what applies, and what the official schedule says. */
export interface HolidayDay {
  day: string;
  kind: HolidayKind;
  name: string;
  official: { kind: OfficialHolidayKind; name: string } | null;
  /** Whether the tenant's own entry decides the day (it can be removed to restore the official one). */
  own: boolean;
}

/** 节假日 of a year: whether the official schedule of that year is in the data, and every marked day. */
export interface HolidayYear {
  year: number;
  officialPublished: boolean;
  days: HolidayDay[];
}

/** 正常 / 迟到 / 早退 / 迟到早退 / 缺勤 / 请假, or 未结束 while the shift has not ended and nothing is wrong yet. */
export type AttendanceStatus = '正常' | '迟到' | '早退' | '迟到早退' | '缺勤' | '请假' | '未结束';

/** The person, shift and area columns every report line starts with. */
export interface AttendancePersonColumns {
  vehicleId: number;
  name: string;
  employeeNo: string;
  department: string;
  shiftName: string;
  areaName: string;
  /** The day the shift applies to the person from. */
  startsOn: string;
}

/** One person and day of 考勤日报 (times ISO 8601 with offset). */
export interface AttendanceDayItem extends AttendancePersonColumns {
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
  status: AttendanceStatus;
}

/** One person and month of 考勤月报. */
export interface AttendanceMonthItem extends AttendancePersonColumns {
  workDays: number;
  presentDays: number;
  lateDays: number;
  earlyDays: number;
  absentDays: number;
  leaveDays: number;
  onSiteHours: number;
  /** Every day of the month, its mark (√ 迟 早 缺, the leave's kind, 休, or '' when not applicable). */
  marks: string[];
}

/** The people (and their departments) a shift, a leave or a 补卡 can be for. */
export interface ShiftOptions {
  people: { id: number; name: string; employeeNo: string; department: string }[];
  departments: string[];
}

/** The kinds of 请假 an administrator records. */
export const LEAVE_KINDS = ['事假', '病假', '年假', '调休', '婚假', '丧假', '产假', '陪产假', '工伤假', '公出', '其他'] as const;

/** A 请假 record (whole days, both ends included). */
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

/** A 补卡 record: the 上班卡 (in) or 下班卡 (out) of a day at HH:MM. */
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

/** A stay in a work area (ISO 8601 with offset). */
export interface AreaStay {
  areaId: number;
  areaName: string;
  start: string;
  end: string;
  seconds: number;
}

/** A person's day at their work areas: the badge's terminal (to replay its track), the areas and the stays in them. */
export interface PersonStays {
  terminalNo: string | null;
  areas: WorkArea[];
  stays: AreaStay[];
}

export type PersonReadingKind = 'heartRate' | 'systolic' | 'diastolic' | 'spo2' | 'temperature' | 'steps';

/** The card of 人员监控: who the person is and their last readings (phone masked unless the caller may edit people). */
export interface PersonDetail {
  vehicleId: number;
  name: string;
  employeeNo: string;
  department: string;
  phone: string;
  photo: string;
  terminalNo: string | null;
  readings: Partial<Record<PersonReadingKind, { value: number; time: string }>>;
}
