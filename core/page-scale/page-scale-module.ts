import { ContainerModule } from 'inversify';
import { PageScaleService } from '../../sdk/services/page-scale-service';
import { PageScaleServiceImpl } from './page-scale-service-impl';

/** Binds the page scale. */
export const pageScaleModule = new ContainerModule(({ bind }) => {
  bind<PageScaleService>(PageScaleService).to(PageScaleServiceImpl).inSingletonScope();
});
