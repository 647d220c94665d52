import type { ApiArea } from '../route-registry';
import { exportDataReportRoute } from './report-export-route';
import { dayOnlineReportRoute, mileageReportRoute, reportGroupsRoute } from './report-routes';

/** 数据报表: 里程报表, 车辆日在线, their group picker and the report export (告警明细 reads the alarm history). */
export const reportArea: ApiArea = { name: 'report', routes: [mileageReportRoute, dayOnlineReportRoute, reportGroupsRoute, exportDataReportRoute] };
