import { ContainerModule } from 'inversify';
import { AlarmService } from '../../sdk/services/alarm-service';
import { AlarmServiceImpl } from './alarm-service-impl';

/** Binds the live alarm store (the global alarm tip's feed). */
export const alarmModule = new ContainerModule(({ bind }) => {
  bind<AlarmService>(AlarmService).to(AlarmServiceImpl).inSingletonScope();
});
