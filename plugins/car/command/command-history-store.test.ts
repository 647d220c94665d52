import { observable, runInAction } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandApi, type Command, type HttpService, type LiveEvents, type LiveService, type LiveStatus } from '@tianlu/sdk';
import { CommandHistoryStore, LIVE_RELOAD_MS } from './command-history-store';

function command(id: number, status: Command['status'], statusText: string): Command {
  return {
    id, batchId: 'b1', terminalNo: '013800000001', plateNo: '京A12345', commandType: 'locate', commandName: '位置查询', params: {},
    status, statusText, account: 'admin', createTime: '2026-05-01T10:00:00+08:00', sendTime: null, resultTime: null, result: null,
  };
}

function setup(list: Command[]) {
  const get = vi.fn(async (_path: string, _query?: object) => ({ flag: 1, msg: '', obj: { total: list.length, list: list.slice() } }));
  let listener: ((e: LiveEvents['command']) => void) | undefined;
  const channel = observable({ status: 'connecting' as LiveStatus });
  const live = {
    get status() {
      return channel.status;
    },
    connect: vi.fn(),
    disconnect: vi.fn(),
    on: vi.fn((_type: string, l: (e: LiveEvents['command']) => void) => {
      listener = l;
      return { dispose: vi.fn() };
    }),
  } as unknown as LiveService;
  const store = new CommandHistoryStore({ http: { get, call: (e: { path: string }, q?: object) => get(e.path, q) } as unknown as HttpService, live });
  return { store, get, push: (c: Command) => listener!({ command: c }), status: (s: LiveStatus) => runInAction(() => (channel.status = s)) };
}

afterEach(() => vi.useRealTimers());

describe('CommandHistoryStore', () => {
  it('queries the filters it was given, trimmed, from page 1', async () => {
    const { store, get } = setup([]);
    store.start();
    store.setFilter({ terminalNo: ' 013800000001 ', status: '2', batchId: '' });
    store.pagination.setTotal(100);
    store.pagination.setCurrent(3);
    store.search();
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(get.mock.calls.at(-1)).toEqual([CommandApi.list.path, { current: 1, pageSize: 20, terminalNo: '013800000001', status: 2 }]);
  });

  it('changes a listed command in place when its status changes live, never back from a result', async () => {
    const { store, push } = setup([command(1, 1, '已发送')]);
    store.start();
    await vi.waitFor(() => expect(store.rows).toHaveLength(1));
    push(command(1, 2, '成功'));
    expect(store.rows[0]!.statusText).toBe('成功');
    push(command(1, 1, '已发送'));
    expect(store.rows[0]!.statusText).toBe('成功');
  });

  it('reloads the first page once when new commands arrive live', async () => {
    const { store, get, push } = setup([]);
    store.start();
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    push(command(5, 0, '待发送'));
    push(command(6, 0, '待发送'));
    vi.advanceTimersByTime(LIVE_RELOAD_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('reads the page again whenever the live channel (re)connects: what changed meanwhile was pushed to nobody', async () => {
    const list = [command(1, 1, '已发送')];
    const { store, get, status } = setup(list);
    store.start();
    await vi.waitFor(() => expect(store.rows[0]?.statusText).toBe('已发送'));
    list[0] = command(1, 2, '成功');
    status('live');
    await vi.waitFor(() => expect(store.rows[0]?.statusText).toBe('成功'));
    list[0] = command(1, 4, '超时');
    status('offline');
    expect(get).toHaveBeenCalledTimes(2);
    status('live');
    await vi.waitFor(() => expect(store.rows[0]?.statusText).toBe('超时'));
  });
});
