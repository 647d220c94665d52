import { afterEach, describe, expect, it, vi } from 'vitest';
import { autorun } from 'mobx';
import {
  DialogService, LIVE_OWN_REQUEST_REASON, LIVE_POSITIONS_LINGER_MS, LIVE_SESSION_CLOSE_CODE, LiveService, SessionService, type DialogService as Dialogs, type LiveService as Live, type MonitorItem,
  type SessionService as Session,
} from '@tianlu/sdk';
import { createTestKernel, ok, storeUser } from '../test/fake-server';
import { FakeWebSockets } from '../test/fake-web-socket';
import { monitorItem } from '../../sdk/testing/monitor-item';

function item(terminalNo: string, patch: Partial<MonitorItem> = {}): MonitorItem {
  return monitorItem(terminalNo, patch);
}

function setup(loggedIn = true) {
  vi.useFakeTimers();
  if (loggedIn) storeUser({ userId: 7, account: 'admin' }, 'sid-9');
  const sockets = new FakeWebSockets();
  const k = createTestKernel({ webSocketFactory: sockets.factory });
  return { ...k, sockets, live: k.get<Live>(LiveService), dialogs: k.get<Dialogs>(DialogService) };
}

afterEach(() => {
  vi.useRealTimers();
});

/** connect() loads the socket side on first use: wait for it. */
async function connect(live: Live) {
  live.connect();
  await vi.dynamicImportSettled();
}

describe('LiveServiceImpl', () => {
  it('opens /ws on the page origin and authenticates with the stored session as its first message', async () => {
    const { live, sockets } = setup();
    await connect(live);
    expect(live.status).toBe('connecting');
    const socket = sockets.last!;
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    socket.open();
    // nobody watches positions: the channel brings alarms, commands and export notices without a snapshot
    expect(socket.sent[0]).toEqual({ type: 'auth', sessionId: 'sid-9', userId: 7, positions: false });
    socket.receive({ type: 'ready' });
    expect(live.status).toBe('live');
    expect(live.positionsLive).toBe(false);
  });

  it('does not connect without a logged-in user', async () => {
    const { live, sockets } = setup(false);
    await connect(live);
    expect(sockets.sockets).toHaveLength(0);
    expect(live.status).toBe('offline');
  });

  it('applies the snapshot, then positions and online messages', async () => {
    const { live, sockets } = setup();
    await connect(live);
    sockets.last!.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list: [item('013800000001'), item('013800000002')] });
    expect(live.status).toBe('live');
    expect([...live.positions.keys()]).toEqual(['013800000001', '013800000002']);
    sockets.last!.receive({ type: 'positions', list: [item('013800000001', { lon: 117, speed: 55 })] });
    expect(live.positions.get('013800000001')).toMatchObject({ lon: 117, speed: 55 });
    sockets.last!.receive({ type: 'online', terminalNo: '013800000002', online: false, at: '2026-01-01T08:01:00+08:00' });
    expect(live.positions.get('013800000002')?.online).toBe(false);
  });

  it('applies a positions message of many assets in one action: observers run once', async () => {
    const { live, sockets } = setup();
    await connect(live);
    sockets.last!.open().receive({ type: 'snapshot', list: [item('1'), item('2'), item('3')] });
    let runs = 0;
    const stop = autorun(() => {
      runs++;
      for (const v of live.positions.values()) void v.lon;
    });
    runs = 0;
    sockets.last!.receive({ type: 'positions', list: [item('1', { lon: 1 }), item('2', { lon: 2 }), item('3', { lon: 3 })] });
    expect(runs).toBe(1);
    stop();
  });

  it('pings every 30 s', async () => {
    const { live, sockets } = setup();
    await connect(live);
    const socket = sockets.last!.open();
    vi.advanceTimersByTime(30_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(60_000);
    expect(socket.sent.filter((m) => m.type === 'ping')).toHaveLength(3);
  });

  it('reconnects with growing delays, and the new connection replaces the data with a fresh snapshot', async () => {
    const { live, sockets } = setup();
    await connect(live);
    sockets.last!.open().receive({ type: 'snapshot', list: [item('1'), item('2')] });
    sockets.last!.drop();
    expect(live.status).toBe('offline');
    vi.advanceTimersByTime(999);
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);
    sockets.last!.drop(); // fails again: next try after 2 s
    vi.advanceTimersByTime(1999);
    expect(sockets.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const again = sockets.last!.open();
    expect(again.sent[0]).toMatchObject({ type: 'auth', sessionId: 'sid-9' });
    again.receive({ type: 'ready' }).receive({ type: 'snapshot', list: [item('2', { lon: 118 }), item('3')] });
    expect(live.status).toBe('live');
    expect([...live.positions.keys()].sort()).toEqual(['2', '3']);
    expect(live.positions.get('2')?.lon).toBe(118);
  });

  it('on flag 4010 shows the session-expired dialog, forgets the session and stops reconnecting', async () => {
    const { live, sockets, dialogs } = setup();
    await connect(live);
    const socket = sockets.last!.open();
    socket.receive({ type: 'error', flag: 4010, msg: '会话过期' });
    expect(dialogs.sessionExpired).toBe(true);
    expect(localStorage.getItem('main_sessionId')).toBeNull();
    expect(socket.closedWith).toBe(1000);
    expect(live.status).toBe('offline');
    vi.advanceTimersByTime(120_000);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('on close code 4401 shows the session-expired dialog, unless its own page ended the session', async () => {
    const ended = setup();
    await connect(ended.live);
    ended.sockets.last!.open().drop(LIVE_SESSION_CLOSE_CODE, 'session');
    expect(ended.dialogs.sessionExpired).toBe(true);
    expect(localStorage.getItem('main_sessionId')).toBeNull();
    vi.useRealTimers();

    // a password change of this page: the page says 密码已修改 and logs out itself
    const own = setup();
    await connect(own.live);
    own.sockets.last!.open().drop(LIVE_SESSION_CLOSE_CODE, LIVE_OWN_REQUEST_REASON);
    expect(own.dialogs.sessionExpired).toBe(false);
    expect(own.live.status).toBe('offline');
    vi.advanceTimersByTime(120_000);
    expect(own.sockets.sockets).toHaveLength(1);
  });

  it('closes as its page logs out, before the server ends the session: that end is no 会话过期 here, and later disconnects do nothing', async () => {
    const { live, sockets, dialogs, server, get } = setup();
    await connect(live);
    live.connect(); // a second user of the channel
    const socket = sockets.last!.open().receive({ type: 'ready' });
    let closedWhenServerAsked: number | undefined;
    server.on('GET', '/oauth/logout', () => {
      closedWhenServerAsked = socket.closedWith;
      return ok(null);
    });
    await get<Session>(SessionService).logout();
    expect(closedWhenServerAsked).toBe(1000);
    // the server's own close of the ended session, arriving afterwards
    socket.drop(LIVE_SESSION_CLOSE_CODE, 'session');
    expect(dialogs.sessionExpired).toBe(false);
    expect(live.status).toBe('offline');
    live.disconnect();
    live.disconnect();
    vi.advanceTimersByTime(120_000);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('a disconnect before the socket side has loaded opens nothing', async () => {
    const { live, sockets } = setup();
    live.connect();
    live.disconnect();
    await vi.dynamicImportSettled();
    expect(sockets.sockets).toHaveLength(0);
    expect(live.status).toBe('offline');
  });

  it('is shared: the socket closes when the last user disconnects', async () => {
    const { live, sockets } = setup();
    await connect(live);
    live.connect();
    expect(sockets.sockets).toHaveLength(1);
    live.disconnect();
    expect(sockets.last!.closedWith).toBeUndefined();
    live.disconnect();
    expect(sockets.last!.closedWith).toBe(1000);
    expect(live.status).toBe('offline');
  });

  it('subscribes to positions while at least one watcher needs them, and unsubscribes a while after the last left', async () => {
    const { live, sockets } = setup();
    await connect(live); // the alarm desk
    const socket = sockets.last!.open().receive({ type: 'ready' });
    const subscriptions = () => socket.sent.filter((m) => m.type === 'subscribe');
    const monitor = live.watchPositions();
    const dialog = live.watchPositions();
    expect(subscriptions()).toEqual([{ type: 'subscribe', positions: true }]);
    expect(live.positionsLive).toBe(false);
    socket.receive({ type: 'snapshot', list: [item('1')] });
    expect(live.positionsLive).toBe(true);

    dialog.dispose();
    dialog.dispose(); // once is what counts
    vi.advanceTimersByTime(LIVE_POSITIONS_LINGER_MS);
    expect(subscriptions()).toHaveLength(1);

    // a page replacing the monitor watches again before the linger ends: no second snapshot is asked for
    monitor.dispose();
    vi.advanceTimersByTime(LIVE_POSITIONS_LINGER_MS - 1);
    const next = live.watchPositions();
    vi.advanceTimersByTime(LIVE_POSITIONS_LINGER_MS);
    expect(subscriptions()).toHaveLength(1);
    expect(live.positionsLive).toBe(true);

    next.dispose();
    vi.advanceTimersByTime(LIVE_POSITIONS_LINGER_MS - 1);
    expect(subscriptions()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(subscriptions()).toEqual([{ type: 'subscribe', positions: true }, { type: 'subscribe', positions: false }]);
    expect(live.positionsLive).toBe(false);
    // the channel stays open for its other user
    expect(socket.closedWith).toBeUndefined();
    expect(live.status).toBe('live');

    live.watchPositions();
    expect(subscriptions().at(-1)).toEqual({ type: 'subscribe', positions: true });
  });

  it('keeps the subscription across reconnections: each auth says whether positions are wanted', async () => {
    const { live, sockets } = setup();
    const watch = live.watchPositions();
    await vi.dynamicImportSettled();
    const first = sockets.last!.open();
    expect(first.sent).toEqual([{ type: 'auth', sessionId: 'sid-9', userId: 7, positions: true }]);
    first.receive({ type: 'ready' }).receive({ type: 'snapshot', list: [item('1')] });
    first.drop();
    expect(live.positionsLive).toBe(false);
    vi.advanceTimersByTime(1000);
    const second = sockets.last!.open();
    expect(second.sent[0]).toMatchObject({ type: 'auth', positions: true });
    second.receive({ type: 'ready' });
    expect(live.status).toBe('live');
    expect(live.positionsLive).toBe(false);
    second.receive({ type: 'snapshot', list: [item('2')] });
    expect(live.positionsLive).toBe(true);
    expect([...live.positions.keys()]).toEqual(['2']);

    // the last watcher was the last user: the socket closes, and the next connection wants no positions
    watch.dispose();
    expect(second.closedWith).toBe(1000);
    await connect(live);
    expect(sockets.last!.open().sent[0]).toMatchObject({ type: 'auth', positions: false });
  });

  it('merges HTTP items unless the stored one is newer', () => {
    const { live } = setup();
    live.merge([item('1', { gpsTime: '2026-01-01T08:00:10+08:00', lon: 1 })]);
    live.merge([item('1', { gpsTime: '2026-01-01T08:00:00+08:00', lon: 2 }), item('2')]);
    expect(live.positions.get('1')?.lon).toBe(1);
    expect(live.positions.size).toBe(2);
  });

  it('takes an expired item over a stored position and keeps it offline when its terminal connects', async () => {
    const { live, sockets } = setup();
    live.merge([item('1')]);
    const expired = item('1', { online: false, lon: null, lat: null, speed: null, gpsTime: null, expired: true, hint: '服务已到期，请续费' });
    live.merge([expired]);
    expect(live.positions.get('1')).toMatchObject({ expired: true, lon: null });
    await connect(live);
    sockets.last!.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list: [expired] });
    sockets.last!.receive({ type: 'online', terminalNo: '1', online: true, at: '2026-01-01T08:01:00+08:00' });
    expect(live.positions.get('1')).toMatchObject({ expired: true, online: false });
    // renewed: the server pushes the item with its position again
    sockets.last!.receive({ type: 'positions', list: [item('1', { lon: 117 })] });
    expect(live.positions.get('1')).toMatchObject({ online: true, lon: 117 });
  });
});
