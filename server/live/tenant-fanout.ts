import type { WebSocket } from 'ws';
import type { MonitorItem } from '../api/monitor/monitor-item';
import type { BusEvent } from '../bus/bus-events';

/** What the fan-out needs from the store: current items of some (or all) of a tenant's terminals. */
export interface LiveItemSource {
  items(tenantId: number, terminalIds?: readonly number[]): Promise<(MonitorItem & { terminalId: number })[]>;
  /** The number operators see for a terminal id of the tenant. */
  displayNo(tenantId: number, terminalId: number): Promise<string | undefined>;
}

export interface LiveClient {
  socket: WebSocket;
  tenantId: number;
  /** Messages held back until the snapshot went out. */
  backlog: string[] | undefined;
}

interface TenantChannel {
  clients: Set<LiveClient>;
  pending: Set<number>;
  timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (epoch ms). */
  timerAt: number;
  /** When the last flush started (epoch ms). */
  lastFlush: number;
  /** When each terminal was last flushed (epoch ms): it goes again no sooner than intervalMs later. */
  flushedAt: Map<number, number>;
  /** gpsTime last pushed per terminal: unchanged assets are not pushed again. */
  pushed: Map<number, string | null>;
  flushing: boolean;
}

const OPEN = 1;
/** Flushes of one tenant start at least this far apart, so a busy tenant costs at most ~20 item queries a second. */
const MIN_FLUSH_GAP_MS = 50;

/**
 * One channel per tenant: bus events of the tenant are coalesced per asset, serialised once and
 * written to every socket of the tenant. An asset's update goes out at once (leading edge) and
 * then at most once per interval: what arrives meanwhile is coalesced into its next push. A
 * tenant without sockets costs nothing; other tenants' events never reach its sockets.
 */
export class TenantFanout {
  private readonly channels = new Map<number, TenantChannel>();

  constructor(private readonly source: LiveItemSource, private readonly intervalMs = 1000, private readonly onError: (err: unknown) => void = () => {}) {}

  add(client: LiveClient): void {
    let channel = this.channels.get(client.tenantId);
    if (!channel) {
      channel = { clients: new Set(), pending: new Set(), timer: undefined, timerAt: 0, lastFlush: 0, flushedAt: new Map(), pushed: new Map(), flushing: false };
      this.channels.set(client.tenantId, channel);
    }
    channel.clients.add(client);
  }

  remove(client: LiveClient): void {
    const channel = this.channels.get(client.tenantId);
    if (!channel) return;
    channel.clients.delete(client);
    if (channel.clients.size === 0) {
      if (channel.timer) clearTimeout(channel.timer);
      this.channels.delete(client.tenantId);
    }
  }

  /** Sockets open for the tenant (tests, metrics). */
  clientCount(tenantId?: number): number {
    if (tenantId !== undefined) return this.channels.get(tenantId)?.clients.size ?? 0;
    let n = 0;
    for (const c of this.channels.values()) n += c.clients.size;
    return n;
  }

  /** Sends a message to one client now, or after its snapshot when that is still being read. */
  static send(client: LiveClient, text: string): void {
    if (client.backlog) client.backlog.push(text);
    else if (client.socket.readyState === OPEN) client.socket.send(text);
  }

  handle(event: BusEvent): void {
    const channel = this.channels.get(event.tenantId);
    if (!channel) return;
    if (event.type === 'positions') {
      let due = Number.POSITIVE_INFINITY;
      for (const p of event.positions) {
        channel.pending.add(p.terminalId);
        due = Math.min(due, this.dueAt(channel, p.terminalId));
      }
      this.wake(event.tenantId, channel, due);
    } else if (event.type === 'online') {
      void this.source.displayNo(event.tenantId, event.terminalId).then((no) => {
        const text = JSON.stringify({ type: 'online', terminalNo: no ?? event.terminalNo, online: event.online, at: event.at });
        for (const client of channel.clients) TenantFanout.send(client, text);
        // the asset's online flag changed: push its item with the next flush
        channel.pending.add(event.terminalId);
        channel.pushed.delete(event.terminalId);
        this.wake(event.tenantId, channel, this.dueAt(channel, event.terminalId));
      }, this.onError);
    }
  }

  close(): void {
    for (const channel of this.channels.values()) if (channel.timer) clearTimeout(channel.timer);
    this.channels.clear();
  }

  /** When a terminal may be flushed again. */
  private dueAt(channel: TenantChannel, terminalId: number): number {
    return (channel.flushedAt.get(terminalId) ?? Number.NEGATIVE_INFINITY) + this.intervalMs;
  }

  /** Arms the flush for `due` (epoch ms) unless one is armed earlier or running (it re-arms when done). */
  private wake(tenantId: number, channel: TenantChannel, due: number): void {
    if (channel.flushing || channel.pending.size === 0 || due === Number.POSITIVE_INFINITY) return;
    const at = Math.max(due, channel.lastFlush + MIN_FLUSH_GAP_MS);
    if (channel.timer) {
      if (channel.timerAt <= at) return;
      clearTimeout(channel.timer);
    }
    channel.timerAt = at;
    channel.timer = setTimeout(() => void this.flush(tenantId, channel), Math.max(0, at - Date.now()));
  }

  private async flush(tenantId: number, channel: TenantChannel): Promise<void> {
    channel.timer = undefined;
    channel.flushing = true;
    const now = Date.now();
    channel.lastFlush = now;
    const ids: number[] = [];
    for (const id of channel.pending) {
      if (this.dueAt(channel, id) > now) continue; // pushed less than an interval ago: waits its turn
      ids.push(id);
      channel.pending.delete(id);
      channel.flushedAt.set(id, now);
    }
    try {
      if (ids.length === 0) return;
      const items = await this.source.items(tenantId, ids);
      const changed = items.filter((item) => {
        const key = `${item.gpsTime}|${item.online}`;
        if (channel.pushed.get(item.terminalId) === key) return false;
        channel.pushed.set(item.terminalId, key);
        return true;
      });
      if (changed.length > 0 && this.channels.get(tenantId) === channel) {
        const text = JSON.stringify({ type: 'positions', list: changed.map(({ terminalId: _id, ...item }) => item) });
        for (const client of channel.clients) TenantFanout.send(client, text);
      }
    } catch (err) {
      this.onError(err);
    } finally {
      channel.flushing = false;
      let due = Number.POSITIVE_INFINITY;
      for (const id of channel.pending) due = Math.min(due, this.dueAt(channel, id));
      this.wake(tenantId, channel, due);
    }
  }
}
