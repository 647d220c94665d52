import { HttpService, KernelApi, prefetchPagedQuery, SecurityApi, type ServiceGetter } from '@tianlu/sdk';

/** 登录记录's list (the user's own attempts, newest first), for the section and its route's prefetch. */
export const LOGIN_HISTORY_LIST = { list: SecurityApi.loginHistory, initialFilter: null, query: () => ({}) };

/**
 * For 安全中心's route: what the page asks first, beside its own code: the signed-in user as the
 * server has them now (what SessionService.fetchUser asks, for the phone, privacy and WeChat state)
 * and 登录记录's first page.
 */
export function prefetchSecurity(get: ServiceGetter): void {
  void get(HttpService).prefetch(KernelApi.user, {}).catch(() => undefined);
  prefetchPagedQuery(get, LOGIN_HISTORY_LIST);
}
