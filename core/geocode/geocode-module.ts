import { ContainerModule } from 'inversify';
import { GeocodeService } from '../../sdk/services/geocode-service';
import { GeocodeServiceImpl } from './geocode-service-impl';

/** Binds reverse geocoding. */
export const geocodeModule = new ContainerModule(({ bind }) => {
  bind<GeocodeService>(GeocodeService).to(GeocodeServiceImpl).inSingletonScope();
});
