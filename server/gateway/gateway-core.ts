import { GatewayEventHub } from './gateway-event-hub';
import { DEFAULT_GATEWAY_GUARD, type GatewayGuardSettings } from './gateway-guard';
import { silentGatewayLog, type GatewayEvents, type GatewayLog, type PositionSink } from './gateway-ports';
import { PositionBatcher, type PositionBatcherOptions } from './position-batcher';
import { LocalAdmission, type TerminalAdmission } from './terminal-admission';

/** What a {@link GatewayCore} is built from. */
export interface GatewayCoreOptions {
  sink: PositionSink;
  /** Batching and back-pressure tuning. */
  batcher?: Omit<PositionBatcherOptions, 'onCommitted' | 'onPressure' | 'onError'>;
  /** A first listener, attached before any connection arrives. */
  events?: Partial<GatewayEvents>;
  log?: GatewayLog;
  /** Identify deadline, connections per address, logins per terminal; defaults {@link DEFAULT_GATEWAY_GUARD}. */
  guard?: Partial<GatewayGuardSettings>;
  /** Who decides on connections and logins; this process alone by default (a gateway worker asks the primary). */
  admission?: (guard: GatewayGuardSettings, events: GatewayEventHub) => TerminalAdmission;
}

/**
 * What the gateways of every protocol share: one writer path to the store (the batcher, so
 * positions of all protocols go into the same group commits), the event hub the bus listens to,
 * and back-pressure, which pauses reading on every protocol's connections at once.
 */
export class GatewayCore {
  readonly events: GatewayEventHub;
  readonly batcher: PositionBatcher;
  readonly guard: GatewayGuardSettings;
  readonly admission: TerminalAdmission;
  private readonly pressureListeners = new Set<(paused: boolean) => void>();
  private paused = false;
  private closing: Promise<void> | undefined;

  constructor(options: GatewayCoreOptions) {
    const log = options.log ?? silentGatewayLog;
    this.events = new GatewayEventHub(log);
    if (options.events) this.events.subscribe(options.events);
    this.guard = { ...DEFAULT_GATEWAY_GUARD, ...options.guard };
    this.admission = (options.admission ?? ((guard, events) => new LocalAdmission(guard, events)))(this.guard, this.events);
    this.batcher = new PositionBatcher(options.sink, {
      ...options.batcher,
      onCommitted: (rows) => this.events.emit('positionsCommitted', rows),
      onPressure: (paused) => this.setPaused(paused),
      onError: (err, where) => log.warn({ err, where }, 'position batch problem'),
    });
  }

  /** Whether the batcher currently asks every connection to stop reading. */
  get readingPaused(): boolean {
    return this.paused;
  }

  /** Calls `listener` whenever reading should pause or resume; returns the detach function. */
  onPressure(listener: (paused: boolean) => void): () => void {
    this.pressureListeners.add(listener);
    return () => this.pressureListeners.delete(listener);
  }

  /** Commits what is queued and refuses new rows; every caller gets the same drain. */
  close(): Promise<void> {
    this.closing ??= this.batcher.close();
    return this.closing;
  }

  private setPaused(paused: boolean): void {
    if (this.closing) return; // shutting down: stay paused while the last batches commit
    this.paused = paused;
    for (const listener of this.pressureListeners) listener(paused);
  }
}
