import { ContainerModule } from 'inversify';
import { PluginRegistry } from '@tianlu/sdk';
import { PluginRegistryImpl } from './plugin-registry-impl';

/** Binds the plugin registry and loader. */
export const pluginModule = new ContainerModule(({ bind }) => {
  bind<PluginRegistry>(PluginRegistry).to(PluginRegistryImpl).inSingletonScope();
});
