import { describe, expect, it, vi } from 'vitest';
import { DataCenterApi, type DashboardData, type Endpoint, type HttpService } from '@tianlu/sdk';
import { DashboardStore, LIVE_REFRESH_MS, type Timers } from './dashboard-store';

/** A clock the test moves by hand, with the timers it holds. */
function fakeTimers() {
  let now = 1_000_000;
  const pending = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      pending.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout: (h) => void pending.delete(h as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...pending]) {
      if (t.at > now) continue;
      pending.delete(id);
      t.fn();
    }
  };
  return { timers, advance, pending };
}

function answer(name: string): DashboardData {
  return { tenant: { id: 1, name }, customers: [], totals: { total: 1 } } as unknown as DashboardData;
}

function setup() {
  const get = vi.fn(async (_url: string, query?: { tenantId?: number }) => ({ flag: 1, msg: '', obj: answer(query?.tenantId ? `客户${query.tenantId}` : '天路演示') }));
  const clock = fakeTimers();
  // a contract call goes where the real service sends a GET: its path with the query
  const http = { get, call: (endpoint: Endpoint, query?: { tenantId?: number }) => get(endpoint.path, query) };
  const store = new DashboardStore(http as unknown as HttpService, clock.timers);
  return { store, get, ...clock };
}

describe('DashboardStore', () => {
  it('loads the caller\'s own tenant, then the customer picked', async () => {
    const { store, get } = setup();
    await store.load();
    expect(get).toHaveBeenLastCalledWith(DataCenterApi.dashboard.path, {});
    expect(store.data?.tenant.name).toBe('天路演示');
    await store.selectTenant(7);
    expect(get).toHaveBeenLastCalledWith(DataCenterApi.dashboard.path, { tenantId: 7 });
    expect(store.data?.tenant.name).toBe('客户7');
  });

  it('reloads on live events at most once per interval, however many arrive', async () => {
    const { store, get, advance } = setup();
    await store.load();
    for (let i = 0; i < 20; i++) store.liveChanged();
    advance(LIVE_REFRESH_MS - 1);
    expect(get).toHaveBeenCalledTimes(1);
    advance(1);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(store.liveRefreshes).toBe(1);
    // long after the last load an event reloads at once
    advance(LIVE_REFRESH_MS * 3);
    store.liveChanged();
    advance(0);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(3));
  });

  it('shows the server\'s refusal and keeps the figures it had', async () => {
    const { store, get } = setup();
    await store.load();
    get.mockResolvedValueOnce({ flag: 404, msg: '客户不存在', obj: undefined as unknown as DashboardData });
    await store.selectTenant(99);
    expect(store.error).toBe('客户不存在');
    expect(store.data?.tenant.name).toBe('天路演示');
  });

  it('stops reloading once disposed', async () => {
    const { store, get, advance, pending } = setup();
    await store.load();
    store.liveChanged();
    store.dispose();
    expect(pending.size).toBe(0);
    advance(LIVE_REFRESH_MS * 2);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
