import { createContext, useContext, type ReactNode } from 'react';
import type { Container } from 'inversify';
import { ServiceProvider } from './use-service';

/** Who a plugin is, as its definition says: what a page of it may ask with {@link usePlugin}. */
export interface PluginInfo {
  readonly platformId: number;
  readonly systemId: string;
  /** Chinese title, as in the manifest. */
  readonly title: string;
  /** e.g. `/car/`. */
  readonly basePath: string;
}

const PluginInfoContext = createContext<PluginInfo | null>(null);

/**
 * What the host renders a plugin's page in: the plugin's own container (its services, then the
 * platform's) and who the plugin is.
 */
export function PluginScope(props: { plugin: PluginInfo; container: Container; children?: ReactNode }) {
  return (
    <ServiceProvider container={props.container}>
      <PluginInfoContext.Provider value={props.plugin}>{props.children}</PluginInfoContext.Provider>
    </ServiceProvider>
  );
}

/** The plugin whose page this is (its platformId, systemId, title and base path). */
export function usePlugin(): PluginInfo {
  const plugin = useContext(PluginInfoContext);
  if (!plugin) throw new Error('usePlugin needs a page of a plugin');
  return plugin;
}
