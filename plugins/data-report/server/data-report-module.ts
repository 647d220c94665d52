import { defineServerModule } from '../../../server/module';
import { reportArea } from './report-area';
import type { ReportServices } from './report-services';

/**
 * 数据报表's server half: its nine reports, their group picker and their export to 下载中心. The
 * figures it reads are the ones the platform keeps of every terminal's positions per China day
 * (store.reports and store.reportEvents, kept current by the platform's warmer): 数据中心's dashboard
 * reads the same days, so their tables, migrations and warmer stay with the platform, and this
 * module brings no migration, job or demo data of its own; 告警明细 reads the alarm history.
 */
export const dataReportModule = defineServerModule<ReportServices>({
  name: 'data-report',
  routes: [reportArea],
  services: ({ alarms }) => ({ alarms }),
});
