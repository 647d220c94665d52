/**
 * 系统管理 as the API answers it (docs/api-contract.md, 系统管理): the tenant tree, vehicle groups and the
 * data dictionary. One contract for the server that builds them and the pages that show them. Pure types.
 */

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
