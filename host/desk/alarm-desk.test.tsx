import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@tianlu/sdk';
import { DEMO_USER, logIn, ok, RESOURCES, renderApp, shellServer } from '../test/app-harness';
import { MAIN_CONTAINER_ID } from '../layout/main-layout-ids';
import { audioGate, resetAlarmAudio } from './alarm-beep';
import { testAlarm } from '../../core/test/alarm-fixture';

const PUSH = { popup: true, sound: true, alarmTypes: ['sos', 'vibration'], email: { enabled: false, to: [] }, sms: { enabled: false, phones: [] } };

// another plate is another terminal
const sos = (id: number, plateNo = '京A00001'): Alarm =>
  testAlarm(id, { plateNo, terminalNo: plateNo === '京A00001' ? '013800000001' : `0139${String(id).padStart(8, '0')}` });

/**
 * The browser's audio edge: counts the beeps the desk plays. `locked` refuses play() as browsers do
 * until the page has had a click or key press (a click during the call counts, as the ask button's).
 */
function fakeAudio(locked = false) {
  const played: string[] = [];
  let activated = !locked;
  const activate = () => (activated = true);
  window.addEventListener('click', activate, true);
  window.addEventListener('keydown', activate, true);
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (!activated) return Promise.reject(new DOMException('play() can only be initiated by a user gesture.', 'NotAllowedError'));
    played.push(this.src);
    return Promise.resolve();
  });
  resetAlarmAudio();
  restoreAudio = () => {
    play.mockRestore();
    window.removeEventListener('click', activate, true);
    window.removeEventListener('keydown', activate, true);
  };
  return played;
}

let restoreAudio = () => {};

async function start(options: { voiceOn?: boolean; resources?: object[]; path?: string; locked?: boolean; unhandled?: Alarm[]; hadGesture?: boolean } = {}) {
  logIn(DEMO_USER);
  // the browser says whether the page has had a click or key press (jsdom does not)
  if (options.hadGesture !== undefined) Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: options.hadGesture }, configurable: true });
  if (options.voiceOn === false) localStorage.setItem('main_alarmVoiceOn', 'false');
  const server = shellServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok(options.resources ?? [...RESOURCES, { id: 8300, name: '告警中心', type: 1, path: '/car/alarm' }]))
    .on('POST', '/car/v4/api/alarm/push/listAlarmPushInfo.json', ok(PUSH))
    .on('GET', '/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json', ok({ total: options.unhandled?.length ?? 0, list: options.unhandled ?? [] }))
    .on('POST', '/car/v1/api/monitor/processAlarm', ok({ updated: 1 }));
  const beeps = fakeAudio(options.locked);
  const app = renderApp(options.path ?? '/home', server);
  await screen.findByRole('button', { name: /^告警栏/ });
  await waitFor(() => expect(app.sockets.last).not.toBeUndefined());
  await waitFor(() => expect(server.to('/car/v4/api/alarm/push/listAlarmPushInfo.json')).toHaveLength(1));
  const socket = app.sockets.last!.open();
  const send = (alarm: Alarm, event = 'start') => act(() => void socket.receive({ type: 'alarm', event, alarm }));
  return { ...app, beeps, send };
}

const vibration = (id: number, terminal: number, patch: Partial<Alarm> = {}): Alarm => ({
  ...sos(id, `粤B·D3${String(terminal).padStart(4, '0')}`),
  alarmType: 'vibration',
  alarmName: '震动告警',
  level: 'normal',
  assetKind: 'ebike',
  terminalNo: `0138${String(terminal).padStart(8, '0')}`,
  startTime: `2026-03-01T10:${String(id % 60).padStart(2, '0')}:00+08:00`,
  ...patch,
});

afterEach(() => {
  restoreAudio();
  Reflect.deleteProperty(navigator, 'userActivation');
  resetAlarmAudio();
});

describe('the alarm desk', () => {
  it('opens beside the page when an SOS arrives over /ws, with its level, plate and China time, and beeps', async () => {
    const { send, beeps } = await start();
    expect(screen.queryByRole('complementary', { name: '告警栏' })).toBeNull();
    send(sos(11));
    const desk = await screen.findByRole('complementary', { name: '告警栏' });
    const tip = within(desk).getByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(within(tip).getByText('紧急')).toBeTruthy();
    expect(within(tip).getByText('京A00001')).toBeTruthy();
    expect(within(tip).getByText('03-01 10:00:00')).toBeTruthy();
    // a column of its own: not inside the page, not laid over it
    expect(document.getElementById(MAIN_CONTAINER_ID)?.contains(desk) ?? false).toBe(false);
    expect(getComputedStyle(desk).position).not.toBe('fixed');
    expect(screen.getByRole('button', { name: '告警栏，1 条未处理' })).toBeTruthy();
    await waitFor(() => expect(beeps).toHaveLength(1));
    expect(beeps[0]).toMatch(/^data:audio\/wav;base64,/);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('main_alarmRealTime') ?? '[]')).toMatchObject([{ ids: [11], plateNo: '京A00001', alarmName: '紧急报警' }]));
  });

  it('counts an 一般 alarm on the header without opening the desk, and opens it on a click', async () => {
    const { send } = await start();
    send(vibration(20, 1));
    await screen.findByRole('button', { name: '告警栏，1 条未处理' });
    expect(screen.queryByRole('complementary', { name: '告警栏' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '告警栏，1 条未处理' }));
    const desk = await screen.findByRole('complementary', { name: '告警栏' });
    expect(within(desk).getByRole('alert', { name: /震动告警/ })).toBeTruthy();
    fireEvent.click(within(desk).getByRole('button', { name: '收起告警栏' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: '告警栏' })).toBeNull());
  });

  it('keeps an SOS being handled, with its typed note and focus, while ten more alarms arrive, then submits it', async () => {
    const { send, server } = await start();
    send(sos(13));
    fireEvent.click(within(await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' })).getByRole('button', { name: '处理' }));
    // 处理 moves the entry to 正在处理, on top, where arrivals never push it
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(screen.getByText('正在处理')).toBeTruthy();
    fireEvent.click(within(tip).getByRole('button', { name: '确定' }));
    expect(await within(tip).findByText('请填写处理意见')).toBeTruthy();
    expect(server.to('/car/v1/api/monitor/processAlarm')).toHaveLength(0);
    const note = within(tip).getByRole('textbox', { name: '处理意见' });
    note.focus();
    fireEvent.change(note, { target: { value: '已电话联系本人' } });
    for (let i = 0; i < 10; i++) send(i % 2 ? vibration(30 + i, i) : sos(30 + i, `京B0000${i}`));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(11));
    const still = screen.getByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(within(still).getByRole<HTMLTextAreaElement>('textbox', { name: '处理意见' }).value).toBe('已电话联系本人');
    expect(document.activeElement).toBe(within(still).getByRole('textbox', { name: '处理意见' }));
    fireEvent.click(within(still).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: '告警 紧急报警 京A00001' })).toBeNull());
    expect(server.to('/car/v1/api/monitor/processAlarm')[0]?.body).toEqual({ ids: [13], note: '已电话联系本人' });
  });

  it('lists 紧急 before 一般 and merges repeats of one asset into one entry with a count', async () => {
    const { send } = await start();
    send(vibration(1, 1));
    send(vibration(2, 1));
    send(vibration(3, 1));
    send(sos(4));
    const desk = await screen.findByRole('complementary', { name: '告警栏' });
    const cards = within(desk).getAllByRole('alert');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['告警 紧急报警 京A00001', '告警 震动告警 粤B·D30001']);
    expect(within(cards[1]!).getByLabelText('合并 3 条')).toBeTruthy();
  });

  it('draws a storm of arrivals together, yet opens 处理 at once and shows every alarm', async () => {
    const { send } = await start();
    for (let i = 0; i < 20; i++) send(sos(100 + i, `京C${10000 + i}`));
    const desk = await screen.findByRole('complementary', { name: '告警栏' });
    await waitFor(() => expect(within(desk).getAllByRole('alert')).toHaveLength(20));
    // the next arrival waits for the desk's next drawing; the user's 处理 does not
    send(sos(200, '京D10000'));
    fireEvent.click(within(within(desk).getByRole('alert', { name: '告警 紧急报警 京C10005' })).getByRole('button', { name: '处理' }));
    expect(within(desk).getByText('正在处理')).toBeTruthy();
    expect(within(desk).getAllByRole('alert')[0]?.getAttribute('aria-label')).toBe('告警 紧急报警 京C10005');
    expect(await within(desk).findByRole('alert', { name: '告警 紧急报警 京D10000' })).toBeTruthy();
    expect(within(desk).getAllByRole('alert')).toHaveLength(21);
  });

  it('starts with the unhandled alarms of the last day and pops once for the urgent one this browser had not seen', async () => {
    const { beeps } = await start({ unhandled: [sos(41), vibration(42, 2)] });
    await screen.findByRole('button', { name: '告警栏，2 条未处理' });
    const desk = await screen.findByRole('complementary', { name: '告警栏' });
    expect(within(desk).getAllByRole('alert')).toHaveLength(2);
    await waitFor(() => expect(beeps).toHaveLength(1));
  });

  it('lets each user choose per level what pops up, and shows only the sub-application’s own kinds when asked', async () => {
    const { send } = await start({ path: '/car/overview' });
    fireEvent.click(screen.getByRole('button', { name: /^告警栏/ }));
    const desk = await screen.findByRole('complementary', { name: '告警栏' });
    fireEvent.click(within(desk).getByRole('button', { name: '告警提醒设置' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '紧急告警弹出' }));
    fireEvent.click(within(desk).getByRole('button', { name: '收起告警栏' }));
    send(sos(50));
    await screen.findByRole('button', { name: '告警栏，1 条未处理' });
    expect(screen.queryByRole('complementary', { name: '告警栏' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('main_alarmDeskPrefs') ?? '{}')['7'].pop).toEqual([]);

    // 智能车联 shows every kind by default; 只看车辆告警 hides the e-bike's alarm
    send({ ...sos(51, '粤B·D30009'), terminalNo: '013800000009', assetKind: 'ebike' });
    await screen.findByRole('button', { name: '告警栏，2 条未处理' });
    fireEvent.click(screen.getByRole('button', { name: '告警栏，2 条未处理' }));
    const open = await screen.findByRole('complementary', { name: '告警栏' });
    fireEvent.click(within(open).getByRole('switch', { name: '只看车辆告警' }));
    await screen.findByRole('button', { name: '告警栏，1 条未处理' });
    expect(within(open).getByText('另有 1 条')).toBeTruthy();
    expect(within(open).queryByRole('alert', { name: /粤B·D30009/ })).toBeNull();
  });

  it('asks for sound before the first click and beeps on the click, with nothing tried before it', async () => {
    const { send, beeps } = await start({ locked: true, hadGesture: false });
    const ask = await screen.findByRole('button', { name: '开启告警声音' });
    expect(audioGate.locked).toBe(true);
    // an alarm before the click is not beeped late, nor does it hold back the next beep
    send(sos(59));
    await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    fireEvent.click(ask);
    await waitFor(() => expect(screen.queryByRole('button', { name: '开启告警声音' })).toBeNull());
    await waitFor(() => expect(beeps).toHaveLength(1));
    send(sos(60, '京A00002'));
    await waitFor(() => expect(beeps).toHaveLength(2));
  });

  it('asks for sound once the browser refused a beep, where it cannot tell before', async () => {
    const { send, beeps } = await start({ locked: true });
    expect(screen.queryByRole('button', { name: '开启告警声音' })).toBeNull();
    send(sos(59));
    const ask = await screen.findByRole('button', { name: '开启告警声音' });
    expect(beeps).toHaveLength(0);
    fireEvent.click(ask);
    await waitFor(() => expect(screen.queryByRole('button', { name: '开启告警声音' })).toBeNull());
    await waitFor(() => expect(beeps).toHaveLength(1));
  });

  it("shows where a badge's SOS happened and the person's phone to call", async () => {
    const { send, server } = await start();
    server.on('POST', '/car/v4/api/address/baidu/getGeo.json', (req) =>
      ok((req.body as { lonAndLatToAddressVOS: { index: number }[] }).lonAndLatToAddressVOS.map((p) => ({ index: p.index, address: '江苏省苏州市工业园区星湖街' }))) as never);
    send({ ...sos(14, '周晓梅'), contactPhone: '13912345678', lon: 120.72, lat: 31.33 });
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 周晓梅' });
    expect(within(tip).queryByText(/120\.72/)).toBeNull();
    expect(await within(tip).findByText('江苏省苏州市工业园区星湖街')).toBeTruthy();
    expect(within(tip).getByRole('link', { name: '13912345678' }).getAttribute('href')).toBe('tel:13912345678');
  });

  it('stays silent when the user turned the alarm voice off', async () => {
    const { send, beeps } = await start({ voiceOn: false });
    send(sos(12));
    await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(beeps).toEqual([]);
  });

  it('marks a late alarm 补报 beside its own time', async () => {
    const { send } = await start();
    send({ ...sos(12), late: true });
    const tip = await screen.findByRole('alert', { name: '告警 紧急报警 京A00001' });
    expect(within(tip).getByText(/补报/)).toBeTruthy();
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

  it('× takes an entry off the desk', async () => {
    const { send } = await start();
    send(sos(1));
    send(sos(2, '京A00002'));
    const newest = await screen.findByRole('alert', { name: '告警 紧急报警 京A00002' });
    fireEvent.click(within(newest).getByRole('button', { name: '关闭告警' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: '告警 紧急报警 京A00002' })).toBeNull());
    expect(screen.getByRole('alert', { name: '告警 紧急报警 京A00001' })).toBeTruthy();
  });
});
