import { connect, type NatsConnection, type Subscription } from 'nats';
import type { BusEvent, BusListener, EventBus } from './bus-events';
import { MemoryEventBus } from './memory-event-bus';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface NatsEventBusOptions {
  url: string;
  /** Subject prefix; instances that share it share events. Default `tianlu`. */
  prefix?: string;
  onError?: (err: unknown) => void;
}

/**
 * The bus over NATS (core subjects `<prefix>.events.<tenantId>.<type>`): every instance receives
 * every event, its own included, so a socket on instance B sees positions of a terminal
 * connected to instance A. Events go through NATS only, never straight to local listeners, so
 * each arrives once.
 */
export class NatsEventBus implements EventBus {
  readonly kind = 'nats';
  private readonly local: MemoryEventBus;
  private readonly prefix: string;

  private constructor(private readonly nc: NatsConnection, private readonly sub: Subscription, opts: NatsEventBusOptions) {
    this.prefix = opts.prefix ?? 'tianlu';
    this.local = new MemoryEventBus(opts.onError);
    void this.pump(opts.onError);
  }

  static async connect(opts: NatsEventBusOptions): Promise<NatsEventBus> {
    const nc = await connect({ servers: opts.url, name: 'tianlu-server', maxReconnectAttempts: -1 });
    const prefix = opts.prefix ?? 'tianlu';
    const sub = nc.subscribe(`${prefix}.events.>`);
    const bus = new NatsEventBus(nc, sub, opts);
    // the subscription is registered with the server before anything is published
    await nc.flush();
    return bus;
  }

  publish(event: BusEvent): void {
    this.nc.publish(`${this.prefix}.events.${event.tenantId}.${event.type}`, encoder.encode(JSON.stringify(event)));
  }

  subscribe(listener: BusListener): () => void {
    return this.local.subscribe(listener);
  }

  /** Resolves when everything published so far reached the server. */
  flush(): Promise<void> {
    return this.nc.flush();
  }

  async close(): Promise<void> {
    this.sub.unsubscribe();
    await this.nc.drain().catch(() => undefined);
    await this.local.close();
  }

  private async pump(onError?: (err: unknown) => void): Promise<void> {
    for await (const msg of this.sub) {
      try {
        this.local.publish(JSON.parse(decoder.decode(msg.data)) as BusEvent);
      } catch (err) {
        onError?.(err);
      }
    }
  }
}
