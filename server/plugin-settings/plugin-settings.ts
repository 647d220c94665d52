import { withSettingDefaults, type PluginSettingField, type PluginSettingValue } from '../../sdk/plugin-settings';
import type { InstalledPlugins } from '../installed-plugins/installed-plugins';
import { BUILT_IN_DECLARATIONS } from '../store/catalogue/built-in-declarations';
import type { PluginSettingsQueries } from '../store/plugin-settings-queries';

/** A sub-application's settings as declared: by a built-in declaration or an installed plugin's manifest.json. */
export interface DeclaredSettings {
  systemId: string;
  platformId: number;
  title: string;
  fields: readonly PluginSettingField[];
}

/**
 * 插件设置: which sub-applications declare settings (the built-in ones, then the plugins installed in
 * PLUGINS_DIR that the platform runs, as last read) and each tenant's values of them, defaults filled in.
 */
export class PluginSettings {
  constructor(
    private readonly queries: PluginSettingsQueries,
    private readonly plugins: Pick<InstalledPlugins, 'installedNow'>,
  ) {}

  /** Every sub-application with settings, built-ins first. */
  declared(): DeclaredSettings[] {
    const builtIn = BUILT_IN_DECLARATIONS.filter((d) => d.settings?.length).map((d) => ({ systemId: d.systemId, platformId: d.platformId, title: d.title, fields: d.settings! }));
    const installed = this.plugins
      .installedNow()
      .filter((p) => p.settings?.length && !p.refusal && p.record.enabled)
      .map((p) => ({ systemId: p.record.systemId, platformId: p.record.platformId, title: p.record.title, fields: p.settings! }));
    return [...builtIn, ...installed];
  }

  /** The settings of that sub-application, undefined when it declares none (or is not installed). */
  find(systemId: string): DeclaredSettings | undefined {
    return this.declared().find((d) => d.systemId === systemId);
  }

  /** The tenant's values of those settings, every field present; `saved` tells whether it saved its own. */
  async values(tenantId: number, declared: DeclaredSettings): Promise<{ values: Record<string, PluginSettingValue>; saved: boolean }> {
    const stored = await this.queries.get(tenantId, declared.systemId);
    return { values: withSettingDefaults(declared.fields, stored?.values), saved: stored !== undefined };
  }

  /** Stores the tenant's complete values (checked against the declaration by the caller). */
  save(tenantId: number, systemId: string, values: Record<string, PluginSettingValue>, by: number, at: Date): Promise<void> {
    return this.queries.save(tenantId, systemId, values, by, at);
  }

  /** The settings as a server part reads them: its own sub-application's only. */
  forPart(systemId: string): { get(tenantId: number): Promise<Record<string, PluginSettingValue>> } {
    return {
      get: async (tenantId) => {
        if (!Number.isInteger(tenantId)) throw new Error('settings.get 需要租户编号（整数），例如路由的 user.tenantId');
        const declared = this.find(systemId);
        return declared ? (await this.values(tenantId, declared)).values : {};
      },
    };
  }
}
