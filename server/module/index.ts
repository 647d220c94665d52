/**
 * The server's module contract: the only file of server/ that a module's server half
 * (plugins/<name>/server/) imports. Built-in modules get exactly what a third-party one gets.
 */
export {
  defineServerModule, moduleServices,
  type Closable, type DemoAsset, type DemoSeedContext, type ModuleAlarms, type ModuleCommands, type ModuleContext, type ModuleJob, type ModuleLogger,
  type ServerModule, type ServerModuleDefinition,
} from './server-module';

// routes
export type { AppDeps } from '../api/app-deps';
export type { ApiArea } from '../api/route-registry';
export { publicRoute, sessionRoute, type AuditChange, type JsonSchema, type PublicContext, type RouteDefinition, type SessionContext } from '../api/route-definition';
export { ApiError, badInput, forbidden, notFound } from '../api/envelope';
export { int, object, pageOffset, pagingProperties, requiredText, text } from '../api/schema-helpers';
export { DomainError, refuseInput } from '../domain-error';

// time
export type { Clock } from '../clock';
export { toChinaIso } from '../time/china-time';

// database
export { sql, type ColumnType, type Generated, type Insertable, type Kysely, type Migration, type Selectable, type Transaction, type Updateable } from 'kysely';
export type { Database } from '../store/db-schema';
export type { Store } from '../store/create-store';
export { assetInScope, tenantInScope, type AccessScope } from '../store/scope-queries';
