import type { PluginRegistry } from '../../services/plugin-registry';
/** Props of `PlatformOverview`. */
export interface PlatformOverviewProps {
  platformId: number;
  /** The sub-application's title, e.g. 智能车联. */
  title: string;
  /** e.g. `/car/`; the overview's own menu entry is left out. */
  basePath: string;
}

/** The kinds the plugin of `platformId` declares, comma-separated (undefined: it declares none, every kind counts). */
export function declaredKinds(registry: Pick<PluginRegistry, 'plugins'>, platformId: number): string | undefined {
  return [...registry.plugins.values()].find((p) => p.platformId === platformId)?.assetKinds?.join(',');
}

/** What an overview asks for its figures. */
export const overviewQuery = (platformId: number, assetKinds: string | undefined) => ({ platformId, ...(assetKinds && { assetKinds }) });
