import { expectOk, HealthSettingsApi, HttpService, type ServiceGetter } from '@tianlu/sdk';

/** 健康设置's list: the tenant's limits and step goal, and the departments and people with limits of their own. */
export const readHealthOverrides = async (http: HttpService) => expectOk(await http.call(HealthSettingsApi.overrides));

/** For 健康设置's route: the list the page first shows. */
export function prefetchHealthSettings(get: ServiceGetter): void {
  void get(HttpService).prefetch(HealthSettingsApi.overrides).catch(() => undefined);
}
