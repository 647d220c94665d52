import { moduleServices, type ModuleAlarms } from '../../../server/module';

/** What 数据报表's routes use besides the store: 告警明细's export answers alarms as 告警中心 does. */
export interface ReportServices {
  alarms: Pick<ModuleAlarms, 'view' | 'parseTypes'>;
}

export const reportOf = moduleServices<ReportServices>('data-report');
