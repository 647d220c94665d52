import { Container } from 'inversify';
import type { PluginContext, PluginDefinition } from '../../sdk/plugin';
import type { PluginInfo } from '../../sdk/react/plugin-scope';
import type { Disposable, MessageBus, MessageHandler, MessageType } from '../../sdk/services/message-bus';
import type { ServiceToken } from '../../sdk/services/service-token';

/** What an activated plugin holds on to, undone in reverse order on deactivation. */
export interface Activation {
  plugin: PluginInfo;
  /** The plugin's own container: what it provides, over the platform's (its parent). */
  container: Container;
  disposables: Disposable[];
}

const keyOf = (token: symbol) => Symbol.keyFor(token) ?? token.toString();

/**
 * Runs a plugin's behaviour in a container of its own (a child of the platform's): message
 * handlers, then `activate(ctx)`. If any step throws, what was done is undone and the error is rethrown.
 */
export function activatePlugin(def: PluginDefinition, platform: Container, bus: MessageBus): Activation {
  const plugin: PluginInfo = { platformId: def.platformId, systemId: def.systemId, title: def.title, basePath: def.basePath };
  const container = new Container({ parent: platform });
  const activation: Activation = { plugin, container, disposables: [] };
  try {
    for (const [type, handler] of Object.entries(def.handlers ?? {})) {
      if (handler) activation.disposables.push(bus.on(type as MessageType, handler as MessageHandler<MessageType>));
    }
    const ctx: PluginContext = {
      plugin,
      get: <T,>(token: ServiceToken<T>) => container.get<T>(token),
      provide: <T,>(token: ServiceToken<T>, service: T) => {
        if (platform.isBound(token)) throw new Error(`插件「${def.title}」不能替换平台的服务 ${keyOf(token)}`);
        if (container.isCurrentBound(token)) container.unbindSync(token);
        container.bind<T>(token).toConstantValue(service);
      },
    };
    const returned = def.activate?.(ctx);
    if (Array.isArray(returned)) activation.disposables.push(...returned);
    return activation;
  } catch (e) {
    deactivatePlugin(activation);
    throw e;
  }
}

/** Disposes what {@link activatePlugin} set up; a failing disposable is logged, the rest still run. */
export function deactivatePlugin(activation: Activation): void {
  for (const d of [...activation.disposables].reverse()) {
    try {
      d?.dispose();
    } catch (e) {
      console.error('plugin: dispose failed', e);
    }
  }
  activation.disposables = [];
  activation.container.unbindAllSync();
}
