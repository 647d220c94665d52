import { defineServerModule } from '../../../server/module';
import { AssetImportQueries } from './asset-import-queries';
import { systemAssets } from './migrations/0006-system-assets';
import type { SystemServices } from './system-services';
import { systemAdminArea } from './system-admin-area';
import { systemAssetsArea } from './vehicle-area';

/**
 * 系统管理's server half: 客户管理, 用户管理, 角色管理, 操作日志 and 数据字典, and 资产管理 (车辆, 终端,
 * 车组 and the pages of the other kinds, with their imports and exports). Tenants, users, roles and
 * assets are the platform's own rows — login, the permission check, the tenant tree and the live
 * channel read them — so their tables and queries stay the platform's, lent through the store; the
 * module brings the routes that administer them and its one table, the uploads waiting for confirmation.
 */
export const systemModule = defineServerModule<SystemServices>({
  name: 'system',
  routes: [systemAdminArea, systemAssetsArea],
  // the name it first ran under: databases that ran it look it up by name
  migrations: { '0006-system-assets': systemAssets },
  services: ({ db }) => ({ imports: new AssetImportQueries(db) }),
});
