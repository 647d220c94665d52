/**
 * 系统管理 as the API answers it (docs/api-contract.md, 系统管理): the tenant tree, vehicle groups and the
 * data dictionary. One contract for the server that builds them and the pages that show them. Pure types.
 */

import type { AssetKind, AssetKindDefinition, AssetProfile } from './asset-kinds';

/** platform (the installation's root), agent (may have customers below it), customer (a leaf). */
export type TenantKind = 'platform' | 'agent' | 'customer';

/** A tenant as pickers list it: the caller's own and those below it. */
export interface TenantChoice {
  id: number;
  parentId: number | null;
  name: string;
}

/** A terminal as 终端管理 lists it, with its vehicle's service state (times China time with offset). */
export interface TerminalRow {
  id: number;
  /** As provisioned (what operators see). */
  terminalNo: string;
  imei: string;
  model: string;
  sim: string;
  /** JT/T 808 edition (2011, 2013, 2019), or gt06 / watch. */
  edition: string;
  installDate: string | null;
  tenantId: number;
  tenantName: string;
  vehicleId: number | null;
  plateNo: string | null;
  groupId: number | null;
  groupName: string | null;
  expiryDate: string | null;
  expired: boolean;
  connected: boolean;
  createTime: string;
}

/** The list filters of the asset pages (车辆管理 and the like, 终端管理) as query parameters ('' or absent: any). */
export type AssetListFilter = {
  /** Part of a plate, name, terminal number, IMEI or SIM. */
  keyword?: string;
  tenantId?: number;
  groupId?: number;
  /** '1' bound to a terminal (or vehicle), '0' not. */
  bound?: '' | '0' | '1';
  /** '1' service expired, '0' not. */
  expired?: '' | '0' | '1';
};

/** A tenant of 客户管理 and the tenants below it. */
export interface TenantNode {
  id: number;
  parentId: number | null;
  name: string;
  kind: TenantKind;
  kindName: string;
  contact: string;
  phone: string;
  remark: string;
  createTime: string;
  userCount: number;
  vehicleCount: number;
  children: TenantNode[];
}

/** A vehicle group of 车组管理 and its subgroups. */
export interface GroupNode {
  id: number;
  tenantId: number;
  parentId: number | null;
  name: string;
  /** Vehicles directly in the group. */
  vehicleCount: number;
  /** Vehicles in the group and every subgroup. */
  totalCount: number;
  children: GroupNode[];
}

/** A tenant's group trees as 车组管理 shows them. */
export interface TenantGroups {
  tenantId: number;
  tenantName: string;
  parentId: number | null;
  groups: GroupNode[];
}

/** A group a user's visibility can be limited to, and its subgroups (用户管理). */
export interface GroupChoiceNode {
  id: number;
  tenantId: number;
  parentId: number | null;
  name: string;
  children: GroupChoiceNode[];
}

/** One entry of the data dictionary, as everyone reads it. */
export interface DictionaryItem {
  type: string;
  code: string;
  name: string;
  sort: number;
}

/** A dictionary entry as 数据字典 manages it. */
export interface DictionaryEntry extends DictionaryItem {
  id: number;
}

/** A tenant as the pickers of 用户管理, 角色管理 and 操作日志 list it (tenant/options.json). */
export interface TenantOption extends TenantChoice {
  kind: TenantKind;
}

/** A user as 用户管理 lists it: phone and e-mail masked as the user chose (unless the viewer is that user). */
export interface AdminUser {
  userId: number;
  account: string;
  name: string;
  phone: string;
  email: string;
  remark: string;
  tenantId: number;
  tenantName: string;
  roleId: number;
  roleName: string;
  disabled: boolean;
  /** The groups the user's visibility is limited to; none = every group of the tenant. */
  groups: { id: number; name: string }[];
  createTime: string;
}

/** A role as 角色管理 lists it. */
export interface AdminRole {
  id: number;
  tenantId: number;
  tenantName: string;
  name: string;
  remark: string;
  userCount: number;
  createTime: string;
}

/** What a role grants: sub-applications and menus/buttons. */
export interface RoleGrants {
  platformIds: number[];
  resourceIds: number[];
}

/** One entry of 操作日志 (time China time with offset). */
export interface OperationLog {
  id: number;
  account: string;
  tenantId: number;
  tenantName: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string;
  time: string;
}

/** An asset (车辆, 人员, 宠物 or 电动车) as 车辆管理 and the pages of the other kinds list it (times China time with offset). */
export interface VehicleRow {
  id: number;
  /** 车牌号, or the name of a person, pet or e-bike. */
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
  /** The fields of its kind (工号, 部门 …), as ASSET_KIND_DEFINITIONS lists them; contact phones masked unless the caller may edit them. */
  profile: AssetProfile;
  terminalId: number | null;
  terminalNo: string | null;
  createTime: string;
}

/** A vehicle group as the asset pages' pickers list it. */
export interface GroupChoice {
  id: number;
  tenantId: number;
  parentId: number | null;
  name: string;
}

/** What the asset pages choose from: tenants and groups of the scope, and (per page) the kinds' vocabularies. */
export interface AssetOptions {
  tenants: TenantChoice[];
  groups: GroupChoice[];
  /** 车辆管理 and the other kinds' pages. */
  plateColors?: { code: number; name: string }[];
  assetKinds?: { code: string; name: string }[];
  /** Each kind's fields, as the server checks them. */
  profiles?: Record<AssetKind, AssetKindDefinition>;
  /** 终端管理: the protocol editions. */
  editions?: string[];
  /** Display names of the editions (JT/T 808-2013, GT06, 手表协议 …). */
  editionNames?: Record<string, string>;
}

/** The server's check of an uploaded import sheet, row by row; `token` confirms its valid rows (null when none). */
export interface ImportPreview {
  token: string | null;
  fileName: string;
  tenantId: number;
  total: number;
  valid: number;
  invalid: number;
  rows: { row: number; values: Record<string, string>; errors: string[] }[];
}
