import { PluginSettingsApi } from '../../../sdk/contracts/center';
import { checkSettingValues, type PluginSettingsEntry } from '../../../sdk/plugin-settings';
import type { DeclaredSettings } from '../../plugin-settings/plugin-settings';
import type { UserRecord } from '../../store/user-queries';
import type { AppDeps } from '../app-deps';
import { badInput, forbidden, notFound } from '../envelope';
import type { ApiArea } from '../route-registry';
import { sessionRoute } from '../route-definition';

/** 系统中心 › 设置 › 插件设置. */
export const PLUGIN_SETTINGS_MENU_ID = 400307;

/** The platforms the caller's role is granted: a sub-application's settings are its platform's. */
async function grantedPlatforms(deps: AppDeps, user: UserRecord): Promise<Map<string, number>> {
  return new Map((await deps.store.catalogue.rolePlatforms(user.roleId)).map((p) => [p.systemId, p.platformId]));
}

/** The declared settings of a sub-application the caller's role is granted; 403 for any other (nothing of it is told). */
async function grantedSettings(deps: AppDeps, user: UserRecord, systemId: string): Promise<DeclaredSettings> {
  const declared = deps.pluginSettings.find(systemId);
  if (!declared || (await grantedPlatforms(deps, user)).get(systemId) !== declared.platformId) throw forbidden();
  return declared;
}

async function entryOf(deps: AppDeps, tenantId: number, declared: DeclaredSettings): Promise<PluginSettingsEntry> {
  const { systemId, platformId, title, fields } = declared;
  return { systemId, platformId, title, fields, ...(await deps.pluginSettings.values(tenantId, declared)) };
}

export const listPluginSettingsRoute = sessionRoute.of(PluginSettingsApi.list, {
  resource: PLUGIN_SETTINGS_MENU_ID,
  handler: async ({ user, deps }) => {
    const granted = await grantedPlatforms(deps, user);
    const shown = deps.pluginSettings.declared().filter((d) => granted.get(d.systemId) === d.platformId);
    return Promise.all(shown.map((d) => entryOf(deps, user.tenantId, d)));
  },
});

export const savePluginSettingsRoute = sessionRoute.of(PluginSettingsApi.save, {
  resource: PLUGIN_SETTINGS_MENU_ID,
  handler: async ({ body, user, deps, audit }) => {
    const declared = await grantedSettings(deps, user, body.systemId);
    const before = await deps.pluginSettings.values(user.tenantId, declared);
    const checked = checkSettingValues(declared.fields, body.values, before.values);
    if ('errors' in checked) throw badInput(checked.errors.join('；'));
    await deps.pluginSettings.save(user.tenantId, declared.systemId, checked.values, user.id, deps.clock.now());
    const after = await entryOf(deps, user.tenantId, declared);
    await audit({ action: '修改插件设置', target: `${declared.title}（${declared.systemId}）`, before: before.values, after: after.values });
    return after;
  },
});

export const pluginSettingValuesRoute = sessionRoute.of(PluginSettingsApi.values, {
  // the sub-application's own pages read them: its platform is checked below
  anyUser: true,
  handler: async ({ query, user, deps }) => {
    const platformId = (await grantedPlatforms(deps, user)).get(query.systemId);
    if (platformId === undefined) throw forbidden();
    const declared = deps.pluginSettings.find(query.systemId);
    if (!declared || declared.platformId !== platformId) throw notFound(`子应用 ${query.systemId} 没有声明设置项`);
    return (await deps.pluginSettings.values(user.tenantId, declared)).values;
  },
});

export const pluginSettingArea: ApiArea = { name: 'plugin-setting', routes: [listPluginSettingsRoute, savePluginSettingsRoute, pluginSettingValuesRoute] };
