import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { freshSince } from '../api/monitor/monitor-routes';
import type { AppDeps } from '../api/app-deps';
import { Flag } from '../../sdk/envelope';
import { toMonitorItem } from '../api/monitor/monitor-item';
import { withDecodedReadings } from '../plugin-parts/decoded-readings';
import type { EventBus } from '../bus/bus-events';
import type { SessionCheck } from '../auth/session-service';
import { LIVE_OWN_REQUEST_REASON, LIVE_SESSION_CLOSE_CODE } from '../../sdk/live-close';
import { liveGrants } from './live-grants';
import { LiveAssetCache } from './live-asset-cache';
import { PositionSubscription } from './position-subscription';
import { liveText, TenantFanout, type LiveClient, type LiveScope } from './tenant-fanout';

/** Close code for a bad or expired session (docs/api-contract.md). */
export const WS_SESSION_CLOSE = LIVE_SESSION_CLOSE_CODE;
const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SocketSession {
  client: LiveClient;
  sessionId: string;
  userId: number;
  roleId: number;
  /** Closes the socket as its session ended; `quietly` when the session's own request ended it. */
  refuse: (quietly?: boolean) => void;
  /** Checks the session again when it would have idled out. */
  expiry?: NodeJS.Timeout;
}

/** The live channel's asset records, read from the monitor query and then kept current from the bus. */
function assetCache(deps: AppDeps): LiveAssetCache {
  return new LiveAssetCache({
    async rows(tenantId, terminalIds) {
      const { list } = await deps.store.monitor.assets(tenantId, { freshSince: freshSince(deps), terminalIds });
      return withDecodedReadings(deps.serverParts, tenantId, list);
    },
    freshSince: () => freshSince(deps),
    toItem: toMonitorItem,
  });
}

/** Every asset the scope may see, as the snapshot sends them. */
async function snapshotItems(deps: AppDeps, scope: LiveScope) {
  const { list } = await deps.store.monitor.assets(scope, { freshSince: freshSince(deps) });
  return (await withDecodedReadings(deps.serverParts, scope.tenantIds[0]!, list)).map(toMonitorItem);
}

function parse(data: unknown): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(String(data));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The live channel `/ws`: the first message authenticates with the session, the client then
 * gets `ready` and, while it subscribes to positions (the default; `auth` and `subscribe` choose), a
 * `snapshot` of every asset it may see (its tenant subtree, narrowed to its vehicle groups when it
 * has a group scope) and coalesced `positions` of those assets from the bus; `online` transitions,
 * alarms, command results and export notices come either way. Each kind of message goes only to
 * roles the matching API route grants (live-grants.ts). An `access` event on the bus (logout,
 * password change, disabled, deleted or edited user, edited role — from any instance) re-checks the
 * matching sockets at once: an ended session closes them, changed grants or scope apply. A socket
 * is also checked when its session would idle out, and every heartbeat checks all of them (tenant
 * and group edits). Returns the fan-out (for close, tests and later event kinds).
 */
export async function registerLiveChannel(app: FastifyInstance, deps: AppDeps, bus: EventBus): Promise<TenantFanout> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const source = assetCache(deps);
  const fanout = new TenantFanout(source, 1000, (err) => app.log.warn({ err }, 'live channel push failed'));
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  const sessions = new Map<WebSocket, SocketSession>();
  const watchExpiry = (socket: WebSocket, s: SocketSession, idleUntil: Date) => {
    clearTimeout(s.expiry);
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, idleUntil.getTime() - deps.clock.now().getTime()) + 1000);
    s.expiry = setTimeout(() => void recheckOne(socket).catch(warn), delay);
    s.expiry.unref();
  };
  const warn = (err: unknown) => app.log.warn({ err }, 'live channel session check failed');
  /** Applies a session check to an authenticated socket: closes it, or updates its scope, grants and expiry. */
  const apply = async (socket: WebSocket, s: SocketSession, check: SessionCheck, ownRequest = false) => {
    if (!check.ok) return s.refuse(ownRequest);
    const [scope, grants] = await Promise.all([deps.store.scope.forUser(check.user), liveGrants(deps, check.user.roleId)]);
    if (sessions.get(socket) !== s) return;
    s.roleId = check.user.roleId;
    s.client.grants = grants;
    fanout.rescope(s.client, scope);
    watchExpiry(socket, s, check.idleUntil);
  };
  const recheckOne = async (socket: WebSocket, endedBySession?: string) => {
    const s = sessions.get(socket);
    if (!s) return;
    const check = await deps.sessions.check(s.sessionId, String(s.userId), { touch: false });
    if (sessions.get(socket) === s) await apply(socket, s, check, endedBySession === s.sessionId);
  };
  const recheck = async () => {
    for (const socket of [...sessions.keys()]) await recheckOne(socket);
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'access') return fanout.handle(event);
    for (const [socket, s] of sessions) {
      if (event.userIds?.includes(s.userId) || event.roleIds?.includes(s.roleId)) recheckOne(socket, event.endedBySession).catch(warn);
    }
  });
  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
    recheck().catch(warn);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    fanout.close();
    for (const socket of sockets) socket.close(1001, 'server shutdown');
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    sockets.add(socket);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    let client: LiveClient | undefined;
    let authenticating = false;
    const refuse = (quietly = false) => {
      if (quietly) return socket.close(WS_SESSION_CLOSE, LIVE_OWN_REQUEST_REASON);
      if (socket.readyState === socket.OPEN) socket.send(liveText({ type: 'error', flag: Flag.SESSION_EXPIRED, msg: '会话过期' }));
      socket.close(WS_SESSION_CLOSE, 'session');
    };
    const fail = (err: unknown) => {
      app.log.error({ err }, 'live channel failed');
      socket.close(1011, 'internal error');
    };
    // a role without the monitor gets an empty snapshot and no positions
    const positions = new PositionSubscription(async (c) => (c.grants.positions ? snapshotItems(deps, c.scope) : []), fail);
    const authTimer = setTimeout(() => client || refuse(), AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      clearTimeout(authTimer);
      sockets.delete(socket);
      clearTimeout(sessions.get(socket)?.expiry);
      sessions.delete(socket);
      if (client) fanout.remove(client);
    });
    socket.on('message', (data) => {
      const msg = parse(data);
      if (msg?.type === 'ping') {
        socket.send(liveText({ type: 'pong' }));
        return;
      }
      if (msg?.type === 'subscribe' && (client || authenticating)) {
        if (typeof msg.positions === 'boolean') positions.want(msg.positions);
        return;
      }
      if (client || authenticating) return;
      if (msg?.type !== 'auth') return refuse();
      authenticating = true;
      positions.want(msg.positions !== false);
      void (async () => {
        const sessionId = typeof msg.sessionId === 'string' ? msg.sessionId : undefined;
        const userId = msg.userId === undefined || msg.userId === null ? undefined : String(msg.userId);
        const check = await deps.sessions.check(sessionId, userId);
        if (!check.ok) return refuse();
        clearTimeout(authTimer);
        const [scope, grants] = await Promise.all([deps.store.scope.forUser(check.user), liveGrants(deps, check.user.roleId)]);
        if (socket.readyState !== socket.OPEN) return;
        // registered before a snapshot is read, its pushes held back until the snapshot went out;
        // its positions start (with that snapshot) when it wants them
        const c: LiveClient = {
          socket, scope: { tenantIds: scope.tenantIds, groupIds: scope.groupIds }, backlog: [], userId: check.user.id, grants, streams: { positions: false },
        };
        client = c;
        fanout.add(c);
        const s: SocketSession = { client: c, sessionId: check.sessionId, userId: check.user.id, roleId: check.user.roleId, refuse };
        sessions.set(socket, s);
        watchExpiry(socket, s, check.idleUntil);
        socket.send(liveText({ type: 'ready' }));
        await positions.start(c);
      })().catch(fail);
    });
  });
  return fanout;
}
