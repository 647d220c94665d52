import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASSET_VOCABULARY, MessageBus, vehicleWordsAvoided, type AssetKind, type MessageBus as Bus } from '@tianlu/sdk';
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

async function open(geo: ReturnType<typeof ok>, item: object = position, track = ok({ points: [item] }), assetDetail: object = detail) {
  logIn();
  const server = shellServer()
    .on('GET', '/car/v4/api/monitor/list.json', ok({ total: 1, list: [item] }))
    .on('GET', '/car/v4/api/track/list.json', track)
    .on('GET', '/car/v4/api/vehicle/detail.json', ok(assetDetail))
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
    fireEvent.click(await within(dialog).findByRole('tab', { name: '详情', hidden: true }));
    expect(await within(dialog).findByText('2027-01-01（已到期）')).toBeTruthy();
    expect(within(dialog).getAllByText('服务已到期，请续费').length).toBeGreaterThan(0);
    expect(within(dialog).queryByText(/null/)).toBeNull();
  });

  const kinds: { kind: AssetKind; name: string; profile: Record<string, string | number>; shows: string[] }[] = [
    { kind: 'person', name: '董明辉', profile: { employeeNo: 'E1001', department: '生产部', phone: '13910002001', photo: '/car/v1/api/media/0123456789abcdef0123456789abcdef.jpg' }, shows: ['工号', 'E1001', '生产部', '手机号'] },
    { kind: 'pet', name: '豆豆', profile: { species: '狗', breed: '柯基', sex: '公', ownerPhone: '18687654321' }, shows: ['种类', '柯基', '主人手机号', '18687654321'] },
    { kind: 'ebike', name: '粤B·D30001', profile: { brand: '雅迪', frameNo: 'YD2026A0001', batteryVoltage: '48', batteryCapacity: 20 }, shows: ['车架号', 'YD2026A0001', '48 V', '20 Ah'] },
  ];
  it.each(kinds)('a $kind speaks its own words: title, name, status, its fields and photo', async ({ kind, name, profile, shows }) => {
    const words = ASSET_VOCABULARY[kind];
    const item = { ...position, plateNo: name, assetKind: kind };
    const { dialog } = await open(ok([{ index: 0, address: '深圳市南山区' }]), item, ok({ points: [item] }), { ...detail, plateNo: name, assetKind: kind, groupName: '深圳', profile });
    expect(await within(dialog).findByText(`${words.infoTitle} 京A12345`)).toBeTruthy();
    expect(within(dialog).getByText(words.nameLabel)).toBeTruthy();
    expect(within(dialog).getByText(`在线 · ${words.moving}`)).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('tab', { name: '详情', hidden: true }));
    for (const text of shows) expect(await within(dialog).findByText(text)).toBeTruthy();
    expect(within(dialog).queryByText('LFV1234567890')).toBeNull();
    expect(within(dialog).queryByText('司机')).toBeNull();
    if (profile.photo) expect(within(dialog).getByRole('img', { name: '照片', hidden: true }).getAttribute('src')).toBe(profile.photo);
    for (const word of vehicleWordsAvoided(kind)) expect(within(dialog).queryByText(new RegExp(word))).toBeNull();
  });
});
