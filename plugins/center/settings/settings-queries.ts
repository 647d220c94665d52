import { ConfigService, type Envelope, expectOk, Flag, HttpService, MapSettingsApi, PluginSettingsApi, type ServiceGetter } from '@tianlu/sdk';

/** What 地图设置 and 插件设置 ask first: the pages and their routes' `prefetch` read them from here. */

/** 地图设置's first call: the tenant's basemap and keys. */
export const askMapSettings = (http: HttpService) => http.call(MapSettingsApi.get, {});

/** The answer of {@link askMapSettings} to a user without the page's permission: the keys are not theirs to read. */
export const mapKeysForbidden = (res: Envelope<unknown>) => res.flag === Flag.FORBIDDEN;

/**
 * For 地图设置's route: the tenant's map settings; for a user refused them, the basemap in use
 * (ConfigService keeps it for the session), which the page then shows instead.
 */
export function prefetchMapSetting(get: ServiceGetter): void {
  void get(HttpService)
    .prefetch(MapSettingsApi.get, {})
    .then((res) => (mapKeysForbidden(res) ? get(ConfigService).loadMap() : undefined))
    .catch(() => undefined);
}

/** 插件设置's first load: the settings of each sub-application the user's role is granted. */
export const readPluginSettings = async (http: HttpService) => expectOk(await http.call(PluginSettingsApi.list));

/** For 插件设置's route: the sub-applications' settings the page first shows. */
export function prefetchPluginSettings(get: ServiceGetter): void {
  void get(HttpService).prefetch(PluginSettingsApi.list).catch(() => undefined);
}
