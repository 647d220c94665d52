import { ContainerModule } from 'inversify';
import { LiveService } from '../../sdk/services/live-service';
import { LiveServiceImpl } from './live-service-impl';

/** Binds the live channel (positions over `/ws`). */
export const liveModule = new ContainerModule(({ bind }) => {
  bind<LiveService>(LiveService).to(LiveServiceImpl).inSingletonScope();
});
