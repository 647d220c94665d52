import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MonitorApi, ServiceProvider, type MonitorItem, type TrackAnswer } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser } from '../../core/test/fake-server';
import PlaybackPage from '../../plugins/car/pages/playback-page';

const asset = (terminalNo: string, name: string, assetKind: string): MonitorItem => ({
  terminalNo, plateNo: name, vehicleId: 1, groupId: 7, groupName: '生产部', online: true, lon: 120.7195, lat: 31.3265, speed: 4, course: 90, altitude: 0,
  gpsTime: '2026-11-24T10:00:00+08:00', receivedTime: '2026-11-24T10:00:01+08:00', alarmFlags: 0, statusFlags: 2, acc: false, located: true, mileage: null, assetKind, protocol: assetKind === 'person' ? 'watch' : 'jt808',
});
const PERSON = asset('868710040000093', '张三', 'person');
const VEHICLE = asset('013800000001', '京A00001', 'vehicle');

const track = (a: MonitorItem): TrackAnswer => {
  const p = (t: string, lon: number) => ({ ...a, lon, lat: 31.3265, speed: 4, course: 90, altitude: 0, gpsTime: t, receivedTime: t, alarmFlags: 0, statusFlags: 2, acc: false, located: true, mileage: null });
  const points = [p('2026-11-24T09:00:00+08:00', 120.7195), p('2026-11-24T09:10:00+08:00', 120.7213)];
  return {
    terminalNo: a.terminalNo, plateNo: a.plateNo, points, totalPoints: 2, simplified: false, stopMinutes: 3, stops: [], alarms: [],
    totals: { mileageKm: 0.2, mileageSource: 'gps', drivingSeconds: 600, stopCount: 0, stopSeconds: 0, maxSpeed: 5, startTime: points[0]!.gpsTime, endTime: points[1]!.gpsTime },
  };
};

function renderPlayback(list: MonitorItem[]) {
  storeUser();
  const server = new FakeServer()
    .on('GET', MonitorApi.trackSettings.path, ok({ maxRangeDays: 7, stopMinutes: 3 }))
    .on('GET', MonitorApi.list.path, ok({ total: list.length, list }))
    .on('GET', MonitorApi.track.path, (req) => ok(track(list.find((a) => a.terminalNo === req.query.get('terminalNo'))!)))
    .on('GET', MonitorApi.trackPoints.path, ok({ total: 0, list: [] }))
    .on('POST', '/car/v4/api/address/baidu/getGeo.json', ok([]));
  const container = createKernel({ httpAdapter: server.adapter });
  render(<ServiceProvider container={container}><PlaybackPage /></ServiceProvider>);
}

const form = () => screen.getByRole('form', { name: '轨迹查询' });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('轨迹回放 in the words of the asset replayed', () => {
  it('opened for a person from its monitor: 人员, 姓名或终端号, 移动时长 — no vehicle word', async () => {
    window.history.replaceState(null, '', `/car/playback?urlType=blank&terminalNo=${PERSON.terminalNo}&start=2026-11-24T00:00:00%2B08:00&end=2026-11-24T10:00:00%2B08:00`);
    renderPlayback([VEHICLE, PERSON]);
    expect(await within(form()).findByText('人员')).toBeTruthy();
    expect(within(form()).getByRole('combobox').getAttribute('placeholder')).toBe('姓名或终端号');
    const totals = await screen.findByTestId('playback-totals');
    expect(await within(totals).findByText('10分')).toBeTruthy();
    expect(within(totals).getByText('移动时长')).toBeTruthy();
    expect(screen.getByTestId('playback-page').textContent).not.toMatch(/车辆|车牌|行驶/);
  });

  it('asks for the kind it lists when nothing is chosen: 请选择人员 among people', async () => {
    renderPlayback([PERSON]);
    expect(await within(form()).findByText('人员')).toBeTruthy();
    expect(await screen.findByText('请选择人员和时间后查询')).toBeTruthy();
    fireEvent.click(within(form()).getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择人员')).toBeTruthy();
  });

  it('says 资产 and 名称 among several kinds', async () => {
    renderPlayback([VEHICLE, PERSON]);
    expect(await within(form()).findByText('资产')).toBeTruthy();
    expect(within(form()).getByRole('combobox').getAttribute('placeholder')).toBe('名称或终端号');
    fireEvent.click(within(form()).getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择资产')).toBeTruthy();
  });

  it('keeps a vehicle’s words among vehicles: 车辆, 车牌号或终端号, 请选择车辆', async () => {
    renderPlayback([VEHICLE]);
    expect(await within(form()).findByText('车辆')).toBeTruthy();
    expect(within(form()).getByRole('combobox').getAttribute('placeholder')).toBe('车牌号或终端号');
    fireEvent.click(within(form()).getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择车辆')).toBeTruthy();
  });
});
