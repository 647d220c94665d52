import { ContainerModule } from 'inversify';
import { StorageService } from '../../sdk/services/storage-service';
import { StorageServiceImpl } from './storage-service-impl';

/** Binds the `main_` localStorage service. */
export const storageModule = new ContainerModule(({ bind }) => {
  bind<StorageService>(StorageService).to(StorageServiceImpl).inSingletonScope();
});
