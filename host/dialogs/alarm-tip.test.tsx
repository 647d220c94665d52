import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alarm } from '@tianlu/sdk';
import { DEMO_USER, logIn, ok, RESOURCES, renderApp, shellServer } from '../test/app-harness';
import { resetAlarmAudio } from './alarm-beep';


const PUSH = { popup: true, sound: true, alarmTypes: ['sos'], webhook: { enabled: false, url: '' }, email: { enabled: false, to: [] }, sms: { enabled: false, phones: [] } };

const sos = (id: number, plateNo = '京A00001'): Alarm => ({
  id,
  alarmType: 'sos',
  alarmName: '紧急报警',
  source: 'terminal',
  level: 'urgent',
  terminalNo: '013800000001',
  plateNo,
  vehicleId: 1,
  groupId: 1,
  groupName: '一组',
  startTime: '2026-03-01T10:00:00+08:00',
  endTime: null,
  lon: 116.4,
  lat: 39.9,
  speed: 0,
  detail: {},
  status: 0,
  processNote: null,
  processUser: null,
  processTime: null,
});

/** A WebAudio edge that counts the tones the tip plays. */
function fakeAudio() {
  const started: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      return { type: '', frequency: { value: 0 }, connect: () => undefined, start: (t: number) => started.push(t), stop: () => undefined };
    }
    createGain() {
      return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => undefined };
    }
    resume() {
      return Promise.resolve();
    }
  }
  resetAlarmAudio();
  Object.assign(window, { AudioContext: FakeAudioContext });
  return started;
}

async function start(options: { voiceOn?: boolean; resources?: object[] } = {}) {
  logIn(DEMO_USER);
  if (options.voiceOn === false) localStorage.setItem('main_alarmVoiceOn', 'false');
  const server = shellServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok(options.resources ?? [...RESOURCES, { id: 8300, name: '告警中心', type: 1, path: '/car/alarm' }]))
    .on('POST', '/car/v4/api/alarm/push/listAlarmPushInfo.json', ok(PUSH))
    .on('POST', '/car/v1/api/monitor/processAlarm', ok({ updated: 1 }));
  const tones = fakeAudio();
  const app = renderApp('/home', server);
  await screen.findByText('我的应用');
  await waitFor(() => expect(app.sockets.last).not.toBeUndefined());
  await waitFor(() => expect(server.to('/car/v4/api/alarm/push/listAlarmPushInfo.json')).toHaveLength(1));
  const socket = app.sockets.last!.open();
  await screen.findByTestId('tips-dock');
  const send = (alarm: Alarm, event = 'start') => act(() => void socket.receive({ type: 'alarm', event, alarm }));
  return { ...app, tones, send };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'AudioContext');
  resetAlarmAudio();
});

describe('the global alarm tip', () => {
  it('pops up with the plate, the alarm and its time when an SOS arrives over /ws, and beeps', async () => {
    const { send, tones } = await start();
    send(sos(11));
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(within(tip).getByText('紧急报警')).toBeTruthy();
    expect(within(tip).getByText('京A00001')).toBeTruthy();
    expect(within(tip).getByText(/03-01 \d\d:00:00/)).toBeTruthy();
    await waitFor(() => expect(tones.length).toBe(2));
    expect(JSON.parse(localStorage.getItem('main_alarmRealTime') ?? '[]')).toMatchObject([{ id: 11, plateNo: '京A00001', alarmType: '紧急报警' }]);
  });

  it('marks a late alarm 补报 beside its own time', async () => {
    const { send } = await start();
    send({ ...sos(12), late: true });
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(within(tip).getByText(/补报/)).toBeTruthy();
    expect(within(tip).getByText(/03-01 \d\d:00:00/)).toBeTruthy();
  });

  it("shows where a badge's SOS happened and the person's phone to call", async () => {
    const { send, server } = await start();
    server.on('POST', '/car/v4/api/address/baidu/getGeo.json', (req) =>
      ok((req.body as { lonAndLatToAddressVOS: { index: number }[] }).lonAndLatToAddressVOS.map((p) => ({ index: p.index, address: '江苏省苏州市工业园区星湖街' }))) as never);
    send({ ...sos(14, '周晓梅'), contactPhone: '13912345678', lon: 120.72, lat: 31.33 });
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 周晓梅' });
    expect(await within(tip).findByText('江苏省苏州市工业园区星湖街')).toBeTruthy();
    expect(within(tip).getByRole('link', { name: '13912345678' }).getAttribute('href')).toBe('tel:13912345678');
  });

  it('stays silent when the user turned the alarm voice off', async () => {
    const { send, tones } = await start({ voiceOn: false });
    send(sos(12));
    await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    await new Promise((r) => setTimeout(r, 50));
    expect(tones).toEqual([]);
  });

  it('processes an alarm with a note from the tip; an empty note is refused', async () => {
    const { send, server } = await start();
    send(sos(13));
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    fireEvent.click(within(tip).getByRole('button', { name: '处理' }));
    fireEvent.click(within(tip).getByRole('button', { name: '确定' }));
    expect(await within(tip).findByText('请填写处理意见')).toBeTruthy();
    expect(server.to('/car/v1/api/monitor/processAlarm')).toHaveLength(0);
    fireEvent.change(within(tip).getByRole('textbox', { name: '处理意见' }), { target: { value: '已联系司机' } });
    fireEvent.click(within(tip).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: '告警 紧急报警 京A00001' })).toBeNull());
    expect(server.to('/car/v1/api/monitor/processAlarm')[0]?.body).toEqual({ ids: [13], note: '已联系司机' });
  });

  it('offers 处理 only to users holding 告警中心, and 查看 opens it', async () => {
    const { send } = await start({ resources: RESOURCES });
    send(sos(14));
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(within(tip).queryByRole('button', { name: '处理' })).toBeNull();
    fireEvent.click(within(tip).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(window.location.pathname).toBe('/car/alarm'));
    expect(new URLSearchParams(window.location.search).get('keyword')).toBe('013800000001');
  });

  it('shows three alarms and counts the rest; × closes one', async () => {
    const { send } = await start();
    for (const id of [1, 2, 3, 4, 5]) send(sos(id, `京A0000${id}`));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getByText('还有 2 条告警')).toBeTruthy();
    const newest = screen.getByRole('alert', { name: '告警 紧急报警 京A00005' });
    fireEvent.click(within(newest).getByRole('button', { name: '关闭告警' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: '告警 紧急报警 京A00005' })).toBeNull());
    expect(screen.getByRole('alert', { name: '告警 紧急报警 京A00002' })).toBeTruthy();
  });
});
