import { ContainerModule } from 'inversify';
import { Extensions } from '../../sdk/services/extensions';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { PluginRegistryImpl } from './plugin-registry-impl';
import { PluginScopes } from './plugin-scopes';

/** Binds the plugin registry and loader. */
export const pluginModule = new ContainerModule(({ bind }) => {
  bind<PluginRegistry>(PluginRegistry).to(PluginRegistryImpl).inSingletonScope();
  bind<PluginScopes>(PluginScopes).toService(PluginRegistry);
  bind<Extensions>(Extensions).toService(PluginRegistry);
});
