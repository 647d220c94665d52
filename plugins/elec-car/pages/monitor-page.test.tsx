import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ElecCarApi, HttpService, expectOk, type GuardSettingsView, type HttpService as Http } from '@tianlu/sdk';
import { startPageServer, type AddedUser, type PageServer } from '../../../testing/plugin-page-kit';
import MonitorPage from './monitor-page';

// 电动车监控 of 电动车卫士 against the real server: GT06 guards report to its gateway, a JT/T 808 e-bike
// is left to the platform's filtering.

const CHARGED = { imei: '358710060000017', plate: '粤B·D30001' };
const CHARGING = { imei: '358710060000025', plate: '粤B·D30018' };
/** Reported once, then went away: what it is told waits until it is back. */
const GUARD = { imei: '358710060000033', plate: '粤B·D30033' };
const JT808_EBIKE = { terminalNo: '13800077701', plate: '粤B·D30701' };

let kit: PageServer;
/** Sees 电动车监控 but may not edit e-bikes (no 防盗设置). */
let watcher: AddedUser;

beforeAll(async () => {
  kit = await startPageServer({ live: true });
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const group = await store.fleet.ensureGroup(demo.id, null, '电动车');
  const provision = (terminalNo: string, plateNo: string, protocol: 'gt06' | 'jt808') => store.fleet.provision({
    tenantId: demo.id, groupId: group, terminalNo, displayNo: terminalNo, authCode: '', imei: terminalNo, protocol, plateNo, plateColor: 0, assetKind: 'ebike',
    profile: { batteryVoltage: '48' },
  });
  await provision(CHARGED.imei, CHARGED.plate, 'gt06');
  await provision(CHARGING.imei, CHARGING.plate, 'gt06');
  await provision(GUARD.imei, GUARD.plate, 'gt06');
  await provision(JT808_EBIKE.terminalNo, JT808_EBIKE.plate, 'jt808');
  watcher = await kit.addUser({ account: 'ebike_watcher', platforms: [18], resources: [1802] });

  // a 48 V battery: 50.4 V is 78 %, 45.8 V 35 %
  const charged = await kit.gt06Terminal(CHARGED.imei);
  await charged.report({ battery: 78, batteryVolts: 50.4, armed: true });
  const charging = await kit.gt06Terminal(CHARGING.imei);
  await charging.report({ battery: 35, batteryVolts: 45.8, charging: true, armed: false, powerCutOff: true });
  const guard = await kit.gt06Terminal(GUARD.imei);
  await guard.report({ battery: 80, batteryVolts: 51, armed: true });
  guard.close();
  await vi.waitFor(async () => {
    const row = await store.db.selectFrom('terminals').select('connected').where('terminal_no', '=', GUARD.imei).executeTakeFirstOrThrow();
    expect(row.connected).toBe(false);
  });
  const jt808 = await kit.terminal(JT808_EBIKE.terminalNo);
  await jt808.ackFor(jt808.sendLocation({ latitude: 22.55, longitude: 114.06, speedKmh: 0, gpsTime: new Date() }));
  // 防盗设置 saved earlier for the JT/T 808 e-bike: the platform filters its jolts
  const { kernel } = await kit.login();
  expectOk(await kernel.get<Http>(HttpService).call(ElecCarApi.guardSave, { terminalNo: JT808_EBIKE.terminalNo, sensitivity: 1, windowSeconds: 600 }));
  kit.forget();
});

afterAll(() => kit?.close());

/** The table's row of `plate` (the tree names the plate too, before the table). */
const row = (plate: string) => within(screen.getAllByText(plate).map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);

describe('电动车监控 of 电动车卫士', () => {
  it('shows each e-bike’s charge with its battery voltage, charging, and whether it is armed or cut off', async () => {
    await kit.render(<MonitorPage />);
    await waitFor(() => expect(row(CHARGING.plate).getByText('35%（45.8V） 充电中')).toBeTruthy());
    expect(row(CHARGING.plate).getByText('未设防 · 已断电')).toBeTruthy();
    expect(row(CHARGED.plate).getByText('78%（50.4V）')).toBeTruthy();
    expect(row(CHARGED.plate).getByText('已设防')).toBeTruthy();
  });
});

describe('the side column and the toolbar of 电动车监控', () => {
  afterEach(() => localStorage.removeItem('main_monitorSideFolded'));

  it('opens 电池曲线 from the map’s toolbar, no row of its own above the monitor', async () => {
    await kit.render(<MonitorPage />);
    await screen.findAllByText(CHARGED.plate);
    fireEvent.click(within(screen.getByTestId('monitor-count')).getByRole('button', { name: '电池曲线' }));
    expect(window.location.pathname).toBe('/elec-car/battery');
  });

  it('folds the list away for a wider map, and opens folded the next time until unfolded', async () => {
    const first = await kit.render(<MonitorPage />);
    await screen.findByRole('tree');
    fireEvent.click(screen.getByRole('button', { name: '收起电动车列表' }));
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByRole('complementary', { name: '电动车列表' })).toBeTruthy();
    first.unmount();

    await kit.render(<MonitorPage />);
    await screen.findAllByText(CHARGED.plate);
    expect(screen.queryByRole('tree')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开电动车列表' }));
    await screen.findByRole('tree');
    expect(screen.queryByRole('button', { name: '展开电动车列表' })).toBeNull();
  });
});

describe('防盗设置 of the selected e-bike', () => {
  const select = async (plate: string) => {
    await waitFor(() => expect(screen.getAllByText(plate).some((e) => e.closest('[role="row"]'))).toBe(true));
    fireEvent.click(screen.getAllByText(plate).map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);
    return within(await screen.findByLabelText('防盗设置'));
  };

  it('shows the defaults; one allowed to edit is stopped in Chinese when out of range, saves, and sees the guard’s answer arrive once it is back', async () => {
    await kit.render(<MonitorPage />);
    const card = await select(GUARD.plate);
    await card.findByText('当前为默认值', { exact: false });
    expect((card.getByLabelText('震动灵敏度') as HTMLSelectElement).value).toBe('2');
    expect(card.getByTestId('guard-push').textContent).toBe('灵敏度尚未下发到设备');

    fireEvent.change(card.getByLabelText('告警间隔（秒）'), { target: { value: '10' } });
    fireEvent.click(card.getByRole('button', { name: '保存' }));
    expect((await card.findByRole('alert')).textContent).toBe('告警间隔必须在 30–3600 秒之间');
    expect(kit.requests(ElecCarApi.guardSave.path)).toEqual([]);

    fireEvent.change(card.getByLabelText('震动灵敏度'), { target: { value: '3' } });
    fireEvent.change(card.getByLabelText('告警间隔（秒）'), { target: { value: '120' } });
    fireEvent.click(card.getByRole('button', { name: '保存' }));
    // the guard is offline: the level waits for it
    await waitFor(() => expect(card.getByTestId('guard-push').textContent).toBe('灵敏度高下发：待发送，终端上线后下发'));
    const [saved] = kit.requests(ElecCarApi.guardSave.path);
    expect(saved?.body).toEqual({ terminalNo: GUARD.imei, sensitivity: 3, windowSeconds: 120 });
    const updateTime = (saved?.answer as GuardSettingsView).updateTime!;
    expect(card.getByText(`保存于 ${updateTime.slice(0, 16).replace('T', ' ')}`, { exact: false })).toBeTruthy();

    // the guard comes back, is told the level and answers: the live channel reports the command 成功
    const guard = await kit.gt06Terminal(GUARD.imei);
    const told = await guard.nextCommand();
    expect(told.command).toEqual({ type: 'vibrationSensitivity', level: 3 });
    told.answer('Sensitivity set to 3: Success!');
    await waitFor(() => expect(card.getByTestId('guard-push').textContent).toBe('灵敏度高下发：成功（震动灵敏度已设为高）'), { timeout: 10_000 });
    expect(card.getByTestId('guard-push').getAttribute('title')).toBe('设备原文：Sensitivity set to 3: Success!');
  });

  it('shows them read-only to one who may not edit e-bikes, and why a JT/T 808 guard is not told', async () => {
    await kit.render(<MonitorPage />, watcher);
    const card = await select(JT808_EBIKE.plate);
    await card.findByText('该终端不支持设置震动灵敏度，仅由平台按震动次数过滤');
    expect((card.getByLabelText('震动灵敏度') as HTMLSelectElement).disabled).toBe(true);
    expect((card.getByLabelText('震动灵敏度') as HTMLSelectElement).value).toBe('1');
    expect((card.getByLabelText('告警间隔（秒）') as HTMLInputElement).value).toBe('600');
    expect(card.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
