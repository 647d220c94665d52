import { createContext, useContext, type ReactNode } from 'react';
import type { Container } from 'inversify';
import type { ServiceToken } from '../services/service-token';

const ContainerContext = createContext<Container | null>(null);

/** Makes the kernel's container available to `useService` below it. */
export function ServiceProvider(props: { container: Container; children?: ReactNode }) {
  return <ContainerContext.Provider value={props.container}>{props.children}</ContainerContext.Provider>;
}

/** The container of the nearest ServiceProvider. */
export function useContainer(): Container {
  const c = useContext(ContainerContext);
  if (!c) throw new Error('useService needs a ServiceProvider above it');
  return c;
}

/**
 * Reads a service by its token, typed by it: `useService(SessionService)` is a `SessionService`.
 * Inside a plugin's page the plugin's own services (`ctx.provide` in `activate`) are found first.
 * Throws "no implementation bound for tianlu.session" when nothing is bound.
 */
export function useService<T>(token: ServiceToken<T>): T {
  const c = useContainer();
  if (!c.isBound(token)) throw new Error(`no implementation bound for ${Symbol.keyFor(token) ?? token.toString()}`);
  return c.get<T>(token);
}
