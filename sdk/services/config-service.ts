/** Settings the server gives the console at start (/oauthToken/getConfig). */
export interface ConsoleConfig {
  /** Hosts that get the older login page. */
  legacyLoginHosts: string[];
  /** AI assistant: both must be set for it to load. */
  aiUrl?: string;
  aiScriptUrl?: string;
  smsLoginEnabled: boolean;
}

export interface SystemInfo {
  baseUrl: string;
  name: string;
  /** Default 1. */
  platformId: number;
}

export interface ConfigService {
  readonly config: ConsoleConfig;
  readonly loaded: boolean;
  load(): Promise<ConsoleConfig>;
  /** The sub-application the user works in now (drives the platformId header and base URL). */
  readonly system: SystemInfo;
  setSystem(info: Partial<SystemInfo>): void;
}

export const ConfigService = Symbol.for('tianlu.config');
