import { defineServerModule } from '../../../server/module';
import { fenceArea } from './fence-area';

/**
 * 智能车联's server half: 电子围栏, the fences an operator draws and binds assets of every kind to.
 * Its monitor, 轨迹回放, 告警中心 and 指令下发 are the platform's (every kind's monitor shares them), and
 * the platform's fence rules judge the fences it saves, so it brings no table, job or alarm type of its own.
 */
export const carModule = defineServerModule({
  name: 'car',
  routes: [fenceArea],
});
