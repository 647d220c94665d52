import type { ApiArea } from '../../../server/module';
import { attendanceDayRoute, attendanceExportRoute, attendanceMonthRoute } from './attendance-report-routes';
import { holidayDeleteRoute, holidayListRoute, holidaySaveRoute } from './holiday-routes';
import { leaveDeleteRoute, leaveListRoute, leaveSaveRoute, punchDeleteRoute, punchListRoute, punchSaveRoute } from './leave-punch-routes';
import { healthPeopleRoute, healthReportRoute, healthSeriesRoute } from './health-routes';
import { personDetailRoute } from './person-detail-route';
import { personStaysRoute } from './person-track-routes';
import { workAreaDeleteRoute, workAreaListRoute, workAreaSaveRoute } from './work-area-routes';
import { workShiftDeleteRoute, workShiftListRoute, workShiftOptionsRoute, workShiftSaveRoute } from './work-shift-routes';

/** 智能工牌: 考勤 work areas and shifts, the holiday calendar, 请假 and 补卡, the attendance reports with their export, and the badges' health readings. */
export const cardArea: ApiArea = {
  name: 'card',
  routes: [
    workAreaListRoute, workAreaSaveRoute, workAreaDeleteRoute,
    workShiftListRoute, workShiftOptionsRoute, workShiftSaveRoute, workShiftDeleteRoute,
    attendanceDayRoute, attendanceMonthRoute, attendanceExportRoute,
    holidayListRoute, holidaySaveRoute, holidayDeleteRoute,
    leaveListRoute, leaveSaveRoute, leaveDeleteRoute, punchListRoute, punchSaveRoute, punchDeleteRoute,
    healthPeopleRoute, healthSeriesRoute, healthReportRoute,
    personStaysRoute, personDetailRoute,
  ],
};
