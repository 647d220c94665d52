import { moduleServices, type ModuleAlarms } from '../../../server/module';
import type { DashboardQueries } from './dashboard-queries';

/** What 数据中心 builds once per server: the dashboard's queries, and alarms named as 告警中心 names them. */
export interface DataCenterServices {
  store: DashboardQueries;
  alarms: ModuleAlarms;
}

/** 数据中心's services, from a route's deps. */
export const dashboardOf = moduleServices<DataCenterServices>('data-center');
