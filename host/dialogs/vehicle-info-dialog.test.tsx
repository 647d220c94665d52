import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBus, type MessageBus as Bus } from '@tianlu/sdk';
import { flag, logIn, ok, renderApp, shellServer } from '../test/app-harness';

const position = {
  terminalNo: '013800000001',
  plateNo: '京A12345',
  online: true,
  lon: 116.397,
  lat: 39.909,
  speed: 42,
  course: 90,
  altitude: 50,
  gpsTime: '2026-11-21T10:00:00+08:00',
  alarmFlags: 0,
  statusFlags: 3,
  mileage: 1234.5,
};

const detail = {
  plateNo: '京A12345',
  plateColor: '蓝色',
  vehicleType: '重型货车',
  vin: 'LFV1234567890',
  driver: '张三',
  groupName: '北京车队',
  terminalNo: '013800000001',
  terminalModel: 'TL-808',
  sim: '1440000000001',
  edition: '2019',
  installDate: '2026-01-01',
  expiryDate: '2027-01-01',
};

async function open(geo: ReturnType<typeof ok>, item: object = position, track = ok({ points: [item] })) {
  logIn();
  const server = shellServer()
    .on('GET', '/car/v4/api/monitor/list.json', ok({ total: 1, list: [item] }))
    .on('GET', '/car/v4/api/track/list.json', track)
    .on('GET', '/car/v4/api/vehicle/detail.json', ok(detail))
    .on('POST', '/car/v4/api/address/baidu/getGeo.json', geo);
  const app = renderApp('/home', server);
  await screen.findByText('我的应用');
  act(() => void app.container.get<Bus>(MessageBus).emit('showVehInfo', { terminalNo: '013800000001', plateNo: '京A12345' }));
  return { dialog: await screen.findByRole('dialog'), ...app };
}

describe('vehicle info dialog', () => {
  it('follow tab shows where the vehicle is; detail tab its vehicle and terminal fields', async () => {
    const { dialog, server } = await open(ok([{ index: 0, address: '北京市东城区天安门' }]));
    expect(within(dialog).getByRole('tab', { name: '跟踪', selected: true })).toBeTruthy();
    expect(await within(dialog).findByText('北京市东城区天安门')).toBeTruthy();
    expect(within(dialog).getByText('2026-11-21 10:00:00')).toBeTruthy(); // China time, whatever the browser's zone
    expect(server.to('/car/v4/api/track/list.json')[0].query.get('terminalNo')).toBe('013800000001');
    // hidden: on a busy machine Fluent's focus trap (tabster) can miss the dialog's first focus in
    // jsdom and mark the open dialog aria-hidden; its tabs are there all the same
    fireEvent.click(await within(dialog).findByRole('tab', { name: '详情', hidden: true }));
    expect(await within(dialog).findByText('LFV1234567890')).toBeTruthy();
    expect(within(dialog).getByText('TL-808')).toBeTruthy();
    expect(within(dialog).getByText('1234.5 km')).toBeTruthy();
    expect(within(dialog).getByText('013800000001')).toBeTruthy();
  });

  it('follows the vehicle live: a position from the live channel replaces the shown one', async () => {
    const { dialog, sockets } = await open(ok([{ index: 0, address: '北京市东城区天安门' }]));
    await within(dialog).findByText('42 km/h');
    const socket = sockets.last!;
    expect(socket.url).toMatch(/\/ws$/);
    act(() => {
      socket.open();
      socket.receive({ type: 'ready' });
      socket.receive({ type: 'positions', list: [{ ...position, speed: 66, gpsTime: '2026-11-21T10:00:05+08:00' }] });
    });
    expect(await within(dialog).findByText('66 km/h')).toBeTruthy();
    expect(within(dialog).getByText('2026-11-21 10:00:05')).toBeTruthy();
  });

  it('says 获取位置失败 when geocoding fails', async () => {
    const { dialog } = await open(flag(500, 'down'));
    expect(await within(dialog).findByText('获取位置失败')).toBeTruthy();
  });

  it('says the service ran out for an expired asset instead of showing blank position fields', async () => {
    const expired = {
      ...position, online: false, lon: null, lat: null, speed: null, course: null, altitude: null, gpsTime: null, receivedTime: null, mileage: null,
      alarmFlags: 0, expired: true, hint: '服务已到期，请续费',
    };
    const { dialog, server } = await open(ok([]), expired, flag(400, '服务已到期，请续费'));
    expect((await within(dialog).findByRole('status')).textContent).toBe('服务已到期，请续费');
    expect(within(dialog).getByText('服务已到期')).toBeTruthy();
    expect(within(dialog).queryByText(/null/)).toBeNull();
    expect(server.to('/car/v4/api/address/baidu/getGeo.json')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('tab', { name: '详情' }));
    expect(await within(dialog).findByText('2027-01-01（已到期）')).toBeTruthy();
    expect(within(dialog).getAllByText('服务已到期，请续费').length).toBeGreaterThan(0);
    expect(within(dialog).queryByText(/null/)).toBeNull();
  });
});
