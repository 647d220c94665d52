import type { EventBus } from './bus-events';
import { MemoryEventBus } from './memory-event-bus';
import { NatsEventBus } from './nats-event-bus';

/** NATS when a URL is given (several instances share live events), otherwise in-process. */
export async function createEventBus(natsUrl: string | undefined, onError?: (err: unknown) => void): Promise<EventBus> {
  if (natsUrl) return NatsEventBus.connect({ url: natsUrl, onError });
  return new MemoryEventBus(onError);
}
