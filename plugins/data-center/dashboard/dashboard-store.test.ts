import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataCenterApi, HttpService, type HttpService as Http } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
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

let kit: PageServer;
/** A customer of the demo tenant, and the other tenant (out of the demo admin's scope). */
let customer: { id: number; name: string };
let otherTenantId: number;

beforeAll(async () => {
  kit = await startPageServer();
  const { org, users } = kit.server.store;
  const demo = (await org.findTenantByName('天路演示'))!;
  customer = await org.createTenant('看板客户', demo.id);
  otherTenantId = (await users.findByAccount(OTHER_TENANT.account))!.tenantId;
});

afterAll(() => kit?.close());

/** The store over a kernel logged in as the demo admin; `loads()` counts the dashboards the server answered. */
async function setup() {
  const { kernel } = await kit.login();
  kit.forget();
  const clock = fakeTimers();
  const store = new DashboardStore(kernel.get<Http>(HttpService), clock.timers);
  const loads = () => kit.requests(DataCenterApi.dashboard.path);
  return { store, loads, ...clock };
}

describe('DashboardStore', () => {
  it('loads the caller\'s own tenant, then the customer picked', async () => {
    const { store, loads } = await setup();
    await store.load();
    expect(loads().at(-1)?.query).toEqual({});
    expect(store.data?.tenant.name).toBe('天路演示');
    expect(store.data?.customers.map((c) => c.name)).toContain('看板客户');
    await store.selectTenant(customer.id);
    expect(loads().at(-1)?.query).toEqual({ tenantId: String(customer.id) });
    expect(store.data?.tenant).toEqual({ id: customer.id, name: '看板客户' });
  });

  it('reloads on live events at most once per interval, however many arrive', async () => {
    const { store, loads, advance } = await setup();
    await store.load();
    for (let i = 0; i < 20; i++) store.liveChanged();
    advance(LIVE_REFRESH_MS - 1);
    // a reload starts as its timer fires; the server logs it when it answers
    expect(store.liveRefreshes).toBe(0);
    expect(loads()).toHaveLength(1);
    advance(1);
    await vi.waitFor(() => expect(loads()).toHaveLength(2));
    expect(store.liveRefreshes).toBe(1);
    // long after the last load an event reloads at once
    advance(LIVE_REFRESH_MS * 3);
    store.liveChanged();
    advance(0);
    await vi.waitFor(() => expect(loads()).toHaveLength(3));
  });

  it('shows the server\'s refusal and keeps the figures it had', async () => {
    const { store, loads } = await setup();
    await store.load();
    // another tenant is no customer of the demo tenant's
    await store.selectTenant(otherTenantId);
    expect(loads().at(-1)).toMatchObject({ query: { tenantId: String(otherTenantId) }, flag: 404 });
    expect(store.error).toBe('客户不存在');
    expect(store.data?.tenant.name).toBe('天路演示');
  });

  it('stops reloading once disposed', async () => {
    const { store, loads, advance, pending } = await setup();
    await store.load();
    store.liveChanged();
    store.dispose();
    expect(pending.size).toBe(0);
    advance(LIVE_REFRESH_MS * 2);
    expect(store.liveRefreshes).toBe(0);
    expect(loads()).toHaveLength(1);
  });
});
