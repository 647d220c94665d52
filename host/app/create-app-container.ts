import type { Container } from 'inversify';
import type { PluginDefinition } from '../../sdk/plugin';
import { NavigationService } from '../../sdk/services/navigation-service';
import { StorageService } from '../../sdk/services/storage-service';
import { createKernel, type KernelOptions } from '../../core';
import { AssistantStore } from '../assistant/assistant-store';
import { registerHostMessageHandlers } from './host-message-handlers';
import { AssistantStoreToken, ShellStoreToken } from './host-tokens';
import { RouterNavigationService } from './router-navigation-service';
import { ShellStore } from './shell-store';

type PluginModuleLoader = () => Promise<{ default: PluginDefinition }>;

/** Plugin loaders by systemId from `import.meta.glob('../plugins/* /*-plugin.tsx')` results. */
export function pluginLoadersFromGlob(modules: Record<string, () => Promise<unknown>>): Record<string, PluginModuleLoader> {
  const loaders: Record<string, PluginModuleLoader> = {};
  for (const [file, load] of Object.entries(modules)) {
    const folder = /plugins\/([^/]+)\/[^/]+-plugin\.tsx$/.exec(file)?.[1];
    if (!folder) continue;
    // Folders are kebab-case; the manifest's systemIds are the same except dataCenter.
    const systemId = folder === 'data-center' ? 'dataCenter' : folder;
    loaders[systemId] = load as PluginModuleLoader;
  }
  return loaders;
}

/** The kernel plus the host's own bindings: router navigation, shell and assistant stores, bus handlers. */
export function createAppContainer(options: KernelOptions = {}): Container {
  const container = createKernel(options);
  const win = options.window ?? window;
  container.rebindSync<NavigationService>(NavigationService).toConstantValue(new RouterNavigationService(win));
  container.bind(ShellStoreToken).toDynamicValue((ctx) => new ShellStore(ctx.get<StorageService>(StorageService))).inSingletonScope();
  container.bind(AssistantStoreToken).toConstantValue(new AssistantStore());
  registerHostMessageHandlers(container);
  return container;
}
