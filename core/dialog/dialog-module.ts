import { ContainerModule } from 'inversify';
import { DialogService } from '../../sdk/services/dialog-service';
import { ToastService } from '../../sdk/services/toast-service';
import { DialogServiceImpl } from './dialog-service-impl';
import { ToastServiceImpl } from './toast-service-impl';

/** Binds the global dialogs and the toast. */
export const dialogModule = new ContainerModule(({ bind }) => {
  bind<DialogService>(DialogService).to(DialogServiceImpl).inSingletonScope();
  bind<ToastService>(ToastService).to(ToastServiceImpl).inSingletonScope();
});
