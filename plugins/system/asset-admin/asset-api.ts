import type { AssetKind, AssetKindDefinition, AssetListFilter, AssetProfile, TenantChoice } from '@tianlu/sdk';

/** 车辆管理, 终端管理 and 车组管理: server calls and what they answer (docs/api-contract.md, 系统管理：车辆、终端、车组). */

const SYS = '/car/v1/api/system';

export const VehiclePaths = {
  list: `${SYS}/vehicle/list.json`,
  options: `${SYS}/vehicle/options.json`,
  add: `${SYS}/vehicle/add.json`,
  update: `${SYS}/vehicle/update.json`,
  remove: `${SYS}/vehicle/delete.json`,
  bind: `${SYS}/vehicle/bind.json`,
  unbind: `${SYS}/vehicle/unbind.json`,
  candidates: `${SYS}/vehicle/bindableTerminals.json`,
  transfer: `${SYS}/vehicle/transfer.json`,
  renew: `${SYS}/vehicle/renew.json`,
  exportList: `${SYS}/vehicle/export.json`,
  importTemplate: `${SYS}/vehicle/importTemplate.json`,
  importPreview: `${SYS}/vehicle/importPreview.json`,
  importConfirm: `${SYS}/vehicle/importConfirm.json`,
} as const;

/** The calls of one kind's page: assets of every kind share 车辆管理's, each kind imports under its own path. */
export function assetPaths(kind: AssetKind) {
  if (kind === 'vehicle') return VehiclePaths;
  return {
    ...VehiclePaths,
    importTemplate: `${SYS}/${kind}/importTemplate.json`,
    importPreview: `${SYS}/${kind}/importPreview.json`,
    importConfirm: `${SYS}/${kind}/importConfirm.json`,
  };
}

/** Where a photo is uploaded (multipart field `file`); it answers the photo's `url`. */
export const MEDIA_UPLOAD = '/car/v1/api/media/upload.json';

export const TerminalPaths = {
  list: `${SYS}/terminal/list.json`,
  options: `${SYS}/terminal/options.json`,
  add: `${SYS}/terminal/add.json`,
  update: `${SYS}/terminal/update.json`,
  remove: `${SYS}/terminal/delete.json`,
  bind: `${SYS}/terminal/bind.json`,
  unbind: `${SYS}/terminal/unbind.json`,
  candidates: `${SYS}/terminal/bindableVehicles.json`,
  transfer: `${SYS}/terminal/transfer.json`,
  renew: `${SYS}/terminal/renew.json`,
  exportList: `${SYS}/terminal/export.json`,
  importTemplate: `${SYS}/terminal/importTemplate.json`,
  importPreview: `${SYS}/terminal/importPreview.json`,
  importConfirm: `${SYS}/terminal/importConfirm.json`,
} as const;

export const GroupPaths = {
  tree: `${SYS}/group/tree.json`,
  add: `${SYS}/group/add.json`,
  rename: `${SYS}/group/rename.json`,
  move: `${SYS}/group/move.json`,
  remove: `${SYS}/group/delete.json`,
  vehicles: `${SYS}/group/vehicles.json`,
  assign: `${SYS}/group/assign.json`,
} as const;

/** Button resources of a page: 1240xx for vehicles (1241xx people, 1242xx pets, 1243xx e-bikes), 1250xx for terminals, in the same order. */
export function assetButtons(menu: number) {
  const b = (n: number) => menu * 100 + n;
  return { add: b(1), edit: b(2), remove: b(3), bind: b(4), transfer: b(5), renew: b(6), import: b(7), export: b(8) };
}

export const GroupButtons = { add: 126001, rename: 126002, remove: 126003, move: 126004, assign: 126005 } as const;

export type { Page } from '@tianlu/sdk';

export interface VehicleRow {
  id: number;
  plateNo: string;
  plateColor: number;
  plateColorName: string;
  vehicleType: string;
  vin: string;
  driver: string;
  assetKind: string;
  assetKindName: string;
  groupId: number | null;
  groupName: string | null;
  tenantId: number;
  tenantName: string;
  /** Last day of service (YYYY-MM-DD); null = no limit. */
  expiryDate: string | null;
  expired: boolean;
  /** Own 平台超速 limit (km/h); null = the 告警设置 threshold applies. */
  speedLimit: number | null;
  /** The fields of its kind (工号, 部门 …), as ASSET_KIND_DEFINITIONS lists them. */
  profile: AssetProfile;
  terminalId: number | null;
  terminalNo: string | null;
  createTime: string;
}

export type { TenantChoice, TerminalRow } from '@tianlu/sdk';

export interface GroupChoice {
  id: number;
  tenantId: number;
  parentId: number | null;
  name: string;
}

export interface AssetOptions {
  tenants: TenantChoice[];
  groups: GroupChoice[];
  plateColors?: { code: number; name: string }[];
  assetKinds?: { code: string; name: string }[];
  /** Each kind's fields, as the server checks them. */
  profiles?: Record<AssetKind, AssetKindDefinition>;
  editions?: string[];
  /** Display names of the editions (JT/T 808-2013, GT06, 手表协议 …). */
  editionNames?: Record<string, string>;
}

export interface ImportPreview {
  token: string | null;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  rows: { row: number; values: Record<string, string>; errors: string[] }[];
}

/** List filters shared by both pages ('' = any). */
export interface AssetFilter {
  keyword: string;
  tenantId?: number;
  groupId?: number;
  bound: '' | '0' | '1';
  expired: '' | '0' | '1';
}

export const EMPTY_FILTER: AssetFilter = { keyword: '', bound: '', expired: '' };

/** The filter as query parameters (empty ones left out). */
export function filterQuery(f: AssetFilter): AssetListFilter {
  const q: AssetListFilter = {};
  if (f.keyword) q.keyword = f.keyword;
  if (f.tenantId !== undefined) q.tenantId = f.tenantId;
  if (f.groupId !== undefined) q.groupId = f.groupId;
  if (f.bound) q.bound = f.bound;
  if (f.expired) q.expired = f.expired;
  return q;
}

/** Items of a parent-linked list in tree order with their depth (for indented pickers). */
export function treeOrder<T extends { id: number; parentId: number | null }>(items: readonly T[]): { item: T; depth: number }[] {
  const ids = new Set(items.map((i) => i.id));
  const out: { item: T; depth: number }[] = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const i of items) {
      const isChild = parentId === null ? i.parentId === null || !ids.has(i.parentId) : i.parentId === parentId;
      if (isChild) {
        out.push({ item: i, depth });
        visit(i.id, depth + 1);
      }
    }
  };
  visit(null, 0);
  return out;
}
