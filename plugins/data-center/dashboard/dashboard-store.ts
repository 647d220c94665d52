import { action, makeObservable, observable, runInAction } from 'mobx';
import { DataCenterApi, expectOk, type DashboardData, type HttpService } from '@tianlu/sdk';
import { dashboardQuery } from './dashboard-query';

/** The live channel pushes more often than a control room needs: at most one reload this often, ms. */
export const LIVE_REFRESH_MS = 5_000;

/** Timer functions (a fake clock in tests). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * 数据看板 and 数据大屏: the dashboard of the chosen tenant (the caller's own, or a customer in
 * its scope), reloaded on demand and — for the 大屏 — when the live channel reports a change,
 * at most once per {@link LIVE_REFRESH_MS}.
 */
export class DashboardStore {
  data: DashboardData | undefined = undefined;
  /** undefined: the caller's own tenant. */
  tenantId: number | undefined = undefined;
  loading = false;
  error: string | undefined = undefined;
  /** Reloads done because of live events (shown on the 大屏). */
  liveRefreshes = 0;

  private request = 0;
  private pending: unknown = undefined;
  private lastLoad = 0;

  constructor(private readonly http: HttpService, private readonly timers: Timers = browserTimers) {
    makeObservable<this, 'applyAnswer'>(this, {
      data: observable.ref, tenantId: observable, loading: observable, error: observable, liveRefreshes: observable,
      selectTenant: action, applyAnswer: action,
    });
  }

  /** Shows one customer (undefined: the caller's own tenant) and loads it. */
  selectTenant(tenantId: number | undefined): Promise<void> {
    this.tenantId = tenantId;
    return this.load();
  }

  async load(): Promise<void> {
    const request = ++this.request;
    this.lastLoad = this.timers.now();
    runInAction(() => (this.loading = true));
    try {
      const res = await this.http.call(DataCenterApi.dashboard, dashboardQuery(this.tenantId));
      if (request === this.request) this.applyAnswer(expectOk(res), undefined);
    } catch (e) {
      if (request === this.request) this.applyAnswer(undefined, e instanceof Error ? e.message : String(e));
    }
  }

  /** A live event arrived: reload now, or once the throttle interval since the last load has passed. */
  liveChanged(): void {
    if (this.pending !== undefined) return;
    const wait = Math.max(0, this.lastLoad + LIVE_REFRESH_MS - this.timers.now());
    this.pending = this.timers.setTimeout(() => {
      this.pending = undefined;
      runInAction(() => this.liveRefreshes++);
      void this.load();
    }, wait);
  }

  dispose(): void {
    if (this.pending !== undefined) this.timers.clearTimeout(this.pending);
    this.pending = undefined;
    this.request++;
  }

  private applyAnswer(data: DashboardData | undefined, error: string | undefined): void {
    this.loading = false;
    this.error = error;
    if (data) this.data = data;
  }
}
