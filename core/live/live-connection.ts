import { Flag } from '../../sdk/envelope';
import { LIVE_OWN_REQUEST_REASON, LIVE_SESSION_CLOSE_CODE } from '../../sdk/live-close';
import type { LiveClientMessage, LiveServerMessage } from '../../sdk/live-messages';
import type { DialogService } from '../../sdk/services/dialog-service';
import type { LiveEvents, LiveStatus } from '../../sdk/services/live-service';
import { StorageKeys, type StorageService } from '../../sdk/services/storage-service';
import type { KernelOptions, WebSocketLike } from '../kernel-tokens';
import type { PositionQueue } from './position-queue';
import { openWorkerWebSocket } from './worker-web-socket';
import type { SnapshotPart } from './worker-socket-protocol';

/** The live channel's path on the page origin. */
export const LIVE_CHANNEL_PATH = '/ws';
/** Keep-alive interval, ms. */
export const LIVE_PING_INTERVAL_MS = 30_000;
/** Reconnect delays grow 1 s, 2 s, 4 s … up to this. */
export const MAX_RECONNECT_DELAY_MS = 30_000;
const FIRST_RECONNECT_DELAY_MS = 1_000;
const OPEN = 1;

/** What arrives: a server message, or a part of a large snapshot the worker cut. */
type ServerMessage = Exclude<LiveServerMessage, { type: 'snapshot' }> | SnapshotPart;

export interface LiveConnectionDeps {
  storage: StorageService;
  dialogs: DialogService;
  win: Window;
  options: KernelOptions;
  /** Where positions go; applied in slices. */
  positions: PositionQueue;
  setStatus(status: LiveStatus): void;
  /** Whether positions are wanted now (each authentication subscribes to them or not). */
  wantsPositions(): boolean;
  /** A snapshot was applied: `positions` are the channel's. */
  positionsArrived(): void;
  /** Hands a non-position message to the live service's listeners. */
  emit<K extends keyof LiveEvents>(type: K, event: LiveEvents[K]): void;
}

/**
 * The socket side of the live service, loaded on the first `connect()` (so pages that never show
 * live data do not download it): one WebSocket to `/ws` on the page origin, authenticated by its
 * first message with the stored session (and whether it wants positions), a ping every 30 s,
 * reconnects with backoff (each new connection that wants positions starts with a fresh snapshot).
 * In the browser the socket lives in a worker, which parses large position messages; positions are
 * applied through a {@link PositionQueue}: a text message's first slice at once, parts parsed by
 * the worker at the next frame.
 */
export class LiveConnection {
  private socket: WebSocketLike | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = FIRST_RECONNECT_DELAY_MS;
  private stopped = false;
  /** The current socket sent its `auth`: later choices go as `subscribe`. */
  private authenticated = false;

  constructor(private readonly deps: LiveConnectionDeps) {}

  open(): void {
    const { storage, win, options, setStatus } = this.deps;
    const sessionId = storage.get<string>(StorageKeys.sessionId);
    const user = storage.get<{ userId?: number | string }>(StorageKeys.user);
    if (this.stopped || !sessionId || !user) {
      setStatus('offline');
      return;
    }
    setStatus('connecting');
    const url = `${win.location.protocol === 'https:' ? 'wss' : 'ws'}://${win.location.host}${LIVE_CHANNEL_PATH}`;
    let socket: WebSocketLike;
    try {
      socket = options.webSocketFactory ? options.webSocketFactory(url) : (openWorkerWebSocket(url) ?? (new (win as Window & typeof globalThis).WebSocket(url) as WebSocketLike));
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    const auth = (positions: boolean): string => JSON.stringify({ type: 'auth', sessionId, userId: user.userId, positions } satisfies LiveClientMessage);
    // a socket that can sends the auth the moment it opens, not once this page, busy drawing, hears of it
    let sentPositions: boolean | undefined;
    if (socket.sendWhenOpen) {
      sentPositions = this.deps.wantsPositions();
      socket.sendWhenOpen(auth(sentPositions));
    }
    socket.onopen = () => {
      const positions = this.deps.wantsPositions();
      if (sentPositions === undefined) socket.send(auth(positions));
      // the page changed its mind while the socket opened
      else if (sentPositions !== positions) socket.send(JSON.stringify({ type: 'subscribe', positions } satisfies LiveClientMessage));
      this.authenticated = true;
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), LIVE_PING_INTERVAL_MS);
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.drop();
      // ended by this page's own request (a password change): the page says what happens next
      if (ev.code === LIVE_SESSION_CLOSE_CODE && ev.reason === LIVE_OWN_REQUEST_REASON) this.end();
      else if (ev.code === LIVE_SESSION_CLOSE_CODE) this.expire();
      else this.retry();
    };
    socket.onerror = () => undefined; // a close follows
  }

  /** Ends the connection for good (the last user left). */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.drop();
    socket?.close(1000);
  }

  /** Subscribes to positions or unsubscribes; a socket still opening says it in its `auth`. */
  subscribe(positions: boolean): void {
    if (this.authenticated) this.send({ type: 'subscribe', positions });
  }

  private receive(data: unknown): void {
    let msg: ServerMessage;
    const text = typeof data === 'string';
    try {
      msg = (text ? JSON.parse(data) : data) as ServerMessage;
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'error' && msg.flag === Flag.SESSION_EXPIRED) this.expire();
    else this.apply(msg);
    // parts the worker parsed wait for the next frame, so several of them land in one slice
    if (text) this.deps.positions.runSlice();
  }

  private apply(msg: ServerMessage): void {
    const { positions, setStatus } = this.deps;
    switch (msg.type) {
      case 'ready':
        this.retryDelay = FIRST_RECONNECT_DELAY_MS;
        setStatus('live');
        break;
      case 'snapshot':
        positions.snapshot(msg.list ?? [], msg.keep);
        setStatus('live');
        this.deps.positionsArrived();
        break;
      case 'positions':
        positions.push(msg.list ?? []);
        break;
      case 'online':
        positions.setOnline(msg.terminalNo, msg.online);
        break;
      // what arrives is checked: a message of another server version may lack a field
      case 'alarm':
        if (msg.alarm) this.deps.emit('alarm', { event: msg.event, alarm: msg.alarm });
        break;
      case 'command':
        if (msg.command) this.deps.emit('command', { command: msg.command });
        break;
      case 'exportReady':
        if (typeof msg.id === 'number') this.deps.emit('exportReady', { id: msg.id, fileName: String(msg.fileName ?? '') });
        break;
    }
  }

  private send(msg: LiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  /** The session ended: no more reconnecting. */
  private end(): void {
    this.stop();
    this.deps.setStatus('offline');
  }

  /** Flag 4010 or close code 4401: as the http service does, forget the session and tell the user. */
  private expire(): void {
    if (this.stopped) return;
    this.end();
    const { storage, dialogs } = this.deps;
    storage.remove(StorageKeys.user);
    storage.remove(StorageKeys.sessionId);
    dialogs.showSessionExpired();
  }

  private retry(): void {
    this.deps.setStatus('offline');
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RECONNECT_DELAY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.open();
    }, delay);
  }

  private drop(): void {
    this.authenticated = false;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  }
}
