import type { Container } from 'inversify';
import type { PluginRoute } from '../../sdk/plugin';
import { BrandingService } from '../../sdk/services/branding-service';
import { ConfigService } from '../../sdk/services/config-service';
import { HistoryService } from '../../sdk/services/history-service';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { ShellStoreToken } from '../app/host-tokens';
import { ownerOfPath, type ShellStore } from '../app/shell-store';
import { HostPaths } from './host-routes';
import { showsLayout } from './route-matcher';

/** Bookkeeping once a navigation passed the guards: history tab, current system, document title. */
export function afterNavigation(container: Container, route: PluginRoute, pathname: string, search: string): void {
  const registry = container.get<PluginRegistry>(PluginRegistry);
  const branding = container.get<BrandingService>(BrandingService);
  const brand = branding.info?.title;
  // The site's branding title is the page title (spec §2); without branding the route names the page.
  if (typeof document !== 'undefined') document.title = brand ?? route.title;
  if (!showsLayout(route) || route.path === HostPaths.notFound) return;

  const owner = ownerOfPath(registry.manifest, pathname);
  container.get<ShellStore>(ShellStoreToken).setCurrentSystem(owner);
  const record = registry.manifest.find((m) => m.systemId === owner.systemId);
  if (record && record.platformId > 0) container.get<ConfigService>(ConfigService).setSystem({ platformId: record.platformId, name: record.title });
  container.get<HistoryService>(HistoryService).add({ systemName: owner.title, title: route.title, path: pathname + search });
}
