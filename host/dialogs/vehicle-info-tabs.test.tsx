import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogService, type ManifestRecord } from '@tianlu/sdk';
import { drawChartsOnNothing, startPageServer, type AddedUser, type PageServer } from '../../testing/plugin-page-kit';
import VehicleInfoDialog from './vehicle-info-dialog';

// The vehicle-info dialog's tabs contributed through the vehicleTabs extension point: 智能工牌 lends
// a 健康 tab for people, drawn by its own component; the car's 油量 column is a line of the 跟踪 card.

const WANG = { imei: '868710040000037', name: '王建国' };
const TRUCK = { terminalNo: '13800003001', plate: '京D00001' };

let kit: PageServer;
let manifest: ManifestRecord[];
let restoreCanvas: () => void;
/** 智能车联 and 智能工牌 with its 健康. */
let withCard: AddedUser;
/** 智能车联 only. */
let carOnly: AddedUser;
const pluginLoaders = { card: () => import('../../plugins/card/card-plugin') };

beforeAll(async () => {
  restoreCanvas = drawChartsOnNothing();
  kit = await startPageServer({ live: true });
  manifest = await kit.manifest();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const group = await store.fleet.ensureGroup(demo.id, null, '巡检部');
  await store.fleet.provision({
    tenantId: demo.id, groupId: group, terminalNo: WANG.imei, displayNo: WANG.imei, authCode: '', imei: WANG.imei, protocol: 'watch', plateNo: WANG.name,
    assetKind: 'person', profile: { department: '巡检部' },
  });
  await store.fleet.provision({ tenantId: demo.id, groupId: group, terminalNo: TRUCK.terminalNo, displayNo: TRUCK.terminalNo, authCode: 'x', plateNo: TRUCK.plate });
  withCard = await kit.addUser({ account: 'with_card', platforms: [8, 11], resources: [8100, 1102, 1105], groupIds: [group] });
  carOnly = await kit.addUser({ account: 'car_only', platforms: [8], resources: [8100], groupIds: [group] });
  const badge = await kit.watchTerminal(WANG.imei);
  await badge.report({ at: { lon: 116.39, lat: 39.91 }, readings: { heartRate: 72, systolic: 118, diastolic: 76, spo2: 97, temperature: 36.5 } });
  const truck = await kit.terminal(TRUCK.terminalNo);
  await truck.ackFor(truck.sendLocation({ latitude: 39.9, longitude: 116.4, statusFlags: 3, gpsTime: new Date(), extras: { fuelLitres: 48.26 } }));
});

afterAll(async () => {
  await kit?.close();
  restoreCanvas?.();
});

async function open(who: AddedUser, terminalNo: string) {
  const { kernel } = await kit.render(<VehicleInfoDialog />, who, { manifest, pluginLoaders });
  act(() => kernel.get<DialogService>(DialogService).showVehInfo({ terminalNo }));
  const dialog = await screen.findByRole('dialog');
  // the tabs follow once the asset's position (and so its kind) is known
  await within(dialog).findByText('位置');
  return dialog;
}

/** The dialog's tabs by accessible name (Fluent's tab also holds its title once more, hidden, to keep its width when bold). */
function tabNames(dialog: HTMLElement): string[] {
  const tabs = within(dialog).getAllByRole('tab', { hidden: true });
  const names = ['跟踪', '详情', '健康'].filter((name) => within(dialog).queryByRole('tab', { name, hidden: true }));
  return names.length === tabs.length ? names : tabs.map((t) => t.textContent ?? '');
}

describe('vehicle-info dialog tabs contributed by sub-applications', () => {
  it('gives a person a 健康 tab drawn by 智能工牌’s component: the badge’s readings of today', async () => {
    const dialog = await open(withCard, WANG.imei);
    expect(tabNames(dialog)).toEqual(['跟踪', '详情', '健康']);
    fireEvent.click(within(dialog).getByRole('tab', { name: '健康', hidden: true }));
    expect(await within(dialog).findByText(/^王建国 今天（\d{4}-\d{2}-\d{2}）的健康读数，共 1 次$/)).toBeTruthy();
    for (const chart of ['心率', '血压', '血氧', '体温', '步数']) expect(within(dialog).getByText(chart)).toBeTruthy();
    expect(kit.requests('/car/v4/api/card/health/series.json').at(-1)?.flag).toBe(1);
  });

  it('gives a vehicle no 健康 tab, and shows its 油量 as a line of the 跟踪 card', async () => {
    const dialog = await open(withCard, TRUCK.terminalNo);
    expect(await within(dialog).findByText('48.3 L')).toBeTruthy();
    expect(within(dialog).getByText('油量')).toBeTruthy();
    expect(tabNames(dialog)).toEqual(['跟踪', '详情']);
  });

  it('shows no 健康 tab to a role without 智能工牌', async () => {
    const dialog = await open(carOnly, WANG.imei);
    expect(tabNames(dialog)).toEqual(['跟踪', '详情']);
  });
});
