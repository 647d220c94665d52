import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AlarmService,
  DialogService,
  LiveService,
  type Alarm,
  type AlarmPushSettings,
  type AlarmService as Alarms,
  type DialogService as Dialogs,
  type LiveService as Live,
} from '@tianlu/sdk';
import { createTestKernel, flag, ok, storeUser } from '../test/fake-server';
import { FakeWebSockets } from '../test/fake-web-socket';

const PUSH_PATH = '/car/v4/api/alarm/push/listAlarmPushInfo.json';
const PROCESS_PATH = '/car/v1/api/monitor/processAlarm';

function alarm(id: number, patch: Partial<Alarm> = {}): Alarm {
  return {
    id,
    alarmType: 'sos',
    alarmName: '紧急报警',
    level: 'urgent',
    source: 'terminal',
    terminalNo: '013800000001',
    plateNo: '京A00001',
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
    ...patch,
  };
}

const settings = (patch: Partial<AlarmPushSettings> = {}): AlarmPushSettings => ({
  popup: true,
  sound: true,
  alarmTypes: ['sos', 'overspeed'],
  webhook: { enabled: false, url: '' },
  email: { enabled: false, to: [] },
  sms: { enabled: false, phones: [] },
  ...patch,
});

async function setup(push: AlarmPushSettings | 'fail' = settings()) {
  storeUser({ userId: 7, account: 'admin' }, 'sid-1');
  const sockets = new FakeWebSockets();
  const k = createTestKernel({ webSocketFactory: sockets.factory });
  k.server.on('POST', PUSH_PATH, push === 'fail' ? flag(500, '服务器内部错误') : ok(push));
  const alarms = k.get<Alarms>(AlarmService);
  const dialogs = k.get<Dialogs>(DialogService);
  const stop = alarms.start();
  await vi.waitFor(() => expect(alarms.push).not.toBeUndefined());
  await vi.waitFor(() => expect(sockets.last).not.toBeUndefined());
  const socket = sockets.last!.open();
  socket.receive({ type: 'ready' }).receive({ type: 'snapshot', list: [] });
  const send = (event: 'start' | 'end' | 'processed', a: Alarm) => socket.receive({ type: 'alarm', event, alarm: a });
  return { ...k, alarms, dialogs, stop, send, socket, sockets };
}

afterEach(() => localStorage.clear());

describe('AlarmServiceImpl', () => {
  it('puts a started alarm of a pushed type on the tip, newest first, and asks for a sound', async () => {
    const { alarms, dialogs, send } = await setup();
    send('start', alarm(1));
    send('start', alarm(2, { alarmType: 'overspeed', alarmName: '超速报警', plateNo: null, terminalNo: '013800000002' }));
    expect(dialogs.alarmTip.map((a) => [a.id, a.alarmType, a.plateNo])).toEqual([
      [2, '超速报警', '013800000002'],
      [1, '紧急报警', '京A00001'],
    ]);
    expect(alarms.soundSerial).toBe(2);
  });

  it('ignores types the tenant does not push, end events and a second start of the same alarm', async () => {
    const { alarms, dialogs, send } = await setup();
    send('start', alarm(1, { alarmType: 'fatigue', alarmName: '疲劳驾驶' }));
    send('end', alarm(2));
    send('start', alarm(3));
    send('start', alarm(3));
    expect(dialogs.alarmTip.map((a) => a.id)).toEqual([3]);
    expect(alarms.soundSerial).toBe(1);
  });

  it('shows nothing when popup is off, and stays silent when sound is off', async () => {
    const off = await setup(settings({ popup: false }));
    off.send('start', alarm(1));
    expect(off.dialogs.alarmTip).toEqual([]);
    off.stop();
    localStorage.clear();
    const quiet = await setup(settings({ sound: false }));
    quiet.send('start', alarm(1));
    expect(quiet.dialogs.alarmTip.map((a) => a.id)).toEqual([1]);
    expect(quiet.alarms.soundSerial).toBe(0);
  });

  it('takes an alarm processed elsewhere off the tip', async () => {
    const { dialogs, send } = await setup();
    send('start', alarm(1));
    send('start', alarm(2));
    send('processed', alarm(1, { status: 1, processNote: '已联系司机' }));
    expect(dialogs.alarmTip.map((a) => a.id)).toEqual([2]);
  });

  it('keeps the tip in storage (alarmRealTime) and restores it on the next start', async () => {
    const first = await setup();
    first.send('start', alarm(1));
    first.send('start', alarm(2));
    const stored = JSON.parse(localStorage.getItem('main_alarmRealTime') ?? '[]') as { id: number }[];
    expect(stored.map((a) => a.id)).toEqual([2, 1]);
    first.stop();
    const sockets = new FakeWebSockets();
    const k = createTestKernel({ webSocketFactory: sockets.factory });
    k.server.on('POST', PUSH_PATH, ok(settings()));
    k.get<Alarms>(AlarmService).start();
    expect(k.get<Dialogs>(DialogService).alarmTip.map((a) => a.id)).toEqual([2, 1]);
  });

  it('reads the push settings once per login, and uses saved ones at once', async () => {
    const { alarms, server, dialogs, stop, sockets } = await setup(settings({ alarmTypes: ['overspeed'] }));
    stop();
    alarms.start();
    await vi.waitFor(() => expect(sockets.sockets).toHaveLength(2));
    expect(server.to(PUSH_PATH)).toHaveLength(1);
    alarms.setPush(settings({ alarmTypes: ['sos'] }));
    sockets.last!.open().receive({ type: 'alarm', event: 'start', alarm: alarm(5) });
    expect(dialogs.alarmTip.map((a) => a.id)).toEqual([5]);
  });

  it('shows every alarm when the push settings cannot be read', async () => {
    const { dialogs, send } = await setup('fail');
    send('start', alarm(1, { alarmType: 'fatigue', alarmName: '疲劳驾驶' }));
    expect(dialogs.alarmTip.map((a) => a.id)).toEqual([1]);
  });

  it('holds alarms that arrive before the settings and applies them once read', async () => {
    storeUser({ userId: 7, account: 'admin' }, 'sid-1');
    const sockets = new FakeWebSockets();
    const k = createTestKernel({ webSocketFactory: sockets.factory });
    let answer: (v: unknown) => void = () => undefined;
    k.server.on('POST', PUSH_PATH, () => new Promise((r) => (answer = () => r(ok(settings({ alarmTypes: ['sos'] }))))));
    const alarms = k.get<Alarms>(AlarmService);
    alarms.start();
    await vi.waitFor(() => expect(sockets.last).not.toBeUndefined());
    sockets.last!.open().receive({ type: 'alarm', event: 'start', alarm: alarm(1) }).receive({ type: 'alarm', event: 'start', alarm: alarm(2, { alarmType: 'fatigue' }) });
    const dialogs = k.get<Dialogs>(DialogService);
    expect(dialogs.alarmTip).toEqual([]);
    answer(undefined);
    await vi.waitFor(() => expect(dialogs.alarmTip.map((a) => a.id)).toEqual([1]));
  });

  it('processes with a note, takes the alarms off the tip, and refuses an empty or long note', async () => {
    const { alarms, dialogs, send, server } = await setup();
    server.on('POST', PROCESS_PATH, ok({ updated: 2 }));
    send('start', alarm(1));
    send('start', alarm(2));
    send('start', alarm(3));
    await expect(alarms.process([1], '  ')).rejects.toThrow('请填写处理意见');
    await expect(alarms.process([1], 'x'.repeat(201))).rejects.toThrow('处理意见不能超过 200 个字');
    expect(server.to(PROCESS_PATH)).toHaveLength(0);
    expect(await alarms.process([1, 2], ' 已联系司机 ')).toBe(2);
    expect(server.to(PROCESS_PATH)[0]?.body).toEqual({ ids: [1, 2], note: '已联系司机' });
    expect(dialogs.alarmTip.map((a) => a.id)).toEqual([3]);
  });

  it("passes the server's refusal on", async () => {
    const { alarms, server } = await setup();
    server.on('POST', PROCESS_PATH, flag(403, '没有权限'));
    await expect(alarms.process([1], '处理')).rejects.toThrow('没有权限');
  });

  it('holds the live channel while started and lets it go when the last user stops, taking the tip off the screen', async () => {
    const { stop, socket, get, send, dialogs } = await setup();
    const live = get<Live>(LiveService);
    send('start', alarm(1));
    stop();
    expect(dialogs.alarmTip).toEqual([]);
    expect(socket.closedWith).toBe(1000);
    expect(live.status).toBe('offline');
  });
});
