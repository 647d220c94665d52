import type { GatewayEvents, GatewayLog } from './gateway-ports';

/** Fans gateway events out to any number of listeners; one listener's exception never reaches the others. */
export class GatewayEventHub {
  private readonly listeners = new Set<Partial<GatewayEvents>>();

  constructor(private readonly log: GatewayLog) {}

  /** Attaches a listener; the returned function detaches it. */
  subscribe(listener: Partial<GatewayEvents>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `name` on every listener that has it. */
  emit<K extends keyof GatewayEvents>(name: K, ...args: Parameters<GatewayEvents[K]>): void {
    for (const listener of this.listeners) {
      const fn = listener[name] as ((...a: Parameters<GatewayEvents[K]>) => void) | undefined;
      if (!fn) continue;
      try {
        fn.apply(listener, args);
      } catch (error) {
        this.log.error({ err: error, event: name }, 'gateway event listener failed');
      }
    }
  }
}
