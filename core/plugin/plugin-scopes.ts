import type { Container } from 'inversify';
import type { PluginRoute } from '../../sdk/plugin';
import type { PluginInfo } from '../../sdk/react/plugin-scope';
import { serviceToken, type ServiceToken } from '../../sdk/services/service-token';

/** Who a page's plugin is and its container: what the host renders the page in. */
export interface PluginScopeOf {
  readonly plugin: PluginInfo;
  readonly container: Container;
}

/** For the host only: the scope of a route of an active plugin. Plugins never see each other's containers. */
export interface PluginScopes {
  scopeOf(route: PluginRoute): PluginScopeOf | undefined;
}

export const PluginScopes: ServiceToken<PluginScopes> = serviceToken('tianlu.core.pluginScopes');
