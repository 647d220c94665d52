import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { JSX } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ElecCarApi, PermissionService, ServiceProvider, type Command, type GuardSettingsView, type MonitorItem, type PermissionService as Perms,
} from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser, type FakeReply, type FakeRequest } from '../../core/test/fake-server';
import { FakeWebSockets, type FakeWebSocket } from '../../core/test/fake-web-socket';
import PeopleMonitorPage from '../../plugins/card/pages/monitor-page';
import EbikeMonitorPage from '../../plugins/elec-car/pages/monitor-page';
import PetMonitorPage from '../../plugins/pet/pages/monitor-page';


const person = (terminalNo: string, name: string, patch: Partial<MonitorItem> = {}): MonitorItem => ({
  terminalNo, plateNo: name, vehicleId: 1, groupId: 7, groupName: '生产部', online: true, lon: 120.7195, lat: 31.3265, speed: 4.5, course: 90, altitude: 0,
  gpsTime: '2026-11-24T10:00:00+08:00', receivedTime: '2026-11-24T10:00:01+08:00', alarmFlags: 0, statusFlags: 2, acc: false, located: true, mileage: null,
  assetKind: 'person', protocol: 'watch', battery: 64, ...patch,
});

/**
 * Renders a monitor page whose menu (and `buttons` of it) the role holds, over a one-group tree,
 * with the page's own `routes`; its live channel opens with these items as its snapshot. Answers
 * the server and the sockets.
 */
async function renderMonitor(page: JSX.Element, menu: number, list: MonitorItem[], groupName = '电动车', own: { buttons?: number[]; routes?: Record<string, FakeReply | ((req: FakeRequest) => Promise<FakeReply>)> } = {}) {
  storeUser();
  const server = new FakeServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok([{ id: menu, type: 1, children: (own.buttons ?? []).map((id) => ({ id, type: 3 })) }]))
    .on('GET', '/car/v4/api/monitor/tree.json', ok([{ id: 7, name: groupName, children: [] }]))
    .on('POST', '/car/v4/api/address/baidu/getGeo.json', ok([]));
  for (const [route, reply] of Object.entries(own.routes ?? {})) server.on(route.split(' ')[0]!, route.split(' ')[1]!, reply);
  const sockets = new FakeWebSockets();
  const container = createKernel({ httpAdapter: server.adapter, webSocketFactory: sockets.factory });
  await container.get<Perms>(PermissionService).load();
  const { unmount } = render(<ServiceProvider container={container}>{page}</ServiceProvider>);
  await waitFor(() => expect(sockets.last).toBeDefined());
  const socket = sockets.last!;
  act(() => void socket.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list }));
  return { server, sockets, socket, unmount };
}

describe('电动车监控 of 电动车卫士', () => {
  it('shows each e-bike’s charge with its battery voltage, charging, and whether it is armed or cut off', async () => {
    const ebike = (terminalNo: string, plate: string, patch: Partial<MonitorItem>) => person(terminalNo, plate, { assetKind: 'ebike', protocol: 'gt06', ...patch });
    await renderMonitor(<EbikeMonitorPage />, 1802, [
      ebike('358710060000017', '粤B·D30001', { battery: 78, externalVoltage: 50.4, armed: true }),
      ebike('358710060000025', '粤B·D30018', { battery: 35, externalVoltage: 45.8, charging: true, armed: false, powerCut: true }),
    ]);
    await screen.findAllByText('粤B·D30018');
    const row = (plate: string) => within(screen.getAllByText(plate).map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);
    // the table's rows come after the tree's (both name the plate)
    await waitFor(() => expect(row('粤B·D30001').getByText('78%（50.4V）')).toBeTruthy());
    expect(row('粤B·D30001').getByText('已设防')).toBeTruthy();
    expect(row('粤B·D30018').getByText('35%（45.8V） 充电中')).toBeTruthy();
    expect(row('粤B·D30018').getByText('未设防 · 已断电')).toBeTruthy();
  });
});

describe('the side column and the toolbar of the monitors', () => {
  afterEach(() => localStorage.removeItem('main_monitorSideFolded'));
  const bike = person('358710060000017', '粤B·D30001', { assetKind: 'ebike', protocol: 'gt06' });

  it('opens 电池曲线 from the map’s toolbar of 电动车监控, no row of its own above the monitor', async () => {
    await renderMonitor(<EbikeMonitorPage />, 1802, [bike]);
    await screen.findAllByText('粤B·D30001');
    fireEvent.click(within(screen.getByTestId('monitor-count')).getByRole('button', { name: '电池曲线' }));
    expect(window.location.pathname).toBe('/elec-car/battery');
  });

  it('folds the list away for a wider map, and opens folded the next time until unfolded', async () => {
    const first = await renderMonitor(<EbikeMonitorPage />, 1802, [bike]);
    await screen.findByRole('tree');
    fireEvent.click(screen.getByRole('button', { name: '收起电动车列表' }));
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByRole('complementary', { name: '电动车列表' })).toBeTruthy();
    first.unmount();

    await renderMonitor(<EbikeMonitorPage />, 1802, [bike]);
    await screen.findAllByText('粤B·D30001');
    expect(screen.queryByRole('tree')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开电动车列表' }));
    await screen.findByRole('tree');
    expect(screen.queryByRole('button', { name: '展开电动车列表' })).toBeNull();
  });
});

describe('防盗设置 of the selected e-bike', () => {
  const GUARD = '358710060000017';
  const bike = person(GUARD, '粤B·D30001', { assetKind: 'ebike', protocol: 'gt06', armed: true });
  const defaults: GuardSettingsView = {
    terminalNo: GUARD, plateNo: '粤B·D30001', protocol: 'gt06', sensitivity: 2, windowSeconds: 180, saved: false, updateTime: null,
    push: { supported: true, reason: null, command: null },
  };
  const sent = (status: 0 | 2, statusText: string): Command => ({
    id: 41, batchId: 'b41', terminalNo: GUARD, plateNo: '粤B·D30001', commandType: 'vibrationSensitivity', commandName: '设置震动灵敏度', params: { level: 3 },
    status, statusText, account: 'admin', createTime: '2026-11-24T10:05:00+08:00', sendTime: null, resultTime: null,
    result: status === 2 ? { code: 0, text: '震动灵敏度已设为高', raw: 'Sensitivity set to 3: Success!' } : null,
  });
  const select = async () => {
    await screen.findAllByText('粤B·D30001');
    fireEvent.click(screen.getAllByText('粤B·D30001').map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);
    return within(await screen.findByLabelText('防盗设置'));
  };

  it('shows the defaults; one allowed to edit is stopped in Chinese when out of range, saves, and sees the guard’s answer arrive', async () => {
    const { server, socket } = await renderMonitor(<EbikeMonitorPage />, 1802, [bike], '电动车', { buttons: [180201] });
    server
      .on('GET', ElecCarApi.guardSettings.path, ok(defaults))
      .on('POST', ElecCarApi.guardSave.path, (req) => ok({ ...defaults, ...(req.body as object), saved: true, updateTime: '2026-11-24T10:05:00+08:00', push: { supported: true, reason: null, command: sent(0, '待发送') } }));
    const card = await select();
    await card.findByText('当前为默认值', { exact: false });
    expect((card.getByLabelText('震动灵敏度') as HTMLSelectElement).value).toBe('2');
    expect(card.getByTestId('guard-push').textContent).toBe('灵敏度尚未下发到设备');

    fireEvent.change(card.getByLabelText('告警间隔（秒）'), { target: { value: '10' } });
    fireEvent.click(card.getByRole('button', { name: '保存' }));
    expect((await card.findByRole('alert')).textContent).toBe('告警间隔必须在 30–3600 秒之间');
    expect(server.to(ElecCarApi.guardSave.path)).toEqual([]);

    fireEvent.change(card.getByLabelText('震动灵敏度'), { target: { value: '3' } });
    fireEvent.change(card.getByLabelText('告警间隔（秒）'), { target: { value: '120' } });
    fireEvent.click(card.getByRole('button', { name: '保存' }));
    await card.findByText('保存于 2026-11-24 10:05', { exact: false });
    expect(server.to(ElecCarApi.guardSave.path).map((r) => r.body)).toEqual([{ terminalNo: GUARD, sensitivity: 3, windowSeconds: 120 }]);
    expect(card.getByTestId('guard-push').textContent).toBe('灵敏度高下发：待发送，终端上线后下发');

    // the guard answers: the live channel reports the command 成功
    act(() => void socket.receive({ type: 'command', command: sent(2, '成功') }));
    await waitFor(() => expect(card.getByTestId('guard-push').textContent).toBe('灵敏度高下发：成功（震动灵敏度已设为高）'));
    expect(card.getByTestId('guard-push').getAttribute('title')).toBe('设备原文：Sensitivity set to 3: Success!');
  });

  it('shows them read-only to one who may not edit e-bikes, and why a JT/T 808 guard is not told', async () => {
    const { server } = await renderMonitor(<EbikeMonitorPage />, 1802, [bike]);
    const reason = '该终端不支持设置震动灵敏度，仅由平台按震动次数过滤';
    server.on('GET', ElecCarApi.guardSettings.path, ok({ ...defaults, protocol: 'jt808', sensitivity: 1, windowSeconds: 600, saved: true, updateTime: '2026-11-24T09:00:00+08:00', push: { supported: false, reason, command: null } }));
    const card = await select();
    await card.findByText(reason);
    expect((card.getByLabelText('震动灵敏度') as HTMLSelectElement).disabled).toBe(true);
    expect((card.getByLabelText('告警间隔（秒）') as HTMLInputElement).value).toBe('600');
    expect(card.queryByRole('button', { name: '保存' })).toBeNull();
  });
});

describe('人员监控 of 智能工牌', () => {
  it('shows only the people of the live channel’s snapshot, by 部门 with battery, status chips and how each position was found', async () => {
    const { server } = await renderMonitor(<PeopleMonitorPage />, 1102, [
      person('868710040000011', '王建国', { department: '生产部' }),
      person('013800000001', '京A00001', { assetKind: 'vehicle', protocol: 'jt808', department: undefined }),
      person('868710040000029', '李秀英', { fix: 'lbs', accuracy: 612, statusFlags: 0, located: false, battery: 12, online: false, department: '' }),
    ], '生产部');
    await screen.findAllByText('李秀英');
    expect(screen.getByRole('complementary', { name: '人员列表' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '搜索姓名或终端号' }).getAttribute('placeholder')).toBe('搜索姓名 / 终端号');
    const row = within(screen.getAllByText('李秀英').map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);
    expect(row.getByText('12%')).toBeTruthy();
    expect(row.getByText('基站定位 ±612 m')).toBeTruthy();
    expect(row.getByText('低电量')).toBeTruthy();
    // the tree groups people by 部门 with online/total counts, not by the vehicle groups of tree.json
    const tree = await screen.findByRole('tree');
    const departments = () => within(tree).getAllByRole('treeitem').filter((e) => e.getAttribute('aria-level') === '1').map((e) => e.textContent?.replace('›', ''));
    await waitFor(() => expect(departments()).toEqual(['生产部1/1', '未填写部门0/1']));
    expect(screen.getByTestId('monitor-count').textContent).toContain('显示 2 人');
    expect(screen.queryByText('京A00001')).toBeNull();
    // the snapshot is the page's one answer of positions: no list.json beside it
    expect(server.to('/car/v4/api/monitor/list.json')).toEqual([]);
    expect(server.to('/car/v4/api/monitor/tree.json')).toEqual([]);
  });
});

describe('open alarms in 人员监控', () => {
  it('counts a person under 报警 with an SOS chip while the SOS is open (after the badge’s next normal report), until the live channel says it was handled', async () => {
    // 王建国 pressed SOS; his badge reported normally since (no alarm bit), nobody handled it yet
    const sos = person('868710040000011', '王建国', { department: '生产部', alarmFlags: 0, openAlarms: 1, openAlarmTypes: ['sos'] });
    const { socket } = await renderMonitor(<PeopleMonitorPage />, 1102, [sos, person('868710040000029', '李秀英', { department: '生产部', openAlarms: 0 })], '生产部');
    const alarmFilter = () => within(screen.getByRole('radiogroup', { name: '状态筛选' })).getByRole('radio', { name: /报警/ });
    const row = () => within(screen.getAllByText('王建国').map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement);
    await screen.findAllByText('王建国');
    await waitFor(() => expect(alarmFilter().textContent).toBe('1报警'));
    await waitFor(() => expect(row().getByText('SOS')).toBeTruthy());

    // handled elsewhere: the server pushes the person again without open alarms
    act(() => {
      socket.receive({ type: 'positions', list: [{ ...sos, openAlarms: 0, openAlarmTypes: undefined, gpsTime: '2026-11-24T10:00:05+08:00' }] });
    });
    await waitFor(() => expect(alarmFilter().textContent).toBe('0报警'));
    expect(row().queryByText('SOS')).toBeNull();
  });
});

describe('宠物定位 of 宠物守护', () => {
  const IMEI = '868710059990001';
  const collar = person(IMEI, '豆包', { assetKind: 'pet', battery: 66 });
  const pet = { vehicleId: 5, name: '豆包', groupName: '宠物', terminalNo: IMEI, protocol: 'watch', profile: { species: '狗', breed: '柯基' }, lostSince: null, zoneCount: 0 };
  const ring = (status: Command['status'], statusText: string): Command => ({
    id: 31, batchId: 'b-ring', terminalNo: IMEI, plateNo: '豆包', commandType: 'findDevice', commandName: '寻找设备', params: {}, status, statusText,
    account: 'admin', createTime: '2026-11-24T10:00:00+08:00', sendTime: '2026-11-24T10:00:00+08:00', resultTime: status > 1 ? '2026-11-24T10:00:01+08:00' : null,
    result: status > 1 ? { code: 0, text: '设备正在响铃', raw: 'FIND' } : null,
  });
  const COMMANDS = '/car/v1/api/command/list.json';

  /** 宠物定位 with 豆包's card; 响铃 answers `action`, list.json the ring as the server holds it now (成功, the collar's answer with its own words). */
  async function renderPets(action: FakeReply | ((req: FakeRequest) => Promise<FakeReply>)) {
    const rendered = await renderMonitor(<PetMonitorPage />, 1302, [collar], '宠物', {
      buttons: [130201],
      routes: {
        'GET /car/v4/api/pet/list.json': ok({ total: 1, list: [pet] }),
        'POST /car/v4/api/pet/action.json': action,
        [`GET ${COMMANDS}`]: ok({ total: 1, list: [ring(2, '成功')] }),
      },
    });
    const card = await screen.findByRole('article', { name: '宠物 豆包' });
    await within(card).findByText('电量 66%');
    return { ...rendered, card };
  }
  const goLive = (socket: FakeWebSocket) => act(() => void socket.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list: [collar] }));

  it('shows the cards first in the side column, the group tree a tab away, and keeps a card’s 寻宠 result across the tabs', async () => {
    const { socket, card } = await renderPets(ok({ batchId: 'b-ring', commands: [ring(1, '已发送')], pet }));
    const side = within(screen.getByRole('complementary', { name: '宠物列表' }));
    expect(side.getByRole('tab', { name: '宠物卡片' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tree')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    await within(card).findByText('响铃：已发送');
    act(() => void socket.receive({ type: 'command', command: ring(2, '成功') }));
    await within(card).findByText('响铃：成功（设备正在响铃）');

    fireEvent.click(side.getByRole('tab', { name: '宠物列表' }));
    await screen.findByRole('tree');
    expect(screen.queryByRole('article', { name: '宠物 豆包' })).toBeNull();
    fireEvent.click(side.getByRole('tab', { name: '宠物卡片' }));
    const again = await screen.findByRole('article', { name: '宠物 豆包' });
    expect(within(again).getByText('响铃：成功（设备正在响铃）')).toBeTruthy();
  });

  it('draws a paw where a pet has no photo, with an icon rather than an emoji character no font may hold', async () => {
    const { card } = await renderPets(ok({ batchId: 'b-ring', commands: [], pet }));
    expect(card.querySelector('[data-photo="none"] svg')).toBeTruthy();
    expect(card.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('shows 响铃：成功 with the collar’s answer when it answered while the page’s live channel was reconnecting', async () => {
    const { server, sockets, socket, card } = await renderPets(ok({ batchId: 'b-ring', commands: [ring(1, '已发送')], pet }));
    act(() => void socket.drop());
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    await within(card).findByText('响铃：已发送');
    // the collar's 成功 went out before the page's new socket was connected: no push brings it
    await waitFor(() => expect(sockets.sockets).toHaveLength(2), { timeout: 3000 });
    goLive(sockets.last!);
    const status = await within(card).findByText('响铃：成功（设备正在响铃）');
    expect(status.getAttribute('title')).toBe('设备原文：FIND');
    expect(server.to(COMMANDS).map((r) => r.query.get('batchId'))).toEqual(['b-ring']);
  });

  it('keeps the collar’s 成功 and its answer pushed before 响铃’s own request was answered, and reads nothing again on a channel that stayed live', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const { server, socket, card } = await renderPets(() => new Promise<FakeReply>((resolve) => (answer = resolve)));
    fireEvent.click(within(card).getByRole('button', { name: '响铃' }));
    await within(card).findByText('响铃：发送中');
    await waitFor(() => expect(server.to('/car/v4/api/pet/action.json')).toHaveLength(1));
    act(() => void socket.receive({ type: 'command', command: ring(1, '已发送') }).receive({ type: 'command', command: ring(2, '成功') }));
    act(() => answer(ok({ batchId: 'b-ring', commands: [ring(1, '已发送')], pet })));
    expect(await within(card).findByText('响铃：成功（设备正在响铃）')).toBeTruthy();
    expect(server.to(COMMANDS)).toEqual([]);
  });
});
