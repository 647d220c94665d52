import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DialogService } from '../../sdk/services/dialog-service';
import type { LiveEvents, LiveService, LiveStatus, MonitorItem } from '../../sdk/services/live-service';
import type { Disposable } from '../../sdk/services/message-bus';
import { StorageService } from '../../sdk/services/storage-service';
import { KernelOptions, WindowToken } from '../kernel-tokens';
import type { LiveConnection } from './live-connection';
import { LivePositions } from './live-positions';
import { PositionQueue } from './position-queue';

/**
 * The live position store. The socket side ({@link LiveConnection}) is loaded on the first
 * `connect()`, so the login page and pages without live data never download it.
 */
@injectable()
export class LiveServiceImpl implements LiveService {
  readonly positions = new LivePositions();
  /** Positions on their way into `positions`, applied a slice at a time. */
  private readonly queue = new PositionQueue(this.positions);
  status: LiveStatus = 'offline';

  private users = 0;
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
    makeObservable<this, 'setStatus'>(this, { status: observable, setStatus: action, merge: action });
  }

  connect(): void {
    if (++this.users > 1) return;
    const generation = ++this.generation;
    this.setStatus('connecting');
    void import('./live-connection').then(({ LiveConnection }) => {
      if (generation !== this.generation) return;
      const { storage, dialogs, win, options, queue } = this;
      this.connection = new LiveConnection({ storage, dialogs, win, options, positions: queue, setStatus: (s) => this.setStatus(s), emit: (t, e) => this.emit(t, e) });
      this.connection.open();
    });
  }

  disconnect(): void {
    if (this.users === 0 || --this.users > 0) return;
    this.generation++;
    this.connection?.stop();
    this.connection = undefined;
    this.setStatus('offline');
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

  private setStatus(status: LiveStatus): void {
    this.status = status;
  }
}
