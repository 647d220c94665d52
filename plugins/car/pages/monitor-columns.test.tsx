import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestRecord } from '@tianlu/sdk';
import { startPageServer, type AddedUser, type PageServer } from '../../../testing/plugin-page-kit';
import MonitorPage from './monitor-page';

// 实时监控's columns contributed through the monitorColumns extension point: 智能车联's own 油量, and
// an installed plugin's column of a JT/T 808 item the gateway does not interpret.

const COLD = {
  platformId: 93, systemId: 'cold', name: 'cold', productionEntry: '/child/cold/index.js', developmentEntry: '/child/cold/index.js',
  title: '冷链监控', icon: 'Apps', path: '/cold/', created: '2026-11-27', iconfont: '', enabled: true,
  contributes: { monitorColumns: [{ id: 'e1', title: '冷机状态', reading: 'item.e1', width: 100 }, { id: 't', title: '厢温', reading: 'temperature', unit: '℃' }] },
};

let kit: PageServer;
let manifest: ManifestRecord[];
/** 智能车联 only. */
let dispatcher: AddedUser;
/** 智能车联 and the installed 冷链监控. */
let coldChain: AddedUser;

beforeAll(async () => {
  kit = await startPageServer({ live: true, installed: [COLD] });
  manifest = await kit.manifest();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const group = await store.fleet.ensureGroup(demo.id, null, '冷链车队');
  await store.fleet.provision({ tenantId: demo.id, groupId: group, terminalNo: '13800002001', displayNo: '13800002001', authCode: 'x', plateNo: '京C00001' });
  await store.fleet.provision({ tenantId: demo.id, groupId: group, terminalNo: '13800002002', displayNo: '13800002002', authCode: 'x', plateNo: '京C00002' });
  dispatcher = await kit.addUser({ account: 'car_only', platforms: [8], resources: [8100], groupIds: [group] });
  coldChain = await kit.addUser({ account: 'cold_chain', platforms: [8, 93], resources: [8100], groupIds: [group] });
  // 京C00001 reports its fuel and the vendor item 0xE1; 京C00002 reports neither
  const fuelled = await kit.terminal('13800002001');
  await fuelled.ackFor(fuelled.sendLocation({ latitude: 39.9, longitude: 116.4, statusFlags: 3, gpsTime: new Date(), extras: { fuelLitres: 52.5 }, items: [{ id: 0xe1, hex: '01f4' }] }));
  const bare = await kit.terminal('13800002002');
  await bare.ackFor(bare.sendLocation({ latitude: 39.91, longitude: 116.41, statusFlags: 3, gpsTime: new Date() }));
});

afterAll(() => kit?.close());

const row = (plate: string) => within(screen.getAllByText(plate).map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('实时监控 columns contributed by sub-applications', () => {
  it('shows 智能车联’s 油量 column formatted with its digits and unit, - where the vehicle reported none', async () => {
    await kit.render(<MonitorPage />, dispatcher, { manifest });
    await waitFor(() => expect(row('京C00001').getByText('52.5 L')).toBeTruthy());
    expect(row('京C00002').getByText('-', { selector: '[data-col="car.fuel"]' })).toBeTruthy();
    expect(headers()).toContain('油量');
    // a role without the installed plugin's platform does not get its columns
    expect(headers()).not.toContain('冷机状态');
    expect(headers()).not.toContain('厢温');
  });

  it('shows an installed plugin’s columns to a role granted its platform: the raw item’s payload as sent', async () => {
    await kit.render(<MonitorPage />, coldChain, { manifest });
    await waitFor(() => expect(row('京C00001').getByText('01F4')).toBeTruthy());
    expect(headers()).toEqual(expect.arrayContaining(['油量', '冷机状态', '厢温']));
    expect(row('京C00001').getByText('52.5 L')).toBeTruthy();
    expect(row('京C00002').getByText('-', { selector: '[data-col="cold.e1"]' })).toBeTruthy();
  });
});
