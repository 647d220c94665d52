import { ContainerModule } from 'inversify';
import { ConfigService } from '../../sdk/services/config-service';
import { ConfigServiceImpl } from './config-service-impl';

/** Binds the console config and current-system info. */
export const configModule = new ContainerModule(({ bind }) => {
  bind<ConfigService>(ConfigService).to(ConfigServiceImpl).inSingletonScope();
});
