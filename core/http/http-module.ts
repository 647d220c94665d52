import { ContainerModule } from 'inversify';
import { HttpService } from '../../sdk/services/http-service';
import { HttpServiceImpl } from './http-service-impl';

/** Binds the http client. */
export const httpModule = new ContainerModule(({ bind }) => {
  bind<HttpService>(HttpService).to(HttpServiceImpl).inSingletonScope();
});
