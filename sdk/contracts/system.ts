import { defineEndpoint } from '../endpoint';
import { int, object, pagingProperties, requiredText, text, type JsonSchema, type Paging } from '../json-schema';
import type { Page } from '../pagination';
import type {
  AdminRole, AdminUser, DictionaryEntry, GroupChoiceNode, OperationLog, RoleGrants, TenantNode, TenantOption,
} from '../system-admin';

/** 系统管理's API (docs/api-contract.md, 系统管理): 客户管理, 用户管理, 角色管理, 操作日志, 数据字典. */
const SYS = '/car/v1/api/system';
const TENANT = `${SYS}/tenant`;
const USER = `${SYS}/user`;
const ROLE = `${SYS}/role`;
const LOG = `${SYS}/log`;
const DICT = '/car/v4/api/system/dictionary';


const tenantFields = {
  name: requiredText('客户名称', 50),
  contact: text('联系人', 50),
  phone: text('联系电话', 20),
  remark: text('备注', 200),
};
const tenantKind = { type: 'string', title: '客户类型', enum: ['agent', 'customer'] };

/** What tenant/add.json takes: the tenant and its first administrator. */
export interface TenantCreateBody {
  parentId: number;
  name: string;
  kind: 'agent' | 'customer';
  contact?: string;
  phone?: string;
  remark?: string;
  adminAccount: string;
  adminPassword: string;
  adminName?: string;
  /** Sub-applications the tenant's 管理员 role gets; default every one the creator holds. */
  platformIds?: number[];
}

/** What tenant/update.json takes (kind only for tenants below the caller's own). */
export interface TenantUpdateBody {
  id: number;
  name: string;
  kind?: 'agent' | 'customer';
  contact?: string;
  phone?: string;
  remark?: string;
}

/** 客户管理. */
export const TenantAdminApi = {
  tree: defineEndpoint<Record<string, never>, undefined, TenantNode[]>({
    method: 'GET',
    path: `${TENANT}/tree.json`,
    summary: '客户管理：本级及下级客户树（含用户数、车辆数）',
  }),
  options: defineEndpoint<Record<string, never>, undefined, TenantOption[]>({
    method: 'GET',
    path: `${TENANT}/options.json`,
    summary: '本级及下级客户的名称（供用户、角色等页面筛选和选择）',
  }),
  add: defineEndpoint<Record<string, never>, TenantCreateBody, { id: number; adminUserId: number; roleId: number }>({
    method: 'POST',
    path: `${TENANT}/add.json`,
    summary: '新增代理商或客户（同时创建其管理员账号和“管理员”角色，权限不超过创建者）',
    body: object(
      {
        parentId: int('上级客户', 1),
        ...tenantFields,
        kind: tenantKind,
        adminAccount: requiredText('管理员账号', 32),
        adminPassword: requiredText('管理员密码', 64),
        adminName: text('管理员姓名', 50),
        platformIds: { type: 'array', title: '子系统', items: int('子系统', 0), maxItems: 100 },
      },
      ['parentId', 'name', 'kind', 'adminAccount', 'adminPassword'],
    ),
  }),
  update: defineEndpoint<Record<string, never>, TenantUpdateBody, { id: number }>({
    method: 'POST',
    path: `${TENANT}/update.json`,
    summary: '编辑客户（名称、类型、联系人、电话、备注）',
    body: object({ id: int('客户', 1), ...tenantFields, kind: tenantKind }, ['id', 'name']),
  }),
  delete: defineEndpoint<Record<string, never>, { id: number }, { deleted: number }>({
    method: 'POST',
    path: `${TENANT}/delete.json`,
    summary: '删除客户（仅当其下没有下级客户、用户、车辆和终端）',
    body: object({ id: int('客户', 1) }, ['id']),
  }),
  /** Answers the workbook (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, Record<string, never>, never>({
    method: 'POST',
    path: `${TENANT}/export.json`,
    summary: '导出本级及下级客户（xlsx）',
    body: object({}),
  }),
};

/** The filter of 用户管理 and 角色管理: a keyword, one tenant of the caller's scope. */
export interface TenantKeywordQuery {
  keyword?: string;
  tenantId?: number;
}

const tenantKeywordProperties: Record<string, JsonSchema> = { keyword: text('关键词', 50), tenantId: int('客户', 1) };

/** The fields of a user both add.json and update.json take. */
export interface UserFieldsBody {
  name: string;
  phone?: string;
  email?: string;
  remark?: string;
  roleId: number;
  /** Groups the user sees; none = every group of the tenant. */
  groupIds?: number[];
}

const userFieldProperties: Record<string, JsonSchema> = {
  name: requiredText('姓名', 50),
  phone: text('手机号', 20),
  email: text('邮箱', 100),
  remark: text('备注', 200),
  roleId: int('角色', 1),
  groupIds: { type: 'array', title: '可见车组', items: int('可见车组', 1), maxItems: 500 },
};

/** 用户管理. */
export const UserAdminApi = {
  list: defineEndpoint<Paging & TenantKeywordQuery, undefined, Page<AdminUser>>({
    method: 'GET',
    path: `${USER}/list.json`,
    summary: '用户管理：本级及下级客户的用户（分页；keyword 匹配账号、姓名、手机号）',
    query: object({ ...pagingProperties, ...tenantKeywordProperties }),
  }),
  roles: defineEndpoint<{ tenantId: number }, undefined, { id: number; name: string }[]>({
    method: 'GET',
    path: `${USER}/roles.json`,
    summary: '可分配给该客户用户的角色（该客户的角色中不超出调用者权限的）',
    query: object({ tenantId: int('客户', 1) }, ['tenantId']),
  }),
  groups: defineEndpoint<{ tenantId: number }, undefined, GroupChoiceNode[]>({
    method: 'GET',
    path: `${USER}/groups.json`,
    summary: '可作为该客户用户可见范围的车组树（该客户及其下级客户的车组，限调用者可见的）',
    query: object({ tenantId: int('客户', 1) }, ['tenantId']),
  }),
  add: defineEndpoint<Record<string, never>, UserFieldsBody & { tenantId: number; account: string; password: string }, { userId: number }>({
    method: 'POST',
    path: `${USER}/add.json`,
    summary: '新增用户（账号全局唯一；密码至少 8 位且含字母和数字；角色须属于该客户且不超出调用者权限）',
    body: object(
      { tenantId: int('所属客户', 1), account: requiredText('账号', 32), password: requiredText('密码', 64), ...userFieldProperties },
      ['tenantId', 'account', 'password', 'name', 'roleId'],
    ),
  }),
  update: defineEndpoint<Record<string, never>, UserFieldsBody & { userId: number }, { userId: number }>({
    method: 'POST',
    path: `${USER}/update.json`,
    summary: '编辑用户（姓名、手机号、邮箱、备注、角色、可见车组；空车组 = 所属客户的全部车组）',
    body: object({ userId: int('用户', 1), ...userFieldProperties }, ['userId', 'name', 'roleId']),
  }),
  setDisabled: defineEndpoint<Record<string, never>, { userId: number; disabled: boolean }, { userId: number; disabled: boolean }>({
    method: 'POST',
    path: `${USER}/setDisabled.json`,
    summary: '停用或启用用户（停用后其会话在下一次调用时结束）',
    body: object({ userId: int('用户', 1), disabled: { type: 'boolean', title: '停用' } }, ['userId', 'disabled']),
  }),
  resetPassword: defineEndpoint<Record<string, never>, { userId: number; password: string }, { userId: number }>({
    method: 'POST',
    path: `${USER}/resetPassword.json`,
    summary: '重置用户密码（其已登录的会话在下一次调用时结束）',
    body: object({ userId: int('用户', 1), password: requiredText('新密码', 64) }, ['userId', 'password']),
  }),
  delete: defineEndpoint<Record<string, never>, { userId: number }, { deleted: number }>({
    method: 'POST',
    path: `${USER}/delete.json`,
    summary: '删除用户（不能删除自己）',
    body: object({ userId: int('用户', 1) }, ['userId']),
  }),
  /** Answers the workbook (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, TenantKeywordQuery, never>({
    method: 'POST',
    path: `${USER}/export.json`,
    summary: '导出用户（xlsx，条件同列表，最多 10000 行）',
    body: object(tenantKeywordProperties),
  }),
};

/** What role/add.json and role/update.json take. */
export interface RoleBody {
  name: string;
  remark?: string;
  platformIds?: number[];
  resourceIds?: number[];
}

const grantProperties: Record<string, JsonSchema> = {
  platformIds: { type: 'array', title: '子系统', items: int('子系统', 0), maxItems: 200 },
  resourceIds: { type: 'array', title: '菜单和按钮', items: int('菜单和按钮', 0), maxItems: 5000 },
};

/** 角色管理. */
export const RoleAdminApi = {
  list: defineEndpoint<Paging & TenantKeywordQuery, undefined, Page<AdminRole>>({
    method: 'GET',
    path: `${ROLE}/list.json`,
    summary: '角色管理：本级及下级客户的角色（分页，含用户数）',
    query: object({ ...pagingProperties, ...tenantKeywordProperties }),
  }),
  detail: defineEndpoint<{ id: number }, undefined, AdminRole & RoleGrants>({
    method: 'GET',
    path: `${ROLE}/detail.json`,
    summary: '角色详情：名称、备注与授予的子系统和菜单按钮',
    query: object({ id: int('角色', 1) }, ['id']),
  }),
  add: defineEndpoint<Record<string, never>, RoleBody & { tenantId: number }, { id: number }>({
    method: 'POST',
    path: `${ROLE}/add.json`,
    summary: '新增角色（授予的子系统和菜单按钮不能超出调用者自己的）',
    body: object({ tenantId: int('所属客户', 1), name: requiredText('角色名称', 30), remark: text('备注', 200), ...grantProperties }, ['tenantId', 'name']),
  }),
  update: defineEndpoint<Record<string, never>, RoleBody & { id: number }, { id: number }>({
    method: 'POST',
    path: `${ROLE}/update.json`,
    summary: '编辑角色与授权（新增的授权不能超出调用者自己的；其用户下一次调用即生效）',
    body: object({ id: int('角色', 1), name: requiredText('角色名称', 30), remark: text('备注', 200), ...grantProperties }, ['id', 'name']),
  }),
  delete: defineEndpoint<Record<string, never>, { id: number }, { deleted: number }>({
    method: 'POST',
    path: `${ROLE}/delete.json`,
    summary: '删除角色（仍有用户使用时不能删除）',
    body: object({ id: int('角色', 1) }, ['id']),
  }),
  /** Answers the workbook (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, TenantKeywordQuery, never>({
    method: 'POST',
    path: `${ROLE}/export.json`,
    summary: '导出角色（xlsx，条件同列表）',
    body: object(tenantKeywordProperties),
  }),
};

/** The filter of 操作日志 (times ISO 8601). */
export interface LogFilterQuery {
  account?: string;
  keyword?: string;
  start?: string;
  end?: string;
  tenantId?: number;
}

const logFilterProperties: Record<string, JsonSchema> = {
  account: text('账号', 32),
  keyword: text('关键词', 50),
  start: text('开始时间', 40),
  end: text('结束时间', 40),
  tenantId: int('客户', 1),
};

/** 操作日志. */
export const OperationLogApi = {
  list: defineEndpoint<Paging & LogFilterQuery, undefined, Page<OperationLog>>({
    method: 'GET',
    path: `${LOG}/list.json`,
    summary: '操作日志：谁在何时做了什么（分页，新的在前；可按账号、关键词、时间段、客户筛选）',
    query: object({ ...pagingProperties, ...logFilterProperties }),
  }),
  /** Answers the workbook (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, LogFilterQuery, never>({
    method: 'POST',
    path: `${LOG}/export.json`,
    summary: '导出操作日志（xlsx，条件同列表，最多 10000 行）',
    body: object(logFilterProperties),
  }),
};

/** The filter of 数据字典. */
export interface DictionaryFilterQuery {
  type?: string;
  keyword?: string;
}

/** What dictionary add.json and update.json take. */
export interface DictionaryEntryBody {
  type: string;
  code: string;
  name: string;
  sort?: number;
}

const dictionaryFilterProperties: Record<string, JsonSchema> = { type: text('字典类型', 64), keyword: text('关键词', 50) };
const entryProperties: Record<string, JsonSchema> = {
  type: requiredText('字典类型', 64),
  code: requiredText('编码', 64),
  name: requiredText('名称', 100),
  sort: int('排序', 0, 100000),
};

/** 数据字典 (management; everyone reads the dictionary through dictionary/list.json). */
export const DictionaryAdminApi = {
  page: defineEndpoint<Paging & DictionaryFilterQuery, undefined, Page<DictionaryEntry> & { editable: boolean }>({
    method: 'GET',
    path: `${DICT}/page.json`,
    summary: '数据字典管理：条目分页（可按类型、关键词筛选）；editable 表示调用者能否修改',
    query: object({ ...pagingProperties, ...dictionaryFilterProperties }),
  }),
  add: defineEndpoint<Record<string, never>, DictionaryEntryBody, { id: number }>({
    method: 'POST',
    path: `${DICT}/add.json`,
    summary: '新增字典条目（仅平台用户；同一类型下编码唯一）',
    body: object(entryProperties, ['type', 'code', 'name']),
  }),
  update: defineEndpoint<Record<string, never>, DictionaryEntryBody & { id: number }, { id: number }>({
    method: 'POST',
    path: `${DICT}/update.json`,
    summary: '编辑字典条目（仅平台用户）',
    body: object({ id: int('字典条目', 1), ...entryProperties }, ['id', 'type', 'code', 'name']),
  }),
  delete: defineEndpoint<Record<string, never>, { id: number }, { deleted: number }>({
    method: 'POST',
    path: `${DICT}/delete.json`,
    summary: '删除字典条目（仅平台用户）',
    body: object({ id: int('字典条目', 1) }, ['id']),
  }),
  /** Answers the workbook (`http.downloadBlob`). */
  export: defineEndpoint<Record<string, never>, DictionaryFilterQuery, never>({
    method: 'POST',
    path: `${DICT}/export.json`,
    summary: '导出字典条目（xlsx，条件同列表）',
    body: object(dictionaryFilterProperties),
  }),
};
