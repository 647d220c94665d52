import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AlarmApi, HttpService, MonitorApi, expectOk, type HttpService as Http } from '@tianlu/sdk';
import { startPageServer, type PageServer, type WatchTestDevice } from '../../../testing/plugin-page-kit';
import MonitorPage from './monitor-page';

// 人员监控 of 智能工牌 against the real server: staff badges report to its watch-protocol gateway.

const WANG = { imei: '868710040000011', name: '王建国' };
/** No 部门 filled in; heard only cells (基站定位), low on battery, and went away. */
const LI = { imei: '868710040000029', name: '李秀英' };
const VEHICLE = { terminalNo: '13800000001', plate: '京A00001' };
const CELL = { mcc: 460, mnc: 0, lac: 0x5a1c, cid: 0x6d01 };

let kit: PageServer;
let wang: WatchTestDevice;

beforeAll(async () => {
  kit = await startPageServer({ live: true });
  const { store, fleet } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const group = await store.fleet.ensureGroup(demo.id, null, '生产部');
  const person = (imei: string, name: string, department?: string) => store.fleet.provision({
    tenantId: demo.id, groupId: group, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'watch', plateNo: name, assetKind: 'person',
    ...(department && { profile: { department } }),
  });
  await person(WANG.imei, WANG.name, '生产部');
  await person(LI.imei, LI.name);
  await store.fleet.provision({ tenantId: demo.id, groupId: group, terminalNo: VEHICLE.terminalNo, displayNo: VEHICLE.terminalNo, authCode: 'x', plateNo: VEHICLE.plate });
  // where the cell 李秀英's badge hears stands, and how far it reaches
  fleet.locator.addCell(CELL, { lon: 120.72, lat: 31.33, range: 612 });

  wang = await kit.watchTerminal(WANG.imei);
  await wang.report({ at: { lon: 120.7195, lat: 31.3265 }, battery: 64 });
  const li = await kit.watchTerminal(LI.imei);
  await li.report({ fix: { kind: 'lbs', cells: [{ ...CELL, rssi: -70 }] }, battery: 12 });
  li.close();
  const vehicle = await kit.terminal(VEHICLE.terminalNo);
  await vehicle.ackFor(vehicle.sendLocation({ gpsTime: new Date() }));
  await vi.waitFor(async () => {
    const row = await store.db.selectFrom('terminals').select('connected').where('terminal_no', '=', LI.imei).executeTakeFirstOrThrow();
    expect(row.connected).toBe(false);
  });
});

afterAll(() => kit?.close());

const row = (name: string) => within(screen.getAllByText(name).map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);

describe('人员监控 of 智能工牌', () => {
  it('shows only the people of the live channel’s snapshot, by 部门 with battery, status chips and how each position was found', async () => {
    kit.forget();
    await kit.render(<MonitorPage />);
    await screen.findAllByText(LI.name);
    expect(screen.getByRole('complementary', { name: '人员列表' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '搜索姓名或终端号' }).getAttribute('placeholder')).toBe('搜索姓名 / 终端号');
    await waitFor(() => expect(row(LI.name).getByText('12%')).toBeTruthy());
    expect(row(LI.name).getByText('基站定位 ±612 m')).toBeTruthy();
    expect(row(LI.name).getByText('低电量')).toBeTruthy();
    expect(row(WANG.name).getByText('64%')).toBeTruthy();
    // the tree groups people by 部门 with online/total counts, not by the vehicle groups of tree.json
    const tree = await screen.findByRole('tree');
    const departments = () => within(tree).getAllByRole('treeitem').filter((e) => e.getAttribute('aria-level') === '1').map((e) => e.textContent?.replace('›', ''));
    await waitFor(() => expect(departments()).toEqual(['生产部1/1', '未填写部门0/1']));
    expect(screen.getByTestId('monitor-count').textContent).toContain('显示 2 人');
    expect(screen.queryByText(VEHICLE.plate)).toBeNull();
    // the snapshot is the page's one answer of positions: no list.json beside it
    expect(kit.requests(MonitorApi.list.path)).toEqual([]);
    expect(kit.requests(MonitorApi.tree.path)).toEqual([]);
  });
});

describe('open alarms in 人员监控', () => {
  const openAlarms = (imei: string) => kit.server.store.db.selectFrom('alarms').innerJoin('terminals', 'terminals.id', 'alarms.terminal_id')
    .select(['alarms.id', 'alarms.alarm_type as type']).where('terminals.terminal_no', '=', imei).where('alarms.status', '=', 0).execute();

  it('counts a person under 报警 with an SOS chip while the SOS is open (after the badge’s next normal report), until it is handled', async () => {
    await kit.render(<MonitorPage />);
    const alarmFilter = () => within(screen.getByRole('radiogroup', { name: '状态筛选' })).getByRole('radio', { name: /报警/ });
    await screen.findAllByText(WANG.name);
    // 李秀英's badge went away low on battery: her 低电量 is open
    expect((await openAlarms(LI.imei)).map((a) => a.type)).toEqual(['lowBattery']);
    await waitFor(() => expect(alarmFilter().textContent).toBe('1报警'));

    // 王建国 presses SOS
    await wang.report({ at: { lon: 120.7196, lat: 31.3266 }, battery: 63, alarms: ['sos'] });
    await waitFor(() => expect(alarmFilter().textContent).toBe('2报警'));
    await waitFor(() => expect(row(WANG.name).getByText('SOS')).toBeTruthy());
    // his badge reports normally since (no alarm bit); nobody handled the SOS yet
    await wang.report({ at: { lon: 120.7197, lat: 31.3267 }, battery: 62 });
    await waitFor(() => expect(row(WANG.name).getByText('62%')).toBeTruthy());
    expect(alarmFilter().textContent).toBe('2报警');
    expect(row(WANG.name).getByText('SOS')).toBeTruthy();

    // handled in 告警中心: the live channel pushes him again without open alarms
    const sos = await openAlarms(WANG.imei);
    expect(sos.map((a) => a.type)).toEqual(['sos']);
    const { kernel } = await kit.login();
    expectOk(await kernel.get<Http>(HttpService).call(AlarmApi.process, { ids: sos.map((a) => Number(a.id)), note: '已联系本人，误触' }));
    await waitFor(() => expect(alarmFilter().textContent).toBe('1报警'));
    expect(row(WANG.name).queryByText('SOS')).toBeNull();
  });
});
