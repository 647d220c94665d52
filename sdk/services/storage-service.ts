import { serviceToken, type ServiceToken } from './service-token';
/** Every key the shell stores; all are written with the `main_` prefix. */
export const StorageKeys = {
  queryUserInfo: 'queryUserInfo',
  themeValue: 'themeValue',
  navUserClient: 'navUserClient',
  systemList: 'systemList',
  dictionary: 'dictionary',
  alarmRealTime: 'alarmRealTime',
  alarmVoiceOn: 'alarmVoiceOn',
  /** The alarm desk's per-level choices, by userId. */
  alarmDeskPrefs: 'alarmDeskPrefs',
  /** Whether the alarm desk column is open. */
  alarmDeskOpen: 'alarmDeskOpen',
  /** Whether the monitors' side column (the group tree) is folded away for a wider map. */
  monitorSideFolded: 'monitorSideFolded',
  navMenuList: 'navMenuList',
  currentSystem: 'currentSystem',
  systemId: 'systemId',
  sessionId: 'sessionId',
  user: 'USER',
  history: 'history',
  /** Per-platform base URL map: platformId -> base URL. */
  baseUrls: 'baseUrls',
  dataReportHistory: 'dataReportHistory',
  /** The current system info `{baseUrl, name, platformId}` (ConfigService.system). */
  systemInfo: 'systemInfo',
} as const;

export const STORAGE_PREFIX = 'main_';

/** JSON values in localStorage under the `main_` prefix. */
export interface StorageService {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** Removes every `main_` key (the /checkLogin behaviour). */
  clearAll(): void;
}

export const StorageService: ServiceToken<StorageService> = serviceToken('tianlu.storage');
