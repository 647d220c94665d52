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

async function open(geo: ReturnType<typeof ok>) {
  logIn();
  const server = shellServer()
    .on('GET', '/car/v4/api/monitor/list.json', ok({ total: 1, list: [position] }))
    .on('POST', '/car/v4/api/address/baidu/getGeo.json', geo);
  const { container } = renderApp('/home', server);
  await screen.findByText('我的应用', undefined, { timeout: 3000 });
  act(() => void container.get<Bus>(MessageBus).emit('showVehInfo', { terminalNo: '013800000001', plateNo: '京A12345' }));
  return screen.findByRole('dialog');
}

describe('vehicle info dialog', () => {
  it('follow tab shows where the vehicle is; detail tab its fields', async () => {
    const dialog = await open(ok([{ index: 0, address: '北京市东城区天安门' }]));
    expect(within(dialog).getByRole('tab', { name: '跟踪', selected: true })).toBeTruthy();
    expect(await within(dialog).findByText('北京市东城区天安门')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: '详情' }));
    expect(await within(dialog).findByText('1234.5 km')).toBeTruthy();
    expect(within(dialog).getByText('013800000001')).toBeTruthy();
  });

  it('says 获取位置失败 when geocoding fails', async () => {
    const dialog = await open(flag(500, 'down'));
    expect(await within(dialog).findByText('获取位置失败')).toBeTruthy();
  });
});
