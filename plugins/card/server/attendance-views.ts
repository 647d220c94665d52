import type { AttendanceDayItem, AttendanceMonthItem } from '../../../sdk/attendance';
import { toChinaIso } from '../../../sdk/china-time';
import type { DayLine, MonthLine } from './attendance/attendance-report';

const hours = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;

/** One line of 考勤日报 as the console gets it. */
export function toDayItem(l: DayLine): AttendanceDayItem {
  const r = l.result;
  return {
    vehicleId: l.person.vehicleId, name: l.person.name, employeeNo: l.person.employeeNo, department: l.person.department,
    shiftName: l.shift.name, areaName: l.area.name, day: l.day, startsOn: l.startsOn,
    arrival: r.arrival && toChinaIso(r.arrival), departure: r.departure && toChinaIso(r.departure),
    lateMinutes: r.lateMinutes, earlyMinutes: r.earlyMinutes, absent: r.absent, leave: r.leave, corrected: r.corrected, onSiteHours: hours(r.onSiteSeconds),
    status: r.status,
  };
}

/** One line of 考勤月报 as the console gets it. */
export function toMonthItem(l: MonthLine): AttendanceMonthItem {
  return {
    vehicleId: l.person.vehicleId, name: l.person.name, employeeNo: l.person.employeeNo, department: l.person.department,
    shiftName: l.shift.name, areaName: l.area.name, workDays: l.workDays, presentDays: l.presentDays, lateDays: l.lateDays,
    earlyDays: l.earlyDays, absentDays: l.absentDays, leaveDays: l.leaveDays, onSiteHours: hours(l.onSiteSeconds), startsOn: l.startsOn, marks: l.marks,
  };
}
