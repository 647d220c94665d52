import type { MonitorItem } from '../../sdk/services/live-service';
import { liveText, type LiveClient } from './tenant-fanout';

const OPEN = 1;

/**
 * One socket's positions subscription: what its client last asked for (`auth`, then `subscribe`),
 * and the socket brought to it one step at a time. Subscribing sends a fresh `snapshot`, with the
 * pushes that came meanwhile held back until it went out; unsubscribing stops `positions` at once.
 * A request that arrives while a snapshot is read takes effect once it went out.
 */
export class PositionSubscription {
  /** What the client asked for last; a client that never says gets positions. */
  private wanted = true;
  private client: LiveClient | undefined;
  private syncing = false;

  constructor(
    /** Every asset the client may see, read when its subscription starts. */
    private readonly readSnapshot: (client: LiveClient) => Promise<MonitorItem[]>,
    /** A snapshot could not be read after `start`. */
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The client asks for positions or not; applied once the socket authenticated. */
  want(positions: boolean): void {
    this.wanted = positions;
    if (this.client) this.sync().catch(this.onError);
  }

  /**
   * The socket authenticated (its client registered with a backlog): the snapshot goes out when
   * positions are wanted, then whatever was held back.
   */
  async start(client: LiveClient): Promise<void> {
    this.client = client;
    await this.sync();
    release(client);
  }

  private async sync(): Promise<void> {
    const client = this.client;
    if (!client || this.syncing) return;
    this.syncing = true;
    try {
      while (client.streams.positions !== this.wanted) {
        client.streams.positions = this.wanted;
        if (!this.wanted) continue;
        // pushes from now on wait behind the snapshot: it is older than they are
        client.backlog ??= [];
        const list = await this.readSnapshot(client);
        if (client.socket.readyState !== OPEN) return;
        client.socket.send(liveText({ type: 'snapshot', list }));
        release(client);
      }
    } finally {
      this.syncing = false;
    }
  }
}

/** Sends what was held back while a snapshot was read, and stops holding back. */
function release(client: LiveClient): void {
  const held = client.backlog ?? [];
  client.backlog = undefined;
  for (const text of held) if (client.socket.readyState === OPEN) client.socket.send(text);
}
