import { makeAutoObservable, runInAction } from 'mobx';
import {
  chinaDay,
  CommandApi,
  expectOk,
  NETWORK_ERROR_MESSAGE,
  onLiveResumed,
  Pagination,
  type Command,
  type CommandListFilter,
  type HttpService,
  type LiveService,
} from '@tianlu/sdk';

/** The filter as typed: '' means any. */
export interface CommandFilter {
  terminalNo: string;
  /** '' any, '0'…'4' a status. */
  status: string;
  batchId: string;
}

export interface CommandHistoryDeps {
  http: HttpService;
  live: LiveService;
}

/** New commands arriving live reload the first page once, after this pause, ms. */
export const LIVE_RELOAD_MS = 800;

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/**
 * State of 指令下发's history: a filtered, server-paged list of commands, newest first. Commands on
 * the page change status in place as the live channel reports them; new ones bring a reload of
 * the first page, and so does every (re)connection of the channel.
 */
export class CommandHistoryStore {
  filter: CommandFilter = { terminalNo: '', status: '', batchId: '' };
  rows: Command[] = [];
  readonly pagination = new Pagination({ pageSize: 20 });
  loading = false;
  exporting = false;
  error: string | undefined = undefined;
  private requestSerial = 0;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined = undefined;

  constructor(private readonly deps: CommandHistoryDeps, initial: Partial<CommandFilter> = {}) {
    this.filter = { ...this.filter, ...initial };
    makeAutoObservable<this, 'deps' | 'requestSerial' | 'reloadTimer'>(this, { deps: false, requestSerial: false, reloadTimer: false }, { autoBind: true });
  }

  /** Loads the first page and follows live status changes, reloading when the channel (re)connects; the returned function stops. */
  start(): () => void {
    const { live } = this.deps;
    live.connect();
    const sub = live.on('command', ({ command }) => this.applyLive(command));
    // what changed while the channel was connecting or reconnecting was pushed to nobody
    const resumed = onLiveResumed(live, () => void this.load());
    void this.load();
    return () => {
      sub.dispose();
      resumed.dispose();
      live.disconnect();
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
    };
  }

  setFilter(patch: Partial<CommandFilter>): void {
    this.filter = { ...this.filter, ...patch };
  }

  /** 查询: from page 1. */
  search(): void {
    this.pagination.setCurrent(1);
    void this.load();
  }

  reset(): void {
    this.filter = { terminalNo: '', status: '', batchId: '' };
    this.search();
  }

  async load(): Promise<void> {
    const serial = ++this.requestSerial;
    this.loading = true;
    this.error = undefined;
    const query = { ...this.pagination.query, ...this.filterQuery() };
    try {
      const page = expectOk(await this.deps.http.call(CommandApi.list, query));
      if (serial !== this.requestSerial) return;
      runInAction(() => {
        this.rows = page.list ?? [];
        this.pagination.setTotal(page.total ?? 0);
      });
    } catch (e) {
      if (serial === this.requestSerial) runInAction(() => (this.error = errorText(e)));
    } finally {
      if (serial === this.requestSerial) runInAction(() => (this.loading = false));
    }
  }

  /** 导出: the commands of the filter as a spreadsheet (Chinese results with the devices' own answers). */
  async exportSheet(): Promise<void> {
    if (this.exporting) return;
    this.exporting = true;
    try {
      await this.deps.http.downloadBlob(CommandApi.export.path, this.filterQuery(), `指令记录-${chinaDay().replaceAll('-', '')}.xlsx`);
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }

  /** The filter as the list and the export take it ('' fields left out). */
  private filterQuery(): CommandListFilter {
    const f = this.filter;
    return {
      ...(f.terminalNo.trim() && { terminalNo: f.terminalNo.trim() }),
      ...(f.status !== '' && { status: Number(f.status) }),
      ...(f.batchId.trim() && { batchId: f.batchId.trim() }),
    };
  }

  private applyLive(command: Command): void {
    const i = this.rows.findIndex((r) => r.id === command.id);
    if (i >= 0) {
      // statuses only move forward: a late 已发送 never overwrites 成功
      if (command.status >= this.rows[i]!.status || this.rows[i]!.status === 1) this.rows[i] = command;
      return;
    }
    if (this.pagination.current !== 1 || this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = undefined;
      void this.load();
    }, LIVE_RELOAD_MS);
  }
}
