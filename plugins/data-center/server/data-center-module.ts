import { defineServerModule } from '../../../server/module';
import { DashboardQueries } from './dashboard-queries';
import { dataCenterArea } from './dashboard-routes';
import type { DataCenterServices } from './data-center-services';

/**
 * 数据中心's server half: the dashboard 数据看板 and 数据大屏 read. Its figures are the platform's
 * own — 数据报表's day figures, the alarms of 告警中心, the latest positions — read through the
 * platform's store, so it brings no table, job or demo data of its own.
 */
export const dataCenterModule = defineServerModule<DataCenterServices>({
  name: 'data-center',
  routes: [dataCenterArea],
  services: ({ db, store, alarms }) => ({ store: new DashboardQueries(db, store, alarms), alarms }),
});
