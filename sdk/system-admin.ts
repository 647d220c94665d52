/**
 * 系统管理 as the API answers it (docs/api-contract.md, 系统管理): the tenant tree, vehicle groups and the
 * data dictionary. One contract for the server that builds them and the pages that show them. Pure types.
 */

/** platform (the installation's root), agent (may have customers below it), customer (a leaf). */
export type TenantKind = 'platform' | 'agent' | 'customer';

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
