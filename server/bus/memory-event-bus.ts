import type { BusEvent, BusListener, EventBus } from './bus-events';

/** The in-process bus: listeners are called synchronously; one listener's exception never reaches another. */
export class MemoryEventBus implements EventBus {
  readonly kind = 'memory';
  private readonly listeners = new Set<BusListener>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  publish(event: BusEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
