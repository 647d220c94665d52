import { ContainerModule, type Container } from 'inversify';
import type { PluginContext, PluginDefinition } from '../../sdk/plugin';
import type { Disposable, MessageBus, MessageHandler, MessageType } from '../../sdk/services/message-bus';

/** What an activated plugin holds on to, undone in reverse order on deactivation. */
export interface Activation {
  disposables: Disposable[];
  module?: ContainerModule;
}

/**
 * Runs a plugin's behaviour: container bindings, message handlers, then `activate(ctx)`.
 * If any step throws, what was done is undone and the error is rethrown.
 */
export function activatePlugin(def: PluginDefinition, container: Container, bus: MessageBus): Activation {
  const activation: Activation = { disposables: [] };
  try {
    if (def.bindings) {
      activation.module = new ContainerModule(def.bindings);
      container.loadSync(activation.module);
    }
    for (const [type, handler] of Object.entries(def.handlers ?? {})) {
      if (handler) activation.disposables.push(bus.on(type as MessageType, handler as MessageHandler<MessageType>));
    }
    const ctx: PluginContext = { container, get: <T>(token: symbol) => container.get<T>(token) };
    const returned = def.activate?.(ctx);
    if (Array.isArray(returned)) activation.disposables.push(...returned);
    return activation;
  } catch (e) {
    deactivatePlugin(activation, container);
    throw e;
  }
}

/** Disposes what {@link activatePlugin} set up; a failing disposable is logged, the rest still run. */
export function deactivatePlugin(activation: Activation, container: Container): void {
  for (const d of [...activation.disposables].reverse()) {
    try {
      d?.dispose();
    } catch (e) {
      console.error('plugin: dispose failed', e);
    }
  }
  activation.disposables = [];
  if (activation.module) container.unloadSync(activation.module);
  activation.module = undefined;
}
