import type { LoginService } from '../auth/login-service';
import type { SessionService } from '../auth/session-service';
import type { SmsLoginService } from '../auth/sms-login-service';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { InstalledPlugins } from '../installed-plugins/installed-plugins';
import type { ServerParts } from '../plugin-parts/server-parts';
import type { PluginSettings } from '../plugin-settings/plugin-settings';
import type { FleetRuntime } from '../fleet-runtime';
import type { GeocodeService } from '../geocode/geocode-service';
import type { Store } from '../store/create-store';

/** What route handlers may use. Built once per server in app.ts. */
export interface AppDeps {
  config: ServerConfig;
  store: Store;
  clock: Clock;
  sessions: SessionService;
  login: LoginService;
  smsLogin: SmsLoginService;
  /** Repository root: plugins.manifest.json lives here. */
  rootDir: string;
  /** Where finished export files are kept. */
  exportDir: string;
  /** Plugins installed in PLUGINS_DIR (merged into the manifest, files under /child/<systemId>/). */
  plugins: InstalledPlugins;
  /** 插件设置: the settings sub-applications declare and each tenant's values. */
  pluginSettings: PluginSettings;
  /** The server parts of the installed plugins (their routes under /plugins/<systemId>/api/); set before the routes answer. */
  serverParts?: ServerParts;
  /** The built console when it is served (its plugin chunks live under child/). */
  distDir?: string;
  /** Reverse geocoding (offline dataset, or the configured online provider). */
  geocoder: GeocodeService;
  /** Bus, gateway and simulator; set once they started (after the routes were registered). */
  fleet?: FleetRuntime;
  /** Each module's services by module name (filled before the routes answer; `moduleServices` reads it). */
  modules: Map<string, unknown>;
}
