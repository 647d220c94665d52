import type { ApiArea } from '../route-registry';
import { attendanceDayRoute, attendanceExportRoute, attendanceMonthRoute } from './attendance-report-routes';
import { workAreaDeleteRoute, workAreaListRoute, workAreaSaveRoute } from './work-area-routes';
import { workShiftDeleteRoute, workShiftListRoute, workShiftOptionsRoute, workShiftSaveRoute } from './work-shift-routes';

/** 智能工牌: 考勤 work areas and shifts, and the attendance reports with their export. */
export const cardArea: ApiArea = {
  name: 'card',
  routes: [
    workAreaListRoute, workAreaSaveRoute, workAreaDeleteRoute,
    workShiftListRoute, workShiftOptionsRoute, workShiftSaveRoute, workShiftDeleteRoute,
    attendanceDayRoute, attendanceMonthRoute, attendanceExportRoute,
  ],
};
