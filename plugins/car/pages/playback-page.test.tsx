import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MonitorApi } from '@tianlu/sdk';
import { startPageServer, type AddedUser, type PageServer } from '../../../testing/plugin-page-kit';
import PlaybackPage from './playback-page';

const PERSON = '868710040000093';
const VEHICLE = '13800004001';

let kit: PageServer;
/** Dispatchers who see a person and a vehicle, only the person, only the vehicle. */
let both: AddedUser;
let people: AddedUser;
let vehicles: AddedUser;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const staff = await store.fleet.ensureGroup(demo.id, null, '生产部');
  const fleet = await store.fleet.ensureGroup(demo.id, null, '回放车队');
  const person = await store.fleet.provision({ tenantId: demo.id, groupId: staff, terminalNo: PERSON, displayNo: PERSON, authCode: '', imei: PERSON, protocol: 'watch', plateNo: '张三', assetKind: 'person' });
  await store.fleet.provision({ tenantId: demo.id, groupId: fleet, terminalNo: VEHICLE, displayNo: VEHICLE, authCode: 'x', plateNo: '京A00001', assetKind: 'vehicle' });
  // the person walked ten minutes on the morning of 2026-11-24 (reports with ACC set: the server counts
  // moving time only while ACC is on, so a badge without it would show 移动时长 0)
  await store.positions.writeBatch(['2026-11-24T09:00:00+08:00', '2026-11-24T09:05:00+08:00', '2026-11-24T09:10:00+08:00'].map((t, i) => ({
    terminalNo: PERSON, terminalId: person.terminalId, tenantId: demo.id, deviceTime: new Date(t), receivedTime: new Date(t),
    lon: 120.7195 + i * 0.0009, lat: 31.3265, altitude: 0, speed: 4, course: 90, alarmFlags: 0, statusFlags: 3, mileage: undefined, extras: {}, backfill: false,
  })));
  const user = (account: string, groupIds: number[]) => kit.addUser({ account, platforms: [8], resources: [8100, 8200], groupIds });
  both = await user('pb_both', [staff, fleet]);
  people = await user('pb_people', [staff]);
  vehicles = await user('pb_vehicles', [fleet]);
});

afterAll(() => kit?.close());
afterEach(() => window.history.replaceState(null, '', '/'));

const form = () => screen.getByRole('form', { name: '轨迹查询' });

describe('轨迹回放 in the words of the asset replayed', () => {
  it('opened for a person from its monitor: 人员, 姓名或终端号, 移动时长 — no vehicle word', async () => {
    window.history.replaceState(null, '', `/car/playback?urlType=blank&terminalNo=${PERSON}&start=2026-11-24T00:00:00%2B08:00&end=2026-11-24T10:00:00%2B08:00`);
    kit.forget();
    await kit.render(<PlaybackPage />, both);
    expect(await within(form()).findByText('人员')).toBeTruthy();
    expect(within(form()).getByRole('combobox').getAttribute('placeholder')).toBe('姓名或终端号');
    const totals = await screen.findByTestId('playback-totals');
    // 移动时长 10分: the server's figure for the ten minutes walked
    const moving = await within(totals).findByText('移动时长');
    expect(await within(moving.parentElement!).findByText('10分')).toBeTruthy();
    expect(kit.requests(MonitorApi.track.path)[0]).toMatchObject({ query: { terminalNo: PERSON }, flag: 1, answer: { totals: { drivingSeconds: 600 } } });
    expect(screen.getByTestId('playback-page').textContent).not.toMatch(/车辆|车牌|行驶/);
  });

  it('asks for the kind it lists when nothing is chosen: 请选择人员 among people', async () => {
    await kit.render(<PlaybackPage />, people);
    expect(await within(form()).findByText('人员')).toBeTruthy();
    expect(await screen.findByText('请选择人员和时间后查询')).toBeTruthy();
    fireEvent.click(within(form()).getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择人员')).toBeTruthy();
  });

  it('says 资产 and 名称 among several kinds', async () => {
    await kit.render(<PlaybackPage />, both);
    expect(await within(form()).findByText('资产')).toBeTruthy();
    expect(within(form()).getByRole('combobox').getAttribute('placeholder')).toBe('名称或终端号');
    fireEvent.click(within(form()).getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择资产')).toBeTruthy();
  });

  it('keeps a vehicle’s words among vehicles: 车辆, 车牌号或终端号, 请选择车辆', async () => {
    await kit.render(<PlaybackPage />, vehicles);
    expect(await within(form()).findByText('车辆')).toBeTruthy();
    expect(within(form()).getByRole('combobox').getAttribute('placeholder')).toBe('车牌号或终端号');
    fireEvent.click(within(form()).getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择车辆')).toBeTruthy();
  });
});
