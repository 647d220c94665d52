import type { WebSocket } from 'ws';
import type { LiveServerMessage, LiveStreams } from '../../sdk/live-messages';
import type { PositionSource } from '../../sdk/position';
import type { MonitorItem } from '../../sdk/services/live-service';
import type { BusEvent } from '../bus/bus-events';
import { ScopeQueries, type AccessScope } from '../store/scope-queries';
import type { LiveGrants } from './live-grants';

/** What a socket may see: tenants (own subtree) and, for a group-scoped user, vehicle groups. */
export type LiveScope = Pick<AccessScope, 'tenantIds' | 'groupIds'>;

/** A pushed item with its terminal's id (which does not go out). */
export type LiveItem = MonitorItem & Pick<PositionSource, 'terminalId'>;

/** Where the fan-out gets what it pushes: current items of some of a tenant's terminals. */
export interface LiveItemSource {
  items(tenantId: number, terminalIds: readonly number[]): Promise<LiveItem[]>;
  /** The number operators see for a terminal id of the tenant, and the terminal's vehicle group. */
  asset(tenantId: number, terminalId: number): Promise<{ terminalNo: string; groupId: number | null } | undefined>;
  /** Sees every bus event before the fan-out acts on it (a cache keeps itself current). */
  observe?(event: BusEvent): void;
  /** Nobody watches the tenant any more. */
  forget?(tenantId: number): void;
}

export interface LiveClient {
  socket: WebSocket;
  scope: LiveScope;
  /** Messages held back until the snapshot went out. */
  backlog: string[] | undefined;
  /** The socket's user, for messages meant for one user (exportReady). */
  userId?: number;
  /** The message kinds its role may receive (checked again when grants change). */
  grants: LiveGrants;
  /** What the client subscribed to: `positions` go only to clients that want them and may have them. */
  streams: LiveStreams;
}

/** The client gets `positions`: its role may, and it subscribed. */
function getsPositions(client: LiveClient): boolean {
  return client.grants.positions && client.streams.positions;
}

/** The sockets that share one scope: every message is serialised once for all of them. */
interface Audience {
  key: string;
  scope: LiveScope;
  clients: Set<LiveClient>;
}

interface TenantChannel {
  audiences: Set<Audience>;
  pending: Set<number>;
  timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (epoch ms). */
  timerAt: number;
  /** When the last flush started (epoch ms). */
  lastFlush: number;
  /** When each terminal was last flushed (epoch ms): it goes again no sooner than intervalMs later. */
  flushedAt: Map<number, number>;
  /** gpsTime, online and open alarms last pushed per terminal: unchanged assets are not pushed again. */
  pushed: Map<number, string | null>;
  flushing: boolean;
}

const OPEN = 1;
/** Flushes of one tenant start at least this far apart, so a busy tenant costs at most ~20 item queries a second. */
const MIN_FLUSH_GAP_MS = 50;

/** A message of the live channel as it goes on the socket. */
export function liveText(message: LiveServerMessage): string {
  return JSON.stringify(message);
}

export function liveScopeKey(scope: LiveScope): string {
  return `${[...scope.tenantIds].sort((a, b) => a - b).join(',')}|${scope.groupIds === null ? '*' : [...scope.groupIds].sort((a, b) => a - b).join(',')}`;
}

/**
 * One channel per tenant whose assets someone watches: bus events of the tenant are coalesced per
 * asset and read once; each audience (the sockets sharing one scope: tenant subtree and group
 * scope) gets the assets it may see, serialised once for all its sockets. A user of a parent tenant
 * listens to the channels of every tenant below it; a group-scoped user only gets its groups'
 * assets. An asset's update goes out at once (leading edge) and then at most once per interval:
 * what arrives meanwhile is coalesced into its next push. A tenant nobody watches costs nothing,
 * and positions nobody subscribed to are not read.
 */
export class TenantFanout {
  private readonly channels = new Map<number, TenantChannel>();
  private readonly audiences = new Map<string, Audience>();

  constructor(private readonly source: LiveItemSource, private readonly intervalMs = 1000, private readonly onError: (err: unknown) => void = () => {}) {}

  add(client: LiveClient): void {
    const key = liveScopeKey(client.scope);
    let audience = this.audiences.get(key);
    if (!audience) {
      audience = { key, scope: client.scope, clients: new Set() };
      this.audiences.set(key, audience);
      for (const tenantId of client.scope.tenantIds) {
        let channel = this.channels.get(tenantId);
        if (!channel) {
          channel = { audiences: new Set(), pending: new Set(), timer: undefined, timerAt: 0, lastFlush: 0, flushedAt: new Map(), pushed: new Map(), flushing: false };
          this.channels.set(tenantId, channel);
        }
        channel.audiences.add(audience);
      }
    }
    audience.clients.add(client);
  }

  remove(client: LiveClient): void {
    const audience = this.audiences.get(liveScopeKey(client.scope));
    if (!audience?.clients.delete(client) || audience.clients.size > 0) return;
    this.audiences.delete(audience.key);
    for (const tenantId of audience.scope.tenantIds) {
      const channel = this.channels.get(tenantId);
      if (!channel) continue;
      channel.audiences.delete(audience);
      if (channel.audiences.size === 0) {
        if (channel.timer) clearTimeout(channel.timer);
        this.channels.delete(tenantId);
        this.source.forget?.(tenantId);
      }
    }
  }

  /** A client's scope changed (role, groups or tenants edited): it moves to its new audience. */
  rescope(client: LiveClient, scope: LiveScope): void {
    if (liveScopeKey(scope) === liveScopeKey(client.scope)) return;
    this.remove(client);
    client.scope = scope;
    this.add(client);
  }

  /** Sockets that see the tenant's assets (tests, metrics); all sockets without a tenant. */
  clientCount(tenantId?: number): number {
    let n = 0;
    const audiences = tenantId === undefined ? this.audiences.values() : (this.channels.get(tenantId)?.audiences ?? []);
    for (const a of audiences) n += a.clients.size;
    return n;
  }

  /** Distinct scopes being served (each message is serialised once per scope). */
  audienceCount(): number {
    return this.audiences.size;
  }

  /** Sends a message to one client now, or after its snapshot when that is still being read. */
  static send(client: LiveClient, text: string): void {
    if (client.backlog) client.backlog.push(text);
    else if (client.socket.readyState === OPEN) client.socket.send(text);
  }

  /**
   * Sends a message about one asset (an alarm, a command result…) to every socket that may see
   * the asset and receive that kind of message, serialised once.
   */
  sendForAsset(tenantId: number, groupId: number | null, kind: keyof LiveGrants, message: LiveServerMessage): void {
    const channel = this.channels.get(tenantId);
    if (!channel) return;
    let text: string | undefined;
    for (const audience of channel.audiences) {
      if (!ScopeQueries.includesAsset(audience.scope, tenantId, groupId)) continue;
      text ??= liveText(message);
      for (const client of audience.clients) if (client.grants[kind]) TenantFanout.send(client, text);
    }
  }

  /** Sends a message to the sockets of one user (found on the channel of the user's own tenant). */
  private sendToUser(channel: TenantChannel, userId: number, message: LiveServerMessage): void {
    let text: string | undefined;
    for (const audience of channel.audiences) {
      for (const client of audience.clients) {
        if (client.userId !== userId) continue;
        text ??= liveText(message);
        TenantFanout.send(client, text);
      }
    }
  }

  handle(event: BusEvent): void {
    const channel = this.channels.get(event.tenantId);
    if (!channel) return;
    this.source.observe?.(event);
    if (event.type === 'alarm') {
      this.sendForAsset(event.tenantId, event.groupId, 'alarms', { type: 'alarm', event: event.event, alarm: event.alarm });
      // its open alarms changed: the asset's item goes out again (tree 报警, cards, map marks)
      if (event.terminalId !== undefined) this.repush(event.tenantId, channel, [event.terminalId]);
      return;
    }
    if (event.type === 'exportReady') {
      this.sendToUser(channel, event.userId, { type: 'exportReady', id: event.id, fileName: event.fileName });
      return;
    }
    if (event.type === 'command') {
      this.sendForAsset(event.tenantId, event.groupId, 'commands', { type: 'command', command: event.command });
      return;
    }
    if (event.type === 'positions') {
      let due = Number.POSITIVE_INFINITY;
      for (const p of event.positions) {
        channel.pending.add(p.terminalId);
        due = Math.min(due, this.dueAt(channel, p.terminalId));
      }
      this.wake(event.tenantId, channel, due);
    } else if (event.type === 'assets') {
      // e.g. a renewed service: the items go out again even when their position did not change
      this.repush(event.tenantId, channel, event.terminalIds);
    } else if (event.type === 'online') {
      void this.source.asset(event.tenantId, event.terminalId).then((asset) => {
        const message: LiveServerMessage = { type: 'online', terminalNo: asset?.terminalNo ?? event.terminalNo, online: event.online, at: event.at };
        this.sendForAsset(event.tenantId, asset?.groupId ?? null, 'positions', message);
        // the asset's online flag changed: push its item with the next flush
        channel.pending.add(event.terminalId);
        channel.pushed.delete(event.terminalId);
        this.wake(event.tenantId, channel, this.dueAt(channel, event.terminalId));
      }, this.onError);
    }
  }

  close(): void {
    for (const [tenantId, channel] of this.channels) {
      if (channel.timer) clearTimeout(channel.timer);
      this.source.forget?.(tenantId);
    }
    this.channels.clear();
    this.audiences.clear();
  }

  /** The terminals' items go out with the next flush even when their position did not change. */
  private repush(tenantId: number, channel: TenantChannel, terminalIds: readonly number[]): void {
    let due = Number.POSITIVE_INFINITY;
    for (const id of terminalIds) {
      channel.pending.add(id);
      channel.pushed.delete(id);
      due = Math.min(due, this.dueAt(channel, id));
    }
    this.wake(tenantId, channel, due);
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
      if (!this.watched(channel)) {
        // nobody would get them: not read; a subscription starts with a snapshot anyway
        for (const id of ids) channel.pushed.delete(id);
        return;
      }
      const items = await this.source.items(tenantId, ids);
      const changed = items.filter((item) => {
        const key = `${item.gpsTime}|${item.online}|${item.openAlarms ?? 0}`;
        if (channel.pushed.get(item.terminalId) === key) return false;
        channel.pushed.set(item.terminalId, key);
        return true;
      });
      if (changed.length > 0 && this.channels.get(tenantId) === channel) this.pushPositions(tenantId, channel, changed);
    } catch (err) {
      this.onError(err);
    } finally {
      channel.flushing = false;
      let due = Number.POSITIVE_INFINITY;
      for (const id of channel.pending) due = Math.min(due, this.dueAt(channel, id));
      this.wake(tenantId, channel, due);
    }
  }

  /** Someone on the channel gets positions. */
  private watched(channel: TenantChannel): boolean {
    for (const audience of channel.audiences) for (const client of audience.clients) if (getsPositions(client)) return true;
    return false;
  }

  /** One `positions` message per audience with the assets it may see; audiences without a group scope share one text. */
  private pushPositions(tenantId: number, channel: TenantChannel, items: readonly LiveItem[]): void {
    let whole: string | undefined;
    const strip = (list: readonly LiveItem[]) => liveText({ type: 'positions', list: list.map(({ terminalId: _id, ...item }) => item) });
    for (const audience of channel.audiences) {
      let text: string;
      if (audience.scope.groupIds === null) {
        text = whole ??= strip(items);
      } else {
        const visible = items.filter((item) => ScopeQueries.includesAsset(audience.scope, tenantId, item.groupId));
        if (visible.length === 0) continue;
        text = strip(visible);
      }
      for (const client of audience.clients) if (getsPositions(client)) TenantFanout.send(client, text);
    }
  }
}
