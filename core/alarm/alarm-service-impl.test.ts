import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AlarmService,
  LiveService,
  type Alarm,
  type AlarmPushSettings,
  type AlarmService as Alarms,
  type LiveService as Live,
} from '@tianlu/sdk';
import { createTestKernel, flag, ok, storeUser } from '../test/fake-server';
import { FakeWebSockets } from '../test/fake-web-socket';
import { testAlarm } from '../test/alarm-fixture';

const PUSH_PATH = '/car/v4/api/alarm/push/listAlarmPushInfo.json';
const PROCESS_PATH = '/car/v1/api/monitor/processAlarm';
const REALTIME_PATH = '/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json';

/** The alarm ids on the desk, in the desk's order. */
const ids = (alarms: Alarms) => alarms.desk.flatMap((e) => e.ids);

const alarm = testAlarm;

const settings = (patch: Partial<AlarmPushSettings> = {}): AlarmPushSettings => ({
  popup: true,
  sound: true,
  alarmTypes: ['sos', 'overspeed'],
  email: { enabled: false, to: [] },
  sms: { enabled: false, phones: [] },
  ...patch,
});

async function setup(push: AlarmPushSettings | 'fail' = settings(), unhandled: Alarm[] = []) {
  storeUser({ userId: 7, account: 'admin' }, 'sid-1');
  const sockets = new FakeWebSockets();
  const k = createTestKernel({ webSocketFactory: sockets.factory });
  k.server.on('POST', PUSH_PATH, push === 'fail' ? flag(500, '服务器内部错误') : ok(push));
  k.server.on('GET', REALTIME_PATH, ok({ total: unhandled.length, list: unhandled }));
  const alarms = k.get<Alarms>(AlarmService);
  const stop = alarms.start();
  await vi.waitFor(() => expect(alarms.push).not.toBeUndefined());
  await vi.waitFor(() => expect(sockets.last).not.toBeUndefined());
  const socket = sockets.last!.open();
  socket.receive({ type: 'ready' }).receive({ type: 'snapshot', list: [] });
  const send = (event: 'start' | 'end' | 'processed', a: Alarm) => socket.receive({ type: 'alarm', event, alarm: a });
  return { ...k, alarms, stop, send, socket, sockets };
}

afterEach(() => localStorage.clear());

describe('AlarmServiceImpl', () => {
  it('puts a started alarm of a pushed type on the desk, most urgent first, and announces each arrival', async () => {
    const { alarms, send } = await setup();
    send('start', alarm(1));
    send('start', alarm(2, { alarmType: 'overspeed', alarmName: '超速报警', level: 'normal', plateNo: null, terminalNo: '013800000002', startTime: '2026-03-01T10:05:00+08:00' }));
    expect(alarms.desk.map((e) => [e.ids, e.alarmName, e.plateNo, e.level])).toEqual([
      [[1], '紧急报警', '京A00001', 'urgent'],
      [[2], '超速报警', '013800000002', 'normal'],
    ]);
    expect(alarms.arrival?.serial).toBe(2);
    expect(alarms.arrival?.entry.ids).toEqual([2]);
  });

  it('asks for the unhandled alarms beside the push settings, and one handled meanwhile stays off the desk', async () => {
    storeUser({ userId: 7, account: 'admin' }, 'sid-1');
    const sockets = new FakeWebSockets();
    const k = createTestKernel({ webSocketFactory: sockets.factory });
    let answerPush: (reply: ReturnType<typeof ok>) => void = () => undefined;
    k.server.on('POST', PUSH_PATH, () => new Promise((resolve) => (answerPush = resolve)));
    k.server.on('GET', REALTIME_PATH, ok({ total: 2, list: [alarm(9), alarm(11, { terminalNo: '013800000011' })] }));
    const alarms = k.get<Alarms>(AlarmService);
    alarms.start();
    // both questions are out while the settings have not arrived
    await vi.waitFor(() => expect(k.server.to(REALTIME_PATH)).toHaveLength(1));
    expect(k.server.to(PUSH_PATH)).toHaveLength(1);
    expect(alarms.push).toBeUndefined();
    await vi.waitFor(() => expect(sockets.last).not.toBeUndefined());
    const socket = sockets.last!.open();
    socket.receive({ type: 'ready' }).receive({ type: 'snapshot', list: [] });
    socket.receive({ type: 'alarm', event: 'processed', alarm: alarm(11, { terminalNo: '013800000011', status: 1 }) });
    answerPush(ok(settings()));
    await vi.waitFor(() => expect(ids(alarms)).toEqual([9]));
  });

  it('asks its two questions as the console starts and begins from their answers, asking nothing again', async () => {
    storeUser({ userId: 7, account: 'admin' }, 'sid-1');
    const sockets = new FakeWebSockets();
    const k = createTestKernel({ webSocketFactory: sockets.factory });
    k.server.on('POST', PUSH_PATH, ok(settings()));
    k.server.on('GET', REALTIME_PATH, ok({ total: 2, list: [alarm(9), alarm(11, { terminalNo: '013800000011' })] }));
    const alarms = k.get<Alarms & { askEarly(): void }>(AlarmService);
    alarms.askEarly();
    await vi.waitFor(() => expect(alarms.push).not.toBeUndefined());
    expect(k.server.to(REALTIME_PATH)).toHaveLength(1);
    // nothing is on screen before the desk begins, and the channel is not opened for it
    expect(ids(alarms)).toEqual([]);
    expect(sockets.last).toBeUndefined();
    alarms.start();
    await vi.waitFor(() => expect(ids(alarms)).toEqual([9, 11]));
    expect(k.server.to(PUSH_PATH)).toHaveLength(1);
    expect(k.server.to(REALTIME_PATH)).toHaveLength(1);
    await vi.waitFor(() => expect(sockets.last).not.toBeUndefined());
  });

  it('asks again when it begins for another session than the one that asked early', async () => {
    storeUser({ userId: 7, account: 'admin' }, 'sid-1');
    const k = createTestKernel({ webSocketFactory: new FakeWebSockets().factory });
    k.server.on('POST', PUSH_PATH, ok(settings()));
    k.server.on('GET', REALTIME_PATH, ok({ total: 1, list: [alarm(5)] }));
    const alarms = k.get<Alarms & { askEarly(): void }>(AlarmService);
    alarms.askEarly();
    await vi.waitFor(() => expect(k.server.to(REALTIME_PATH)).toHaveLength(1));
    storeUser({ userId: 8, account: 'ops' }, 'sid-2');
    alarms.start();
    await vi.waitFor(() => expect(k.server.to(REALTIME_PATH)).toHaveLength(2));
    await vi.waitFor(() => expect(k.server.to(PUSH_PATH)).toHaveLength(2));
    await vi.waitFor(() => expect(ids(alarms)).toEqual([5]));
  });

  it('starts from the unhandled alarms of the last 24 hours, announcing once the most urgent this browser had not seen', async () => {
    const unhandled = [
      alarm(10, { alarmType: 'overspeed', level: 'normal', terminalNo: '013800000002', startTime: '2026-03-01T09:30:00+08:00' }),
      alarm(9, { startTime: '2026-03-01T09:00:00+08:00' }),
      alarm(8, { alarmType: 'fatigue', startTime: '2026-03-01T08:00:00+08:00' }),
    ];
    const { alarms, stop } = await setup(settings(), unhandled);
    await vi.waitFor(() => expect(ids(alarms)).toEqual([9, 10]));
    expect(alarms.arrival).toMatchObject({ serial: 1, entry: { ids: [9] } });
    // seen already (kept in storage): nothing is announced on the next start
    await vi.waitFor(() => expect(localStorage.getItem('main_alarmRealTime')).toContain('"ids":[10]'));
    stop();
    const again = await setup(settings(), unhandled);
    await vi.waitFor(() => expect(again.server.to(REALTIME_PATH)).toHaveLength(1));
    await vi.waitFor(() => expect(ids(again.alarms)).toEqual([9, 10]));
    expect(again.alarms.arrival).toBeUndefined();
  });

  it('ignores types the tenant does not push, end events and a second start of the same alarm', async () => {
    const { alarms, send } = await setup();
    send('start', alarm(1, { alarmType: 'fatigue', alarmName: '疲劳驾驶' }));
    send('end', alarm(2));
    send('start', alarm(3));
    send('start', alarm(3));
    expect(ids(alarms)).toEqual([3]);
    expect(alarms.arrival?.serial).toBe(1);
  });

  it('shows nothing when the tenant turned the popup off', async () => {
    const off = await setup(settings({ popup: false }));
    off.send('start', alarm(1));
    expect(ids(off.alarms)).toEqual([]);
  });

  it('takes an alarm processed elsewhere off the desk', async () => {
    const { alarms, send } = await setup();
    send('start', alarm(1));
    send('start', alarm(2, { terminalNo: '013800000002' }));
    send('processed', alarm(1, { status: 1, processNote: '已联系司机' }));
    expect(ids(alarms)).toEqual([2]);
  });

  it('after a break in the live channel, shows what started meanwhile and drops what was handled meanwhile', async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const first = alarm(1, { startTime: minutesAgo(30) });
    const second = alarm(2, { terminalNo: '013800000002', plateNo: '京A00002', startTime: minutesAgo(20) });
    const { alarms, server, socket, sockets } = await setup(settings(), [first, second]);
    await vi.waitFor(() => expect([...ids(alarms)].sort()).toEqual([1, 2]));
    // while the channel is down: 1 is handled by someone else and 3 starts
    const third = alarm(3, { terminalNo: '013800000003', plateNo: '京A00003', startTime: minutesAgo(1) });
    server.on('GET', REALTIME_PATH, ok({ total: 2, list: [third, second] }));
    socket.drop();
    await vi.waitFor(() => expect(sockets.sockets).toHaveLength(2), { timeout: 15_000 });
    expect(ids(alarms)).toContain(1); // nothing changes before the channel is back
    sockets.last!.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list: [] });
    await vi.waitFor(() => expect([...ids(alarms)].sort()).toEqual([2, 3]));
    expect(alarms.arrival?.entry.ids).toEqual([3]);
    expect(server.to(REALTIME_PATH)).toHaveLength(2);
  });

  it('keeps the desk in storage (alarmRealTime) and restores it on the next start', async () => {
    const first = await setup();
    first.send('start', alarm(1));
    first.send('start', alarm(2, { terminalNo: '013800000002', startTime: '2026-03-01T10:01:00+08:00' }));
    await vi.waitFor(() => {
      const stored = JSON.parse(localStorage.getItem('main_alarmRealTime') ?? '[]') as { ids: number[] }[];
      expect(stored.map((e) => e.ids)).toEqual([[2], [1]]);
    });
    first.stop();
    const sockets = new FakeWebSockets();
    const k = createTestKernel({ webSocketFactory: sockets.factory });
    k.server.on('POST', PUSH_PATH, ok(settings()));
    k.get<Alarms>(AlarmService).start();
    expect(ids(k.get<Alarms>(AlarmService))).toEqual([2, 1]);
  });

  it('reads the push settings once per login, and uses saved ones at once', async () => {
    const { alarms, server, stop, sockets } = await setup(settings({ alarmTypes: ['overspeed'] }));
    stop();
    alarms.start();
    await vi.waitFor(() => expect(sockets.sockets).toHaveLength(2));
    expect(server.to(PUSH_PATH)).toHaveLength(1);
    alarms.setPush(settings({ alarmTypes: ['sos'] }));
    sockets.last!.open().receive({ type: 'alarm', event: 'start', alarm: alarm(5) });
    expect(ids(alarms)).toEqual([5]);
  });

  it('shows every alarm when the push settings cannot be read', async () => {
    const { alarms, send } = await setup('fail');
    send('start', alarm(1, { alarmType: 'fatigue', alarmName: '疲劳驾驶' }));
    expect(ids(alarms)).toEqual([1]);
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
    expect(ids(alarms)).toEqual([]);
    answer(undefined);
    await vi.waitFor(() => expect(ids(alarms)).toEqual([1]));
  });

  it('processes with a note, takes the alarms off the desk, and refuses an empty or long note', async () => {
    const { alarms, send, server } = await setup();
    server.on('POST', PROCESS_PATH, ok({ updated: 2 }));
    send('start', alarm(1));
    send('start', alarm(2, { terminalNo: '013800000002' }));
    send('start', alarm(3, { terminalNo: '013800000003' }));
    await expect(alarms.process([1], '  ')).rejects.toThrow('请填写处理意见');
    await expect(alarms.process([1], 'x'.repeat(201))).rejects.toThrow('处理意见不能超过 200 个字');
    expect(server.to(PROCESS_PATH)).toHaveLength(0);
    expect(await alarms.process([1, 2], ' 已联系司机 ')).toBe(2);
    expect(server.to(PROCESS_PATH)[0]?.body).toEqual({ ids: [1, 2], note: '已联系司机' });
    expect(ids(alarms)).toEqual([3]);
  });

  it('keeps the note of an entry being handled while alarms arrive, and submits it for every merged alarm', async () => {
    const { alarms, send, server } = await setup();
    server.on('POST', PROCESS_PATH, ok({ updated: 2 }));
    send('start', alarm(1));
    const key = alarms.desk[0]!.key;
    alarms.startHandling(key);
    alarms.setNote(key, '已电话联系');
    for (let i = 2; i <= 11; i++) send('start', alarm(i, { terminalNo: `01380000${String(i).padStart(4, '0')}`, alarmType: 'overspeed', alarmName: '超速报警', level: 'normal' }));
    send('start', alarm(12, { startTime: '2026-03-01T10:03:00+08:00' }));
    expect(alarms.handling.map((e) => e.ids)).toEqual([[12, 1]]);
    expect(alarms.noteOf(key)).toBe('已电话联系');
    // this desk's own 处理 comes back over the live channel before the answer does
    server.on('POST', PROCESS_PATH, () => {
      send('processed', alarm(12, { status: 1 }));
      send('processed', alarm(1, { status: 1 }));
      return ok({ updated: 2 });
    });
    expect(await alarms.submitHandling(key)).toBe(2);
    expect(server.to(PROCESS_PATH)[0]?.body).toEqual({ ids: [12, 1], note: '已电话联系' });
    expect(alarms.handling).toEqual([]);
    expect(alarms.desk).toHaveLength(10);
  });

  it('keeps an entry being handled when someone else handles it, saying so, until its form closes', async () => {
    const { alarms, send } = await setup();
    send('start', alarm(1));
    const key = alarms.desk[0]!.key;
    alarms.startHandling(key);
    send('processed', alarm(1, { status: 1 }));
    expect(alarms.handling[0]?.processedElsewhere).toBe(true);
    await expect(alarms.submitHandling(key)).rejects.toThrow('该告警已由他人处理');
    alarms.cancelHandling(key);
    expect(alarms.desk).toEqual([]);
  });

  it("keeps each user's level choices", async () => {
    const { alarms } = await setup();
    expect(alarms.prefs.pop).toEqual(['urgent']);
    alarms.setPrefs({ pop: ['urgent', 'normal'], speak: [] });
    expect(JSON.parse(localStorage.getItem('main_alarmDeskPrefs') ?? '{}')['7']).toMatchObject({ pop: ['urgent', 'normal'], speak: [] });
  });

  it("passes the server's refusal on", async () => {
    const { alarms, server } = await setup();
    server.on('POST', PROCESS_PATH, flag(403, '没有权限'));
    await expect(alarms.process([1], '处理')).rejects.toThrow('没有权限');
  });

  it('holds the live channel while started and lets it go when the last user stops, taking the desk off the screen', async () => {
    const { alarms, stop, socket, get, send } = await setup();
    const live = get<Live>(LiveService);
    send('start', alarm(1));
    stop();
    expect(ids(alarms)).toEqual([]);
    expect(socket.closedWith).toBe(1000);
    expect(live.status).toBe('offline');
  });
});
