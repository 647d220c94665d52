import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import {
  expectOk,
  HttpService,
  StorageKeys,
  StorageService,
  type ConfigService,
  type ConsoleConfig,
  type SystemInfo,
} from '@tianlu/sdk';
import { ServiceResolver } from '../kernel-tokens';

export const CONFIG_PATH = '/oauthToken/getConfig';
export const DEFAULT_PLATFORM_ID = 1;

/** Used when the server gives no config (or the call fails). */
export const DEFAULT_CONSOLE_CONFIG: ConsoleConfig = { legacyLoginHosts: [], smsLoginEnabled: false };
export const DEFAULT_SYSTEM_INFO: SystemInfo = { baseUrl: '', name: '', platformId: DEFAULT_PLATFORM_ID };

/** Console settings from the server plus the persisted current-system info. */
@injectable()
export class ConfigServiceImpl implements ConfigService {
  config: ConsoleConfig = DEFAULT_CONSOLE_CONFIG;
  loaded = false;
  system: SystemInfo;
  private pending: Promise<ConsoleConfig> | undefined = undefined;

  constructor(
    @inject(StorageService) private readonly storage: StorageService,
    // Resolved lazily: the http service itself reads `system` from here.
    @inject(ServiceResolver) private readonly resolve: ServiceResolver,
  ) {
    const stored = storage.get<Partial<SystemInfo>>(StorageKeys.systemInfo);
    this.system = { ...DEFAULT_SYSTEM_INFO, ...stored, platformId: Number(stored?.platformId) || DEFAULT_PLATFORM_ID };
    makeAutoObservable<this, 'storage' | 'resolve' | 'pending'>(this, { storage: false, resolve: false, pending: false });
  }

  load(): Promise<ConsoleConfig> {
    this.pending ??= this.fetch().finally(() => (this.pending = undefined));
    return this.pending;
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
      const obj = expectOk(await this.resolve<HttpService>(HttpService).get<Partial<ConsoleConfig>>(CONFIG_PATH));
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

  private setConfig(config: ConsoleConfig): void {
    this.config = config;
    this.loaded = true;
  }
}
