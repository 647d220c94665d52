import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DialogService, StorageService, type LiveService, type LiveStatus, type MonitorItem } from '@tianlu/sdk';
import { KernelOptions, WindowToken } from '../kernel-tokens';
import type { LiveConnection } from './live-connection';

const time = (item: MonitorItem | undefined) => (item?.gpsTime ? Date.parse(item.gpsTime) : -Infinity);

/**
 * The live position store. The socket side ({@link LiveConnection}) is loaded on the first
 * `connect()`, so the login page and pages without live data never download it.
 */
@injectable()
export class LiveServiceImpl implements LiveService {
  readonly positions = observable.map<string, MonitorItem>(undefined, { deep: false });
  status: LiveStatus = 'offline';

  private users = 0;
  /** Bumped on every start and stop, so a connection module that arrives late knows it is not wanted. */
  private generation = 0;
  private connection: LiveConnection | undefined = undefined;

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
      const { storage, dialogs, win, options, positions } = this;
      this.connection = new LiveConnection({ storage, dialogs, win, options, positions, setStatus: (s) => this.setStatus(s) });
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
    for (const item of items) {
      const current = this.positions.get(item.terminalNo);
      if (!current || time(item) >= time(current)) this.positions.set(item.terminalNo, item);
    }
  }

  private setStatus(status: LiveStatus): void {
    this.status = status;
  }
}
