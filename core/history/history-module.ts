import { ContainerModule } from 'inversify';
import { HistoryService } from '../../sdk/services/history-service';
import { HistoryServiceImpl } from './history-service-impl';

/** Binds the per-system history tabs. */
export const historyModule = new ContainerModule(({ bind }) => {
  bind<HistoryService>(HistoryService).to(HistoryServiceImpl).inSingletonScope();
});
