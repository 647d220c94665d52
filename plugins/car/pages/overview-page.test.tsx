import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformApi, PluginRegistry, useService } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import carPlugin from '../car-plugin';
import OverviewPage from './overview-page';

const OVERVIEW = PlatformApi.overview.path;

let kit: PageServer;
let vehicles = 0;
let otherVehicles = 0;

/** The page as the console shows it: 智能车联 registered, so the page knows which kinds it watches. */
function WithCarPlugin(props: { children: ReactNode }) {
  const registry = useService(PluginRegistry);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    registry.register(carPlugin);
    setReady(true);
  }, [registry]);
  return ready ? props.children : null;
}

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const other = (await store.org.findTenantByName('其他公司'))!;
  const provision = (tenantId: number, n: number, assetKind: string) => {
    const no = `1720000000${n}`;
    return store.fleet.provision({ tenantId, groupId: null, terminalNo: no, displayNo: no, authCode: 'x', plateNo: `概览${n}`, assetKind });
  };
  for (let n = 0; n < 3; n++) await provision(demo.id, n, 'vehicle');
  for (let n = 3; n < 10; n++) await provision(demo.id, n, 'person');
  for (let n = 10; n < 15; n++) await provision(other.id, n, 'vehicle');
  const count = async (tenantId: number) =>
    Number((await store.db.selectFrom('vehicles').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).where('asset_kind', '=', 'vehicle').executeTakeFirstOrThrow()).n);
  vehicles = await count(demo.id);
  otherVehicles = await count(other.id);
});

afterAll(() => kit?.close());

describe('概览 of a sub-application', () => {
  it('counts only the kinds its plugin watches: 智能车联 shows its vehicles, not every asset of the tenant', async () => {
    kit.forget();
    await kit.render(<WithCarPlugin><OverviewPage /></WithCarPlugin>);
    await waitFor(() => expect(kit.requests(OVERVIEW).at(-1)?.flag).toBe(1));
    expect(kit.requests(OVERVIEW).map((r) => r.query)).toContainEqual({ platformId: '8', assetKinds: 'vehicle' });
    expect(kit.requests(OVERVIEW).at(-1)?.answer).toMatchObject({ title: '智能车联', assets: { total: vehicles, offline: vehicles } });
    await waitFor(() => expect(document.querySelector('[data-stat="total"]')?.textContent).toBe(String(vehicles)));
    expect(document.querySelector('[data-stat="offline"]')?.textContent).toBe(String(vehicles));
    // the seven people of the tenant are not counted
    expect(screen.queryByText(String(vehicles + 7))).toBeNull();
  });

  it('another tenant counts its own vehicles only', async () => {
    kit.forget();
    await kit.render(<WithCarPlugin><OverviewPage /></WithCarPlugin>, OTHER_TENANT);
    await waitFor(() => expect(kit.requests(OVERVIEW).at(-1)?.flag).toBe(1));
    await waitFor(() => expect(document.querySelector('[data-stat="total"]')?.textContent).toBe(String(otherVehicles)));
    expect(otherVehicles).not.toBe(vehicles);
  });
});
