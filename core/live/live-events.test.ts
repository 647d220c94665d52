import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveService, type AlarmLiveEvent, type LiveService as Live } from '@tianlu/sdk';
import { createTestKernel, storeUser } from '../test/fake-server';
import { FakeWebSockets } from '../test/fake-web-socket';

afterEach(() => vi.restoreAllMocks());

async function connected() {
  storeUser({ userId: 7, account: 'admin' }, 'sid-9');
  const sockets = new FakeWebSockets();
  const live = createTestKernel({ webSocketFactory: sockets.factory }).get<Live>(LiveService);
  live.connect();
  await vi.waitFor(() => expect(sockets.last).not.toBeUndefined());
  return { live, socket: sockets.last!.open() };
}

const alarm = { id: 5, alarmType: 'sos', alarmName: '紧急报警', terminalNo: '013800000001' };

describe('LiveService events', () => {
  it('hands alarm messages to every listener until it is disposed', async () => {
    const { live, socket } = await connected();
    const a: AlarmLiveEvent[] = [];
    const b: AlarmLiveEvent[] = [];
    const subA = live.on('alarm', (e) => a.push(e));
    live.on('alarm', (e) => b.push(e));
    socket.receive({ type: 'alarm', event: 'start', alarm });
    subA.dispose();
    socket.receive({ type: 'alarm', event: 'processed', alarm: { ...alarm, status: 1 } });
    expect(a.map((e) => e.event)).toEqual(['start']);
    expect(b.map((e) => [e.event, e.alarm.id])).toEqual([
      ['start', 5],
      ['processed', 5],
    ]);
  });

  it('keeps delivering when one listener throws, and ignores alarm messages without an alarm', async () => {
    const { live, socket } = await connected();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: number[] = [];
    live.on('alarm', () => {
      throw new Error('broken listener');
    });
    live.on('alarm', (e) => seen.push(e.alarm.id));
    socket.receive({ type: 'alarm', event: 'start' });
    socket.receive({ type: 'alarm', event: 'start', alarm });
    expect(seen).toEqual([5]);
  });

  it('tells the user that an export is ready (exportReady), and skips one without an id', async () => {
    const { live, socket } = await connected();
    const ready: { id: number; fileName: string }[] = [];
    live.on('exportReady', (e) => ready.push(e));
    socket.receive({ type: 'exportReady', fileName: '缺少编号.xlsx' });
    socket.receive({ type: 'exportReady', id: 12, fileName: '里程报表.xlsx' });
    expect(ready).toEqual([{ id: 12, fileName: '里程报表.xlsx' }]);
  });
});
