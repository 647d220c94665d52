import { ContainerModule } from 'inversify';
import { BrandingService } from '../../sdk/services/branding-service';
import { BrandingServiceImpl } from './branding-service-impl';

/** Binds the site branding. */
export const brandingModule = new ContainerModule(({ bind }) => {
  bind<BrandingService>(BrandingService).to(BrandingServiceImpl).inSingletonScope();
});
