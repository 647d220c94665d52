import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MonitorApi } from '@tianlu/sdk';
import { startPageServer, type AddedUser, type PageServer } from '../../../testing/plugin-page-kit';
import MonitorPage from './monitor-page';

let kit: PageServer;
/** A dispatcher of 北京车队 only: its three vehicles, one online, one offline, one whose service expired. */
let dispatcher: AddedUser;

beforeAll(async () => {
  kit = await startPageServer({ live: true });
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const group = await store.fleet.ensureGroup(demo.id, null, '北京车队');
  const provision = (n: number, expiryDate: string | null = null) => store.fleet.provision({
    tenantId: demo.id, groupId: group, terminalNo: `1380000100${n}`, displayNo: `1380000100${n}`, authCode: 'x', plateNo: `京A0000${n}`, expiryDate,
  });
  await provision(1);
  await provision(2);
  await provision(3, '2020-01-01');
  dispatcher = await kit.addUser({ account: 'bj_monitor', platforms: [8], resources: [8100], groupIds: [group] });
  // 京A00001 reports now (ACC on, located) and stays connected; 京A00002 reported once and went away
  const now = new Date();
  const online = await kit.terminal('13800001001');
  await online.ackFor(online.sendLocation({ latitude: 39.9, longitude: 116.4, speedKmh: 36, statusFlags: 3, gpsTime: now }));
  const gone = await kit.terminal('13800001002');
  await gone.ackFor(gone.sendLocation({ latitude: 39.91, longitude: 116.41, speedKmh: 0, statusFlags: 2, gpsTime: now }));
  gone.close();
  await vi.waitFor(async () => {
    const row = await store.db.selectFrom('terminals').select('connected').where('terminal_no', '=', '13800001002').executeTakeFirstOrThrow();
    expect(row.connected).toBe(false);
  });
});

afterAll(() => kit?.close());

const row = (plate: string) => within(screen.getAllByText(plate).map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);

describe('实时监控', () => {
  it('shows an expired asset as 服务已到期 with the hint, counted apart from online and offline', async () => {
    await kit.render(<MonitorPage />, dispatcher);
    await screen.findAllByText('京A00003');
    // the table loads after the tree: wait for the row itself
    await waitFor(() => expect(screen.getAllByText('京A00003').some((e) => e.closest('[role="row"]'))).toBe(true));
    // one snapshot: the positions come over the live channel, not from list.json beside it
    expect(kit.requests(MonitorApi.list.path)).toEqual([]);
    const status = row('京A00003').getByText('服务已到期');
    expect(status.getAttribute('title')).toBe('服务已到期，请续费');
    expect(row('京A00003').getByText('服务已到期，请续费')).toBeTruthy();
    await waitFor(() => expect(row('京A00002').getByText('离线')).toBeTruthy());
    const counts = screen.getByTestId('monitor-count');
    await waitFor(() => expect(counts.textContent).toContain('显示 3 辆'));
    expect(counts.textContent).toContain('在线 1');
    expect(counts.textContent).toContain('离线 1');
    expect(within(counts).getByTitle('服务已到期，请续费').textContent).toBe('服务已到期 1');
    // the tree marks it too
    const tree = await screen.findByRole('treeitem', { name: /京A00003/ });
    expect(within(tree).getByTitle('服务已到期，请续费').textContent).toBe('已到期');
  });
});
