/** The 系统管理 calls of docs/api-contract.md and their answers. */
import { chinaDay, type TenantKind } from '@tianlu/sdk';

const SYS = '/car/v1/api/system';
const DICT = '/car/v4/api/system/dictionary';

export const AdminPaths = {
  tenantTree: `${SYS}/tenant/tree.json`,
  tenantOptions: `${SYS}/tenant/options.json`,
  tenantAdd: `${SYS}/tenant/add.json`,
  tenantUpdate: `${SYS}/tenant/update.json`,
  tenantDelete: `${SYS}/tenant/delete.json`,
  tenantExport: `${SYS}/tenant/export.json`,
  userList: `${SYS}/user/list.json`,
  userRoles: `${SYS}/user/roles.json`,
  userGroups: `${SYS}/user/groups.json`,
  userAdd: `${SYS}/user/add.json`,
  userUpdate: `${SYS}/user/update.json`,
  userSetDisabled: `${SYS}/user/setDisabled.json`,
  userResetPassword: `${SYS}/user/resetPassword.json`,
  userDelete: `${SYS}/user/delete.json`,
  userExport: `${SYS}/user/export.json`,
  roleList: `${SYS}/role/list.json`,
  roleDetail: `${SYS}/role/detail.json`,
  roleAdd: `${SYS}/role/add.json`,
  roleUpdate: `${SYS}/role/update.json`,
  roleDelete: `${SYS}/role/delete.json`,
  roleExport: `${SYS}/role/export.json`,
  logList: `${SYS}/log/list.json`,
  logExport: `${SYS}/log/export.json`,
  dictPage: `${DICT}/page.json`,
  dictAdd: `${DICT}/add.json`,
  dictUpdate: `${DICT}/update.json`,
  dictDelete: `${DICT}/delete.json`,
  dictExport: `${DICT}/export.json`,
  myResources: '/car/v1/api/resource/newList.json',
} as const;

/** Button ids of the 系统管理 pages (resource catalogue). */
export const AdminButtons = {
  tenantAdd: 121001,
  tenantEdit: 121002,
  tenantDelete: 121003,
  tenantExport: 121004,
  userAdd: 122001,
  userEdit: 122002,
  userDisable: 122003,
  userResetPassword: 122004,
  userDelete: 122005,
  userExport: 122006,
  roleAdd: 123001,
  roleEdit: 123002,
  roleDelete: 123003,
  roleExport: 123004,
  logExport: 127001,
  dictAdd: 128001,
  dictEdit: 128002,
  dictDelete: 128003,
  dictExport: 128004,
} as const;

export interface TenantOption {
  id: number;
  parentId: number | null;
  name: string;
  kind: TenantKind;
}

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
  groups: { id: number; name: string }[];
  createTime: string;
}

export interface AdminRole {
  id: number;
  tenantId: number;
  tenantName: string;
  name: string;
  remark: string;
  userCount: number;
  createTime: string;
}

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

export type { Page } from '@tianlu/sdk';

/** `xxx-20260101.xlsx` (today in China) for an export saved by the browser. */
export function exportName(title: string): string {
  return `${title}-${chinaDay().replaceAll('-', '')}.xlsx`;
}
