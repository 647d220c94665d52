import { ContainerModule } from 'inversify';
import { NavigationService } from '../../sdk/services/navigation-service';
import { NavigationServiceImpl } from './navigation-service-impl';

/** Binds the default History-API navigation (the host may rebind it to its router). */
export const navigationModule = new ContainerModule(({ bind }) => {
  bind<NavigationService>(NavigationService).to(NavigationServiceImpl).inSingletonScope();
});
