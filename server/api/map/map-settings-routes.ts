import { MapSettingsApi } from '../../../sdk/contracts/kernel';
import { MAP_KEY_FIELDS, MAP_KEY_LABELS, MAP_PROVIDER_LABELS, MAP_SETTINGS_MENU_ID, TENANT_MAP_PROVIDERS, type PlaceHit } from '../../../sdk/map-settings';
import { ApiError, badInput, Flag } from '../envelope';
import type { ApiArea } from '../route-registry';
import { sessionRoute } from '../route-definition';
import { browserConfig, geocoderOf, keysOf, settingsView } from './map-config';

/** Tile keys are letters, digits, '-' and '_' (what every provider issues). */
const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

export const getMapSettingRoute = sessionRoute.of(MapSettingsApi.get, {
  resource: MAP_SETTINGS_MENU_ID,
  handler: async ({ user, deps }) => settingsView(await deps.store.mapSettings.get(user.tenantId), deps),
});

export const saveMapSettingRoute = sessionRoute.of(MapSettingsApi.save, {
  resource: MAP_SETTINGS_MENU_ID,
  handler: async ({ body, user, deps, audit }) => {
    if (!(TENANT_MAP_PROVIDERS as readonly string[]).includes(body.provider)) throw badInput(`地图服务必须是 ${TENANT_MAP_PROVIDERS.map((p) => MAP_PROVIDER_LABELS[p].replace(/（.*）/, '')).join('、')} 之一`);
    const keys = keysOf(body);
    for (const field of MAP_KEY_FIELDS) {
      if (keys[field] && !KEY_PATTERN.test(keys[field])) throw badInput(`${MAP_KEY_LABELS[field]}只能包含字母、数字、下划线和短横线`);
    }
    if (body.provider === 'tianditu' && !keys.tiandituKey) throw badInput('使用天地图需要填写天地图 tk');
    const before = await deps.store.mapSettings.get(user.tenantId);
    await deps.store.mapSettings.save(user.tenantId, { provider: body.provider, ...keys }, user.id, deps.clock.now());
    const after = await deps.store.mapSettings.get(user.tenantId);
    // keys are secrets: the log says which were set, not their values
    const logged = (s: typeof after) => s && { provider: s.provider, keys: MAP_KEY_FIELDS.filter((f) => s[f]).map((f) => MAP_KEY_LABELS[f]) };
    await audit({ action: '修改地图设置', target: `租户 ${user.tenantName}`, before: logged(before), after: logged(after) });
    return settingsView(after, deps);
  },
});

export const getMapConfigRoute = sessionRoute.of(MapSettingsApi.browserConfig, {
  anyUser: true,
  handler: async ({ user, deps }) => browserConfig(await deps.store.mapSettings.get(user.tenantId), deps),
});

export const searchPlaceRoute = sessionRoute.of(MapSettingsApi.searchPlace, {
  anyUser: true,
  handler: async ({ body, user, deps }): Promise<PlaceHit[]> => {
    const address = body.address.trim();
    if (!address) throw badInput('地址不能为空');
    const geocoder = geocoderOf(await deps.store.mapSettings.get(user.tenantId), deps);
    if (!geocoder) throw badInput('未配置地理编码服务，无法按地址查找；请在 地图设置 中填写高德 Key 或百度 AK');
    try {
      return await geocoder.search(address);
    } catch {
      throw new ApiError(Flag.INTERNAL, '地址查找失败：地理编码服务无法访问');
    }
  },
});

export const mapArea: ApiArea = { name: 'map', routes: [getMapSettingRoute, saveMapSettingRoute, getMapConfigRoute, searchPlaceRoute] };
