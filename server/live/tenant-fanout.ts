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
  lastFlush: number;
  /** gpsTime last pushed per terminal: unchanged assets are not pushed again. */
  pushed: Map<number, string | null>;
  flushing: boolean;
}

const OPEN = 1;

/**
 * One channel per tenant: bus events of the tenant are coalesced per asset and pushed at most
 * once per second, serialised once and written to every socket of the tenant. A tenant without
 * sockets costs nothing; other tenants' events never reach its sockets.
 */
export class TenantFanout {
  private readonly channels = new Map<number, TenantChannel>();

  constructor(private readonly source: LiveItemSource, private readonly intervalMs = 1000, private readonly onError: (err: unknown) => void = () => {}) {}

  add(client: LiveClient): void {
    let channel = this.channels.get(client.tenantId);
    if (!channel) {
      channel = { clients: new Set(), pending: new Set(), timer: undefined, lastFlush: 0, pushed: new Map(), flushing: false };
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
      for (const p of event.positions) channel.pending.add(p.terminalId);
      this.schedule(event.tenantId, channel);
    } else if (event.type === 'online') {
      void this.source.displayNo(event.tenantId, event.terminalId).then((no) => {
        const text = JSON.stringify({ type: 'online', terminalNo: no ?? event.terminalNo, online: event.online, at: event.at });
        for (const client of channel.clients) TenantFanout.send(client, text);
        // the asset's online flag changed: push its item with the next flush
        channel.pending.add(event.terminalId);
        channel.pushed.delete(event.terminalId);
        this.schedule(event.tenantId, channel);
      }, this.onError);
    }
  }

  close(): void {
    for (const channel of this.channels.values()) if (channel.timer) clearTimeout(channel.timer);
    this.channels.clear();
  }

  private schedule(tenantId: number, channel: TenantChannel): void {
    if (channel.timer || channel.flushing || channel.pending.size === 0) return;
    const wait = Math.max(0, channel.lastFlush + this.intervalMs - Date.now());
    channel.timer = setTimeout(() => void this.flush(tenantId, channel), wait);
  }

  private async flush(tenantId: number, channel: TenantChannel): Promise<void> {
    channel.timer = undefined;
    channel.flushing = true;
    channel.lastFlush = Date.now();
    const ids = [...channel.pending];
    channel.pending.clear();
    try {
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
      this.schedule(tenantId, channel);
    }
  }
}
