import type { ApiArea } from '../../../server/module';
import { reportEventRoutes } from './report-event-routes';
import { exportDataReportRoute } from './report-export-route';
import { dayOnlineReportRoute, mileageReportRoute, reportGroupsRoute } from './report-routes';

/**
 * 数据报表: 里程报表, 车辆日在线, 行程报表, 停车报表, 超速报表, 里程汇总, 油耗报表, 离线报表, their
 * group picker and the report export (告警明细 reads the alarm history).
 */
export const reportArea: ApiArea = { name: 'report', routes: [mileageReportRoute, dayOnlineReportRoute, ...reportEventRoutes, reportGroupsRoute, exportDataReportRoute] };
