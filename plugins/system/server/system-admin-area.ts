import type { ApiArea } from '../../../server/module';
import { dictionaryCreateRoute, dictionaryDeleteRoute, dictionaryExportRoute, dictionaryPageRoute, dictionaryUpdateRoute } from './dictionary-admin-routes';
import { logExportRoute, logListRoute } from './log-routes';
import { roleCreateRoute, roleDeleteRoute, roleDetailRoute, roleExportRoute, roleListRoute, roleUpdateRoute } from './role-routes';
import { tenantCreateRoute, tenantDeleteRoute, tenantExportRoute, tenantOptionsRoute, tenantTreeRoute, tenantUpdateRoute } from './tenant-routes';
import {
  userCreateRoute, userDeleteRoute, userExportRoute, userGroupOptionsRoute, userListRoute, userResetPasswordRoute, userRoleOptionsRoute, userSetDisabledRoute, userUpdateRoute,
} from './user-admin-routes';

/** 系统管理: 客户管理, 用户管理, 角色管理, 操作日志, 数据字典. */
export const systemAdminArea: ApiArea = {
  name: 'system',
  routes: [
    tenantTreeRoute, tenantOptionsRoute, tenantCreateRoute, tenantUpdateRoute, tenantDeleteRoute, tenantExportRoute,
    userListRoute, userRoleOptionsRoute, userGroupOptionsRoute, userCreateRoute, userUpdateRoute, userSetDisabledRoute, userResetPasswordRoute, userDeleteRoute, userExportRoute,
    roleListRoute, roleDetailRoute, roleCreateRoute, roleUpdateRoute, roleDeleteRoute, roleExportRoute,
    logListRoute, logExportRoute,
    dictionaryPageRoute, dictionaryCreateRoute, dictionaryUpdateRoute, dictionaryDeleteRoute, dictionaryExportRoute,
  ],
};
