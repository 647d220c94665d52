import type { ManifestRecord, MenuContribution, PluginDefinition, PluginRoute } from '../plugin';
import { serviceToken, type ServiceToken } from './service-token';

export type PluginStatus = 'idle' | 'loading' | 'active' | 'failed';

/** A sub-application the user may enter: manifest ∩ role platforms. */
export interface SystemEntry {
  platformId: number;
  systemId: string;
  title: string;
  path: string;
  icon: string;
  /** True for the `center` record (platformId 0): always present, holds home and system-centre routes, not listed in the system switcher. */
  center?: boolean;
}

/** Loads plugins and keeps their contributions in observable registries. */
export interface PluginRegistry {
  readonly manifest: readonly ManifestRecord[];
  /** Enabled manifest entries the user's role grants; the centre entry (marked `center`) comes first. */
  readonly systems: readonly SystemEntry[];
  readonly routes: readonly PluginRoute[];
  readonly menus: ReadonlyMap<string, MenuContribution[]>;
  readonly plugins: ReadonlyMap<string, PluginDefinition>;
  status(systemId: string): PluginStatus;
  error(systemId: string): string | undefined;
  /** Reads the manifest and the role's platforms (getPlatformByRoleId). */
  loadSystems(): Promise<void>;
  /** Loads (once) and activates a plugin; resolves false when it failed. */
  load(systemId: string): Promise<boolean>;
  /** Registers an already imported definition (used for built-in plugins and tests). */
  register(def: PluginDefinition): void;
  /** The system whose base path holds `path`. */
  systemForPath(path: string): SystemEntry | undefined;
}

export const PluginRegistry: ServiceToken<PluginRegistry> = serviceToken('tianlu.plugins');
