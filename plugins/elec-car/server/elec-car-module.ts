import { defineServerModule } from '../../../server/module';
import type { ElecCarServices } from './elec-car-services';
import { elecCarArea } from './guard-settings-routes';
import { GuardSettingsQueries } from './guard-settings-queries';

/**
 * 电动车卫士's server half: an e-bike guard's 防盗设置 (震动灵敏度 and 告警间隔), saved per device and
 * sent to the guard where its protocol takes them. The platform's alarm engine judges 震动告警 with
 * them, so their table (migration `0023-device-guard-settings`) stays with the platform's; its
 * 电池曲线 and 骑行记录 read the platform's track calls, and its demo e-bikes are the platform's demo devices.
 */
export const elecCarModule = defineServerModule<ElecCarServices>({
  name: 'elec-car',
  routes: [elecCarArea],
  services: ({ db }) => ({ store: new GuardSettingsQueries(db) }),
});
