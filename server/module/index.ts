/**
 * The server's module contract: the only file of server/ that a module's server half
 * (plugins/<name>/server/) imports. Built-in modules get exactly what a third-party one gets.
 */
export {
  defineServerModule, moduleServices,
  type Closable, type DemoArea, type ExportCell, type ExportRows, type ModuleExportColumn, type ModuleExportRequest, type ModuleExports, type ModuleSettings, PART_EXPORT_ROW_LIMIT, type DemoAsset, type DemoSeedContext, type InstalledModuleContext, type ModuleAlarms, type ModuleCommands, type ModuleContext, type ModuleJob, type ModuleLogger,
  type ServerModule, type ServerModuleDefinition,
} from './server-module';

// routes
export type { AppDeps } from '../api/app-deps';
export type { ApiArea } from '../api/route-registry';
export { publicRoute, sessionRoute, type AuditChange, type JsonSchema, type PublicContext, type RouteDefinition, type SessionContext } from '../api/route-definition';
export { ApiError, badInput, forbidden, notFound } from '../api/envelope';
export { int, object, pageOffset, pagingProperties, requiredText, text } from '../api/schema-helpers';
export { dayCount, parseDay } from '../api/day-params';
export { parseIsoTime } from '../api/track/track-request';
export { readUpload } from '../api/multipart-upload';
export { qrCodeDataUrl, qrCodePng } from '../api/qr-code';
export { randomHex } from '../api/random-hex';

// lists, exports (下载中心) and spreadsheet imports as the system pages do them
export { startBackgroundExport, startFileExport, startWorkbookExport, type StreamedSheet, type StreamedWorkbook } from '../api/download/background-export';
export { buildSheet, EXPORT_ROW_LIMIT, sendSheet, sheetFileName, type SheetColumn } from '../api/admin/admin-sheet';
export {
  EXPORT_LIMIT, flagValue, heldResources, idsSchema, requireAll, tenantInScope as requireTenantInScope, type Caller,
} from '../api/admin/asset-admin-rules';

// assets: who may do what to them (the resources of 车辆管理, 终端管理, 车组管理 and the other kinds' pages),
// the fields of their kind with contact phones masked as 系统管理 masks them, and the live channel told of a change
export {
  assetButtons, chinaToday, GROUP_MENU, kindResources, kindsAllowed, kindsWithFullPhones, notifyLive, requireKinds, TERMINAL_MENU, VEHICLE_MENU, type AssetOp,
} from '../api/admin/asset-admin-rules';
export { MASKED_FOR_ALL, shownProfile } from '../api/admin/asset-contact-phones';
export { importTemplate, readImportRows, type ImportColumn, type SheetRow } from '../api/admin/asset-import-sheet';
export type { AssetAdminQueries } from '../store/asset-admin-queries';
export type { GroupRecord } from '../store/group-admin-queries';
export type { TerminalFields, TerminalRecord } from '../store/terminal-admin-queries';
export type { Renewal, VehicleFields, VehicleRecord } from '../store/vehicle-admin-queries';
/** A JT/T 808 terminal number as the gateway matches it (no leading zero padding). */
export { normalizePhone as jt808TerminalNo } from '../gateway/jt808/jt808-bcd';

// the people and rights of a tenant (客户管理, 用户管理, 角色管理, 操作日志, 数据字典): the rows the shared
// queries answer, passwords hashed as login checks them, contacts shown as their owner chose in 安全中心
export { hashPassword } from '../auth/password-hasher';
export { maskEmail, maskPhone, unmaskedInput, visibleContact } from '../api/admin/contact-privacy';
/** The centre pages every role holds (its own messages, security settings, downloads): never granted per role. */
export { EVERY_ROLE_RESOURCES } from '../store/catalogue/resource-catalogue';
export type { OperationLogRow } from '../store/audit-queries';
export type { RoleGrants, RoleRow } from '../store/role-queries';
export type { TenantRow } from '../store/tenant-admin-queries';
export type { AdminUserRow, GroupRow } from '../store/user-admin-queries';
export type { UserRecord } from '../store/user-queries';

// alarms and commands
export type { AlarmFilter, AlarmRow } from '../store/alarm-queries';
export type { Alarm, ModuleAlarmType } from '../../sdk/services/alarm-service';
export { CommandStatus } from '../commands/command-state';
export { commandDefinition } from '../commands/command-types';
export type { CommandCarrier } from '../../sdk/command-carriers';
export type { CommandRequest } from '../commands/command-service';
export { toCommandView, type CommandView } from '../commands/command-view';
export type { CommandTarget } from '../store/command-queries';
// the caller's terminals behind these numbers, as 指令下发 finds them (404 for one the caller may not see)
export { resolveTargets } from '../api/command/command-targets';
export type { TextMessage, TextMessages, TextOutcome } from '../notify/text-messages';
export { DomainError, refuseInput } from '../domain-error';

// the figures the platform keeps of every terminal's positions per China day (report_days, report_event_days,
// report_events; kept current by the platform's warmer): store.reports and store.reportEvents read them for a scope
export type { AssetColumns, GroupMonth, MileageDay, MileageDaySum, MileageTotals, OnlineDay, OnlineDaySummary, ReportFilter, ReportOptions } from '../store/report-queries';
export type { EventDaySum, EventReportOptions, EventTotals, FuelDay, FuelTotals, OfflineAsset, ReportEvent } from '../store/report-event-queries';

// time
export type { Clock } from '../clock';
export { toChinaIso } from '../time/china-time';
export { addDays, chinaDay, chinaDayStart, daysBetween } from '../store/report-day-stats';

// online: connected and reported since `freshSince(deps)`; every asset's status as `store.monitor.assetStatuses` answers it
export { freshSince } from '../api/monitor/monitor-routes';

// database
export { sql, type ColumnType, type Generated, type Insertable, type Kysely, type Migration, type Selectable, type Transaction, type Updateable } from 'kysely';
export type { Database } from '../store/db-schema';
export type { Store } from '../store/create-store';
export { assetInScope, tenantInScope, type AccessScope } from '../store/scope-queries';
export type { FenceInput, FenceRecord } from '../store/fence-queries';
export { polygonAreaMetres } from '../alarms/fence-geometry';
export type { PersonRecord } from '../store/people-queries';
export { wholeNumber } from '../store/masked-search';
export { num, round } from '../store/row-values';
export { escapeLike } from '../store/vehicle-admin-queries';
