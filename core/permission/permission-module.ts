import { ContainerModule } from 'inversify';
import { PermissionService } from '@tianlu/sdk';
import { PermissionServiceImpl } from './permission-service-impl';

/** Binds menu and button permissions. */
export const permissionModule = new ContainerModule(({ bind }) => {
  bind<PermissionService>(PermissionService).to(PermissionServiceImpl).inSingletonScope();
});
