import { moduleServices } from '../../../server/module';
import type { AssetImportQueries } from './asset-import-queries';

/** What 系统管理 builds once per server: the queries of its own table (uploads waiting for confirmation). */
export interface SystemServices {
  imports: AssetImportQueries;
}

/** 系统管理's services, from a route's deps. */
export const systemOf = moduleServices<SystemServices>('system');
