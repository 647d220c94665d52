import { ContainerModule } from 'inversify';
import { PermissionService } from '../../sdk/services/permission-service';
import { PermissionServiceImpl } from './permission-service-impl';

/** Binds menu and button permissions. */
export const permissionModule = new ContainerModule(({ bind }) => {
  bind<PermissionService>(PermissionService).to(PermissionServiceImpl).inSingletonScope();
});
