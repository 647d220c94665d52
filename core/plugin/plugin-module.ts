import { ContainerModule } from 'inversify';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { PluginRegistryImpl } from './plugin-registry-impl';

/** Binds the plugin registry and loader. */
export const pluginModule = new ContainerModule(({ bind }) => {
  bind<PluginRegistry>(PluginRegistry).to(PluginRegistryImpl).inSingletonScope();
});
