import { ASSET_KIND_DEFINITIONS, type AssetKind, type AssetProfile } from '../asset-kinds';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { int, object, pagingProperties, requiredText, text, type JsonSchema, type Paging } from '../json-schema';
import { BACKGROUND_EXPORT_LIMIT, type Page } from '../pagination';
import type { AssetListFilter, AssetOptions, ImportPreview, TenantGroups, TerminalRow, VehicleRow } from '../system-admin';

/** 系统管理's asset API (docs/api-contract.md, 系统管理：车辆、终端、车组): 车辆管理 and the other kinds' pages, 终端管理, 车组管理. */
const SYS = '/car/v1/api/system';
const VEHICLE = `${SYS}/vehicle`;
const TERMINAL = `${SYS}/terminal`;
const GROUP = `${SYS}/group`;


/** Most assets one bulk action (delete, transfer, renew) takes. */
export const MAX_BATCH = 500;

export const idsSchema = (title: string): JsonSchema => ({ type: 'array', title, minItems: 1, maxItems: MAX_BATCH, items: int(title, 1) });
/** 0/1 switches of list filters (bound, expired). */
const flagSchema = (title: string): JsonSchema => ({ type: 'string', title, enum: ['', '0', '1'] });
const optionalGroup = (title: string): JsonSchema => ({ type: ['integer', 'null'], title, minimum: 1 });

/** The filters of the vehicle list (and the other kinds' lists: `assetKind`). */
export type VehicleListFilter = AssetListFilter & { assetKind?: string };

const terminalFilterProperties: Record<string, JsonSchema> = {
  keyword: text('关键词', 50),
  tenantId: int('客户', 1),
  groupId: int('车组', 1),
  bound: flagSchema('绑定状态'),
  expired: flagSchema('服务状态'),
};
const vehicleFilterProperties: Record<string, JsonSchema> = { ...terminalFilterProperties, assetKind: text('资产类型', 20) };

/**
 * An asset as add.json and update.json take it. An edit keeps what it leaves out (profile keys
 * included); null or '' clears a field.
 */
export interface VehicleSaveFields {
  /** 车牌号, or the name of a person, pet or e-bike. */
  plateNo: string;
  plateColor?: number;
  vehicleType?: string;
  vin?: string;
  driver?: string;
  assetKind?: string;
  expiryDate?: string | null;
  /** km/h, 1–250; null or '': the 告警设置 threshold applies. */
  speedLimit?: number | string | null;
  groupId?: number | null;
  profile?: Record<string, AssetProfile[string] | null>;
}

const vehicleBodyProperties: Record<string, JsonSchema> = {
  plateNo: text('车牌号', 20),
  plateColor: int('车牌颜色', 0, 9),
  vehicleType: text('车辆类型', 50),
  vin: text('车架号', 17),
  driver: text('司机', 50),
  assetKind: text('资产类型', 20),
  expiryDate: text('到期日期', 10),
  // no type here: the schema's coercion would turn 0 into null; the server checks it as it checks a spreadsheet cell
  speedLimit: { title: '限速', description: 'km/h，1–250 的整数；null 或空：按告警设置的平台超速限速' },
  groupId: optionalGroup('车组'),
  profile: {
    type: 'object', title: '资产资料', maxProperties: 20,
    additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'null' }] },
  },
};

/** By months or to a date (YYYY-MM-DD, not before today): exactly one of them. */
export interface RenewBody {
  ids: number[];
  months?: number;
  until?: string;
}

const renewProperties = (idsTitle: string): Record<string, JsonSchema> => ({
  ids: idsSchema(idsTitle),
  months: int('续费月数', 1, 120),
  until: { type: 'string', title: '到期日期', maxLength: 10 },
});

/** To another customer of the caller's scope, into one of its groups or none. */
export interface TransferBody {
  ids: number[];
  tenantId: number;
  groupId?: number | null;
}

const transferBody = (title: string): JsonSchema => object({ ids: idsSchema(title), tenantId: int('目标客户', 1), groupId: optionalGroup('车组') }, ['ids', 'tenantId']);

/** How many were moved: bound terminals go with their vehicles and the other way round. */
export interface TransferAnswer {
  vehicles: number;
  terminals: number;
}

/** 车辆管理 (and 人员管理, 宠物管理, 电动车管理: the same calls with `assetKind`). */
export const VehicleAdminApi = {
  list: defineEndpoint<Paging & VehicleListFilter, undefined, Page<VehicleRow>>({
    method: 'GET',
    path: `${VEHICLE}/list.json`,
    summary: '车辆管理（及人员、宠物、电动车管理，assetKind）：可见资产（本级及下级客户，按车组权限），分页，按车牌/名称排序',
    query: object({ ...pagingProperties, ...vehicleFilterProperties }),
  }),
  options: defineEndpoint<Record<string, never>, undefined, AssetOptions>({
    method: 'GET',
    path: `${VEHICLE}/options.json`,
    summary: '车辆管理：可选的客户、车组、车牌颜色、资产类型和各类资产的字段',
  }),
  add: defineEndpoint<Record<string, never>, VehicleSaveFields & { tenantId?: number }, VehicleRow>({
    method: 'POST',
    path: `${VEHICLE}/add.json`,
    summary: '新增车辆或人员、宠物、电动车（assetKind；tenantId 缺省为本客户；车牌号/名称在客户内唯一）',
    body: object({ ...vehicleBodyProperties, tenantId: int('客户', 1) }, ['plateNo']),
  }),
  update: defineEndpoint<Record<string, never>, VehicleSaveFields & { id: number }, VehicleRow>({
    method: 'POST',
    path: `${VEHICLE}/update.json`,
    summary: '编辑车辆或人员、宠物、电动车（客户不变，转移请用 transfer.json）；未带的字段（含 profile 中未带的键）保持原值，null 或空串清空',
    body: object({ ...vehicleBodyProperties, id: int('车辆', 1) }, ['id', 'plateNo']),
  }),
  delete: defineEndpoint<Record<string, never>, { ids: number[] }, { deleted: number }>({
    method: 'POST',
    path: `${VEHICLE}/delete.json`,
    summary: '删除车辆或人员、宠物、电动车（绑定的终端随之解绑，终端保留）',
    body: object({ ids: idsSchema('车辆') }, ['ids']),
  }),
  renew: defineEndpoint<Record<string, never>, RenewBody, { renewed: number; list: { id: number; plateNo: string; expiryDate: string | null; expired: boolean }[] }>({
    method: 'POST',
    path: `${VEHICLE}/renew.json`,
    summary: '车辆续费：按月延长（已到期的从今天起算）或续到指定日期；到期后实时数据不再显示，续费后立即恢复',
    body: object(renewProperties('车辆'), ['ids']),
  }),
  bind: defineEndpoint<Record<string, never>, { vehicleId: number; terminalId: number }, { vehicleId: number; terminalId: number }>({
    method: 'POST',
    path: `${VEHICLE}/bind.json`,
    summary: '车辆绑定终端（同一客户；双方都须未绑定）',
    body: object({ vehicleId: int('车辆', 1), terminalId: int('终端', 1) }, ['vehicleId', 'terminalId']),
  }),
  unbind: defineEndpoint<Record<string, never>, { vehicleId: number }, { terminalId: number }>({
    method: 'POST',
    path: `${VEHICLE}/unbind.json`,
    summary: '车辆解绑终端',
    body: object({ vehicleId: int('车辆', 1) }, ['vehicleId']),
  }),
  bindableTerminals: defineEndpoint<{ vehicleId: number; keyword?: string }, undefined, TerminalRow[]>({
    method: 'GET',
    path: `${VEHICLE}/bindableTerminals.json`,
    summary: '可绑定到该车辆的终端（同一客户、未绑定，最多 50 个）',
    query: object({ vehicleId: int('车辆', 1), keyword: text('关键词', 20) }, ['vehicleId']),
  }),
  transfer: defineEndpoint<Record<string, never>, TransferBody, TransferAnswer>({
    method: 'POST',
    path: `${VEHICLE}/transfer.json`,
    summary: '转移车辆到本级或下级的另一客户（绑定的终端一起转移；车组改为目标客户的车组或清空）',
    body: transferBody('车辆'),
  }),
  /** Answers the workbook (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, VehicleListFilter, never>({
    method: 'POST',
    path: `${VEHICLE}/export.json`,
    summary: `导出车辆（或 assetKind 的人员、宠物、电动车，各带本类字段；xlsx，条件同 list.json，最多 ${BACKGROUND_EXPORT_LIMIT} 行）`,
    body: object(vehicleFilterProperties),
  }),
};

/** A terminal as add.json and update.json take it. */
export interface TerminalSaveFields {
  terminalNo: string;
  imei?: string;
  model?: string;
  sim?: string;
  /** 2011, 2013 (default), 2019, gt06 or watch, or their display names. */
  edition?: string;
  installDate?: string | null;
}

const terminalBodyProperties: Record<string, JsonSchema> = {
  terminalNo: text('终端号', 20),
  imei: text('IMEI', 15),
  model: text('终端型号', 50),
  sim: text('SIM 卡号', 20),
  edition: text('协议版本', 20),
  installDate: text('安装日期', 10),
};

/** A terminal just added (number as typed). */
export type TerminalAdded = Pick<TerminalRow, 'id' | 'terminalNo' | 'imei' | 'model' | 'sim' | 'edition' | 'installDate' | 'tenantId'>;

/** 终端管理. */
export const TerminalAdminApi = {
  list: defineEndpoint<Paging & AssetListFilter, undefined, Page<TerminalRow>>({
    method: 'GET',
    path: `${TERMINAL}/list.json`,
    summary: '终端管理：可见终端（本级及下级客户；按车组权限时只含绑定到这些车组车辆的终端），分页，按终端号排序',
    query: object({ ...pagingProperties, ...terminalFilterProperties }),
  }),
  options: defineEndpoint<Record<string, never>, undefined, AssetOptions>({
    method: 'GET',
    path: `${TERMINAL}/options.json`,
    summary: '终端管理：可选的客户、车组和协议版本',
  }),
  add: defineEndpoint<Record<string, never>, TerminalSaveFields & { tenantId?: number }, TerminalAdded>({
    method: 'POST',
    path: `${TERMINAL}/add.json`,
    summary: '新增终端（终端号全平台唯一，前导 0 不计；tenantId 缺省为本客户）',
    body: object({ ...terminalBodyProperties, tenantId: int('客户', 1) }, ['terminalNo']),
  }),
  update: defineEndpoint<Record<string, never>, TerminalSaveFields & { id: number }, TerminalRow>({
    method: 'POST',
    path: `${TERMINAL}/update.json`,
    summary: '编辑终端（终端号可改，须仍唯一）',
    body: object({ ...terminalBodyProperties, id: int('终端', 1) }, ['id', 'terminalNo']),
  }),
  delete: defineEndpoint<Record<string, never>, { ids: number[] }, { deleted: number }>({
    method: 'POST',
    path: `${TERMINAL}/delete.json`,
    summary: '删除终端（之后不能再接入，历史轨迹不再可查；绑定的车辆保留）',
    body: object({ ids: idsSchema('终端') }, ['ids']),
  }),
  renew: defineEndpoint<Record<string, never>, RenewBody, { renewed: number; list: { id: number; terminalNo: string; expiryDate: string | null; expired: boolean }[] }>({
    method: 'POST',
    path: `${TERMINAL}/renew.json`,
    summary: '终端续费：延长所绑定车辆的服务到期日期（未绑定车辆的终端不能续费）',
    body: object(renewProperties('终端'), ['ids']),
  }),
  bind: defineEndpoint<Record<string, never>, { terminalId: number; vehicleId: number }, { vehicleId: number; terminalId: number }>({
    method: 'POST',
    path: `${TERMINAL}/bind.json`,
    summary: '终端绑定车辆（同一客户；双方都须未绑定）',
    body: object({ terminalId: int('终端', 1), vehicleId: int('车辆', 1) }, ['terminalId', 'vehicleId']),
  }),
  unbind: defineEndpoint<Record<string, never>, { terminalId: number }, { terminalId: number }>({
    method: 'POST',
    path: `${TERMINAL}/unbind.json`,
    summary: '终端解绑车辆',
    body: object({ terminalId: int('终端', 1) }, ['terminalId']),
  }),
  bindableVehicles: defineEndpoint<{ terminalId: number; keyword?: string }, undefined, VehicleRow[]>({
    method: 'GET',
    path: `${TERMINAL}/bindableVehicles.json`,
    summary: '可绑定到该终端的车辆（同一客户、未绑定，最多 50 辆）',
    query: object({ terminalId: int('终端', 1), keyword: text('关键词', 20) }, ['terminalId']),
  }),
  transfer: defineEndpoint<Record<string, never>, TransferBody, TransferAnswer>({
    method: 'POST',
    path: `${TERMINAL}/transfer.json`,
    summary: '转移终端到本级或下级的另一客户（绑定的车辆一起转移）',
    body: transferBody('终端'),
  }),
  /** Answers the workbook (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, AssetListFilter, never>({
    method: 'POST',
    path: `${TERMINAL}/export.json`,
    summary: `导出终端（xlsx，条件同 list.json，最多 ${BACKGROUND_EXPORT_LIMIT} 行）`,
    body: object(terminalFilterProperties),
  }),
};

/** 车组管理. */
export const GroupAdminApi = {
  tree: defineEndpoint<Record<string, never>, undefined, TenantGroups[]>({
    method: 'GET',
    path: `${GROUP}/tree.json`,
    summary: '车组管理：每个可见客户的车组树（含车辆数）',
  }),
  add: defineEndpoint<Record<string, never>, { tenantId?: number; parentId?: number | null; name: string }, { id: number; tenantId: number; parentId: number | null; name: string }>({
    method: 'POST',
    path: `${GROUP}/add.json`,
    summary: '新增车组（parentId 为空则为客户的顶级车组；同级名称唯一）',
    body: object({ tenantId: int('客户', 1), parentId: optionalGroup('上级车组'), name: requiredText('车组名称', 50) }, ['name']),
  }),
  rename: defineEndpoint<Record<string, never>, { id: number; name: string }, { id: number; name: string }>({
    method: 'POST',
    path: `${GROUP}/rename.json`,
    summary: '车组重命名（同级名称唯一）',
    body: object({ id: int('车组', 1), name: requiredText('车组名称', 50) }, ['id', 'name']),
  }),
  move: defineEndpoint<Record<string, never>, { id: number; parentId: number | null }, { id: number; parentId: number | null }>({
    method: 'POST',
    path: `${GROUP}/move.json`,
    summary: '移动车组到另一上级车组（同一客户内；parentId 为 null 移到顶级；不能移动到自己的下级）',
    body: object({ id: int('车组', 1), parentId: optionalGroup('上级车组') }, ['id']),
  }),
  delete: defineEndpoint<Record<string, never>, { id: number }, { deleted: number }>({
    method: 'POST',
    path: `${GROUP}/delete.json`,
    summary: '删除车组（有下级车组或车辆时不能删除）',
    body: object({ id: int('车组', 1) }, ['id']),
  }),
  vehicles: defineEndpoint<Paging & { tenantId: number; groupId?: number; keyword?: string }, undefined, Page<VehicleRow>>({
    method: 'GET',
    path: `${GROUP}/vehicles.json`,
    summary: '车组管理：客户的车辆（可按车组，仅该车组本身；分页）',
    query: object({ ...pagingProperties, tenantId: int('客户', 1), groupId: int('车组', 1), keyword: text('关键词', 50) }, ['tenantId']),
  }),
  assign: defineEndpoint<Record<string, never>, { vehicleIds: number[]; groupId: number | null }, { assigned: number }>({
    method: 'POST',
    path: `${GROUP}/assign.json`,
    summary: '把车辆分配到车组（同一客户；groupId 为 null 移出车组）',
    body: object({ vehicleIds: idsSchema('车辆'), groupId: optionalGroup('车组') }, ['vehicleIds', 'groupId']),
  }),
};

/** What can be imported in bulk: the assets of each kind's page, and terminals. */
export type ImportKind = AssetKind | 'terminal';

/**
 * Bulk import of one kind: GET the template; POST the filled .xlsx (multipart, field `file`;
 * `tenantId` in the query, default the caller's customer) for a row-by-row preview (`http.upload`
 * to `preview.path`); POST the preview's token to import its valid rows in one transaction.
 */
export interface ImportEndpoints {
  /** Answers the workbook (a hidden-frame download: `http.exportFile`). */
  template: Endpoint<Record<string, never>, undefined, never>;
  preview: Endpoint<{ tenantId?: number }, undefined, ImportPreview>;
  confirm: Endpoint<Record<string, never>, { token: string }, { imported: number }>;
}

function importEndpoints(kind: ImportKind): ImportEndpoints {
  const base = `${SYS}/${kind}`;
  const what = kind === 'terminal' ? '终端' : ASSET_KIND_DEFINITIONS[kind].noun;
  return {
    template: defineEndpoint({
      method: 'GET',
      path: `${base}/importTemplate.json`,
      summary: `${what}导入模板（xlsx：表头、示例行和说明；sessionId 头或一次性 downloadToken）`,
    }),
    preview: defineEndpoint({
      method: 'POST',
      path: `${base}/importPreview.json`,
      summary: `上传${what}导入表格（multipart 字段 file，.xlsx，不超过 5 MB，最多 5000 行）：逐行检查，答复预览和确认用的 token`,
      query: object({ tenantId: int('客户', 1) }),
    }),
    confirm: defineEndpoint({
      method: 'POST',
      path: `${base}/importConfirm.json`,
      summary: `确认导入${what}：在一个事务中导入预览中没有错误的行（任何一行失败则全部不导入）`,
      body: object({ token: requiredText('导入令牌', 64) }, ['token']),
    }),
  };
}

/** 批量导入 of each kind, under its own path (`AssetImportApi.person.preview` …). */
export const AssetImportApi: Readonly<Record<ImportKind, ImportEndpoints>> = {
  vehicle: importEndpoints('vehicle'),
  person: importEndpoints('person'),
  pet: importEndpoints('pet'),
  ebike: importEndpoints('ebike'),
  terminal: importEndpoints('terminal'),
};

/** Photos of the asset profiles (人员, 宠物 …). */
export const MediaApi = {
  /** Multipart, field `file` (`http.upload` to its path). */
  upload: defineEndpoint<Record<string, never>, undefined, { url: string; size: number; contentType: string }>({
    method: 'POST',
    path: '/car/v1/api/media/upload.json',
    summary: '上传照片（multipart 字段 file；JPG、PNG 或 WebP，不超过 2 MB）：答复照片地址 url，供人员、宠物等资料的“照片”字段使用',
  }),
};
