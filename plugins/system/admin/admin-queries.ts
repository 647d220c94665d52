import {
  DictionaryAdminApi, fromChinaInputValue, HttpService, OperationLogApi, RoleAdminApi, TenantAdminApi, toChinaIso, UserAdminApi, type ServiceGetter,
} from '@tianlu/sdk';

/** The lists of 系统管理 as they first load: the pages and their routes' `prefetch` read them from here. */

/** A keyword and one of the caller's tenants (none: all of them). */
export interface TenantKeywordFilter {
  keyword: string;
  tenantId?: number;
}

export const EMPTY_TENANT_KEYWORD_FILTER: TenantKeywordFilter = { keyword: '' };

/** The query parameters of a {@link TenantKeywordFilter}. */
export function tenantKeywordQuery(f: TenantKeywordFilter) {
  return { keyword: f.keyword || undefined, tenantId: f.tenantId };
}

/** 用户管理's list. */
export const USER_LIST = { list: UserAdminApi.list, initialFilter: EMPTY_TENANT_KEYWORD_FILTER, query: tenantKeywordQuery };
/** 角色管理's list. */
export const ROLE_LIST = { list: RoleAdminApi.list, initialFilter: EMPTY_TENANT_KEYWORD_FILTER, query: tenantKeywordQuery };

/** 数据字典's filter: a type and a keyword ('' = any). */
export interface DictionaryFilter {
  type: string;
  keyword: string;
}

/** 数据字典's list. */
export const DICTIONARY_LIST = {
  list: DictionaryAdminApi.page,
  initialFilter: { type: '', keyword: '' } as DictionaryFilter,
  query: (f: DictionaryFilter) => ({ type: f.type || undefined, keyword: f.keyword || undefined }),
};

/** 操作日志's filter, as typed (times `datetime-local` in China time). */
export interface LogFilter {
  account: string;
  keyword: string;
  start: string;
  end: string;
}

/** `datetime-local` value (China time) → ISO 8601 with offset; undefined when empty. */
function toIso(local: string): string | undefined {
  const ms = fromChinaInputValue(local);
  return ms === undefined ? undefined : toChinaIso(ms);
}

/** 操作日志's list. */
export const LOG_LIST = {
  list: OperationLogApi.list,
  initialFilter: { account: '', keyword: '', start: '', end: '' } as LogFilter,
  query: (f: LogFilter) => ({ account: f.account.trim() || undefined, keyword: f.keyword.trim() || undefined, start: toIso(f.start), end: toIso(f.end) }),
};

/** For the routes of 用户管理 and 角色管理 (beside their first page): the customers their filter and dialogs offer. */
export function prefetchTenantOptions(get: ServiceGetter): void {
  void get(HttpService).prefetch(TenantAdminApi.options).catch(() => undefined);
}

/** For 客户管理's route: the tree of customers. */
export function prefetchCustomers(get: ServiceGetter): void {
  void get(HttpService).prefetch(TenantAdminApi.tree).catch(() => undefined);
}
