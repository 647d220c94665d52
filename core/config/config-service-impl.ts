import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { KernelApi, MapSettingsApi } from '../../sdk/contracts/kernel';
import type { MapBrowserConfig } from '../../sdk/map-settings';
import type { ConfigService, ConsoleConfig, SystemInfo } from '../../sdk/services/config-service';
import { expectOk, HttpService } from '../../sdk/services/http-service';
import { StorageKeys, StorageService } from '../../sdk/services/storage-service';
import { BootData, BootDataToken } from '../boot/boot-data';
import { ServiceResolver } from '../kernel-tokens';

export const DEFAULT_PLATFORM_ID = 1;

/** Used when the server gives no config (or the call fails). */
export const DEFAULT_CONSOLE_CONFIG: ConsoleConfig = { legacyLoginHosts: [], smsLoginEnabled: false };
export const DEFAULT_SYSTEM_INFO: SystemInfo = { baseUrl: '', name: '', platformId: DEFAULT_PLATFORM_ID };

/** Console settings from the server plus the persisted current-system info. */
@injectable()
export class ConfigServiceImpl implements ConfigService {
  config: ConsoleConfig = DEFAULT_CONSOLE_CONFIG;
  loaded = false;
  map: MapBrowserConfig | undefined = undefined;
  system: SystemInfo;
  private pending: Promise<ConsoleConfig> | undefined = undefined;
  private pendingMap: Promise<MapBrowserConfig> | undefined = undefined;
  private mapRequest = 0;
  /** The session the kept map settings were fetched for. */
  private mapSession: string | undefined = undefined;

  constructor(
    @inject(StorageService) private readonly storage: StorageService,
    // Resolved lazily: the http service itself reads `system` from here.
    @inject(ServiceResolver) private readonly resolve: ServiceResolver,
    @inject(BootDataToken) private readonly boot: BootData,
  ) {
    const stored = storage.get<Partial<SystemInfo>>(StorageKeys.systemInfo);
    this.system = { ...DEFAULT_SYSTEM_INFO, ...stored, platformId: Number(stored?.platformId) || DEFAULT_PLATFORM_ID };
    makeAutoObservable<this, 'storage' | 'resolve' | 'boot' | 'pending' | 'pendingMap' | 'mapRequest' | 'mapSession'>(this, {
      storage: false, resolve: false, boot: false, pending: false, pendingMap: false, mapRequest: false, mapSession: false,
    });
  }

  load(): Promise<ConsoleConfig> {
    this.pending ??= this.fetch().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /**
   * Fetched once per session (a sign-in as someone else fetches it again) and kept; `refresh`
   * (地图设置 saved) fetches it again, and the newest answer wins.
   */
  loadMap(refresh = false): Promise<MapBrowserConfig> {
    const session = this.storage.get<string>(StorageKeys.sessionId) ?? undefined;
    if (refresh || !this.pendingMap || session !== this.mapSession) {
      this.mapSession = session;
      this.pendingMap = this.fetchMap(++this.mapRequest);
    }
    return this.pendingMap;
  }

  setSystem(info: Partial<SystemInfo>): void {
    const next = { ...this.system, ...info };
    next.platformId = Number(next.platformId) || DEFAULT_PLATFORM_ID;
    this.system = next;
    this.storage.set(StorageKeys.systemInfo, next);
    if (info.baseUrl) {
      const map = this.storage.get<Record<string, string>>(StorageKeys.baseUrls) ?? {};
      this.storage.set(StorageKeys.baseUrls, { ...map, [String(next.platformId)]: info.baseUrl });
    }
  }

  private async fetch(): Promise<ConsoleConfig> {
    let config = DEFAULT_CONSOLE_CONFIG;
    try {
      const inline = this.boot.config<Partial<ConsoleConfig>>();
      const obj = inline ? inline.obj : expectOk(await this.resolve<HttpService>(HttpService).call(KernelApi.config, {}));
      config = {
        ...DEFAULT_CONSOLE_CONFIG,
        ...obj,
        legacyLoginHosts: Array.isArray(obj?.legacyLoginHosts) ? obj.legacyLoginHosts : [],
        smsLoginEnabled: Boolean(obj?.smsLoginEnabled),
      };
    } catch (e) {
      console.warn('config: using defaults', e);
    }
    this.setConfig(config);
    return config;
  }

  private async fetchMap(request: number): Promise<MapBrowserConfig> {
    let map: MapBrowserConfig;
    try {
      const userId = this.storage.get<{ userId?: number | string }>(StorageKeys.user)?.userId;
      const inline = this.boot.map<MapBrowserConfig>(userId === undefined ? undefined : Number(userId));
      const obj = inline ? inline.obj : expectOk(await this.resolve<HttpService>(HttpService).call(MapSettingsApi.browserConfig, {}));
      map = { provider: obj.provider, ...(obj.mapKey && { mapKey: obj.mapKey }), geocoder: Boolean(obj.geocoder) };
    } catch {
      // no session yet, or an older server: the server's default basemap
      if (!this.loaded) await this.load();
      map = { provider: this.config.mapProvider ?? 'auto', ...(this.config.mapKey && { mapKey: this.config.mapKey }), geocoder: false };
      if (request === this.mapRequest) this.pendingMap = undefined;
    }
    // an earlier request answering after a refresh does not undo the refreshed settings
    if (request === this.mapRequest) this.setMap(map);
    return map;
  }

  private setMap(map: MapBrowserConfig): void {
    this.map = map;
  }

  private setConfig(config: ConsoleConfig): void {
    this.config = config;
    this.loaded = true;
  }
}
