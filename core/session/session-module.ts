import { ContainerModule } from 'inversify';
import { SessionService } from '../../sdk/services/session-service';
import { SessionServiceImpl } from './session-service-impl';

/** Binds the login session. */
export const sessionModule = new ContainerModule(({ bind }) => {
  bind<SessionService>(SessionService).to(SessionServiceImpl).inSingletonScope();
});
