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
export { dayCount, parseDay } from '../api/day-params';
export { parseIsoTime } from '../api/track/track-request';
export { readUpload } from '../api/multipart-upload';
export { qrCodeDataUrl, qrCodePng } from '../api/qr-code';

// lists, exports (下载中心) and spreadsheet imports as the system pages do them
export { startBackgroundExport, startFileExport } from '../api/download/background-export';
export { streamedWorkbook, type StreamedWorkbook, type StreamedWorksheet } from '../api/download/streamed-workbook';
export { buildSheet, sendSheet, sheetFileName, type SheetColumn } from '../api/system/admin-sheet';
export {
  EXPORT_LIMIT, flagValue, heldResources, idsSchema, requireAll, tenantInScope as requireTenantInScope, type Caller,
} from '../api/system/asset-admin-rules';

// assets: the fields of their kind with contact phones masked as 系统管理 masks them, and the live channel told of a change
export { chinaToday, kindsWithFullPhones, notifyLive } from '../api/system/asset-admin-rules';
export { MASKED_FOR_ALL, shownProfile } from '../api/system/asset-contact-phones';
export { importTemplate, readImportRows, type ImportColumn, type SheetRow } from '../api/system/asset-import-sheet';

// alarms and commands
export type { AlarmFilter, AlarmRow } from '../store/alarm-queries';
export type { Alarm, ModuleAlarmType } from '../../sdk/services/alarm-service';
export { CommandStatus } from '../commands/command-state';
export { commandDefinition } from '../commands/command-types';
export type { CommandRequest } from '../commands/command-service';
export type { CommandView } from '../commands/command-view';
export type { TextMessage, TextMessages, TextOutcome } from '../notify/text-messages';
export { DomainError, refuseInput } from '../domain-error';

// the figures the platform keeps of every terminal's positions per China day (report_days, report_event_days,
// report_events; kept current by the platform's warmer): store.reports and store.reportEvents read them for a scope
export type { AssetColumns, GroupMonth, MileageDay, MileageDaySum, MileageTotals, OnlineDay, OnlineDaySummary, ReportFilter, ReportOptions } from '../store/report-queries';
export type { EventDaySum, EventReportOptions, EventTotals, FuelDay, FuelTotals, OfflineAsset, ReportEvent } from '../store/report-event-queries';

// time
export type { Clock } from '../clock';
export { toChinaIso } from '../time/china-time';

// database
export { sql, type ColumnType, type Generated, type Insertable, type Kysely, type Migration, type Selectable, type Transaction, type Updateable } from 'kysely';
export type { Database } from '../store/db-schema';
export type { Store } from '../store/create-store';
export { assetInScope, tenantInScope, type AccessScope } from '../store/scope-queries';
export type { FenceRecord } from '../store/fence-queries';
export { wholeNumber } from '../store/masked-search';
export { escapeLike } from '../store/vehicle-admin-queries';
