import { moduleServices } from '../../../server/module';
import type { GuardSettingsQueries } from './guard-settings-queries';

/** What 电动车卫士 builds once per server: the queries of its 防盗设置. */
export interface ElecCarServices {
  store: GuardSettingsQueries;
}

/** 电动车卫士's services, from a route's deps. */
export const guardOf = moduleServices<ElecCarServices>('elec-car');
