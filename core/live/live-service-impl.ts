import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DialogService } from '../../sdk/services/dialog-service';
import { LIVE_POSITIONS_LINGER_MS, type LiveEvents, type LiveService, type LiveStatus, type MonitorItem } from '../../sdk/services/live-service';
import type { Disposable } from '../../sdk/services/message-bus';
import { StorageService } from '../../sdk/services/storage-service';
import { KernelOptions, WindowToken } from '../kernel-tokens';
import type { LiveConnection } from './live-connection';
import { LivePositions } from './live-positions';
import { PositionQueue } from './position-queue';

/**
 * The live position store. The socket side ({@link LiveConnection}) is loaded on the first
 * `connect()`, so the login page and pages without live data never download it. Positions are
 * subscribed while someone watches them (counted apart from the connection's users).
 */
@injectable()
export class LiveServiceImpl implements LiveService {
  readonly positions = new LivePositions();
  /** Positions on their way into `positions`, applied a slice at a time. */
  private readonly queue = new PositionQueue(this.positions);
  status: LiveStatus = 'offline';
  positionsLive = false;

  private users = 0;
  /** Open {@link watchPositions} subscriptions. */
  private watchers = 0;
  /** What the channel is told: positions or not (stays on for a while after the last watcher left). */
  private positionsWanted = false;
  private linger: ReturnType<typeof setTimeout> | undefined = undefined;
  /** Bumped on every start and stop, so a connection module that arrives late knows it is not wanted. */
  private generation = 0;
  private connection: LiveConnection | undefined = undefined;
  private readonly listeners = new Map<keyof LiveEvents, Set<(event: never) => void>>();

  constructor(
    @inject(StorageService) private readonly storage: StorageService,
    @inject(DialogService) private readonly dialogs: DialogService,
    @inject(WindowToken) private readonly win: Window,
    @inject(KernelOptions) private readonly options: KernelOptions,
  ) {
    makeObservable<this, 'setStatus' | 'setPositionsLive'>(this, {
      status: observable, positionsLive: observable, setStatus: action, setPositionsLive: action, merge: action,
    });
  }

  /**
   * Readies the channel of a logged-in console as it starts: the socket's worker loads while the
   * first page draws, so the desk's `connect()` a moment later opens the socket at once. Opens nothing.
   */
  prepare(): void {
    if (this.options.webSocketFactory) return;
    void import('./worker-web-socket').then((m) => m.prepareSocketWorker()).catch(() => undefined);
  }

  connect(): void {
    if (++this.users > 1) return;
    const generation = ++this.generation;
    this.setStatus('connecting');
    void import('./live-connection').then(({ LiveConnection }) => {
      if (generation !== this.generation) return;
      const { storage, dialogs, win, options, queue } = this;
      this.connection = new LiveConnection({
        storage, dialogs, win, options, positions: queue,
        setStatus: (s) => this.setStatus(s),
        wantsPositions: () => this.positionsWanted,
        positionsArrived: () => this.setPositionsLive(this.positionsWanted),
        emit: (t, e) => this.emit(t, e),
      });
      this.connection.open();
    });
  }

  disconnect(): void {
    if (this.users === 0 || --this.users > 0) return;
    this.generation++;
    this.connection?.stop();
    this.connection = undefined;
    // every watcher is a user too: none is left
    clearTimeout(this.linger);
    this.linger = undefined;
    this.positionsWanted = false;
    this.setStatus('offline');
  }

  /**
   * Closes the channel whatever its users, as the page logs out: the server then ends the session,
   * and this page's socket must not read that as an expired session (会话过期 over its login form).
   * The users' later `disconnect()` calls do nothing; a `connect()` opens it again.
   */
  close(): void {
    if (this.users === 0) return;
    this.users = 1;
    this.disconnect();
  }

  watchPositions(): Disposable {
    this.connect();
    this.watchers++;
    clearTimeout(this.linger);
    this.linger = undefined;
    this.wantPositions(true);
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        if (--this.watchers === 0) {
          this.linger = setTimeout(() => {
            this.linger = undefined;
            this.wantPositions(false);
          }, LIVE_POSITIONS_LINGER_MS);
        }
        this.disconnect();
      },
    };
  }

  merge(items: readonly MonitorItem[]): void {
    this.queue.merge(items);
    this.queue.runSlice();
  }

  on<K extends keyof LiveEvents>(type: K, listener: (event: LiveEvents[K]) => void): Disposable {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set);
    set.add(listener);
    return { dispose: () => void set.delete(listener) };
  }

  private emit<K extends keyof LiveEvents>(type: K, event: LiveEvents[K]): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      try {
        (listener as (e: LiveEvents[K]) => void)(event);
      } catch (e) {
        console.error(`[tianlu] live ${type} listener failed`, e);
      }
    }
  }

  /** Tells the channel (now, or in its next `auth`) whether positions are wanted. */
  private wantPositions(wanted: boolean): void {
    if (this.positionsWanted === wanted) return;
    this.positionsWanted = wanted;
    if (!wanted) this.setPositionsLive(false);
    this.connection?.subscribe(wanted);
  }

  private setStatus(status: LiveStatus): void {
    this.status = status;
    if (status !== 'live') this.positionsLive = false;
  }

  private setPositionsLive(live: boolean): void {
    this.positionsLive = live;
  }
}
