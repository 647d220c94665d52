import { observable, runInAction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { CommandFollower } from './command-follower';
import { CommandApi } from './contracts/command';
import type { Command } from './services/command-api';
import type { HttpService } from './services/http-service';
import type { LiveEvents, LiveService, LiveStatus } from './services/live-service';

function command(id: number, status: Command['status'], statusText: string, batchId = 'b1'): Command {
  return {
    id, batchId, terminalNo: `0138000000${String(id).padStart(2, '0')}`, plateNo: null, commandType: 'findDevice', commandName: '寻找设备', params: {},
    status, statusText, account: 'admin', createTime: '2026-05-01T10:00:00+08:00', sendTime: null, resultTime: null, result: null,
  };
}

/** A follower over a live channel the test connects and drops, and a list.json answering `stored` (paged as the server does). */
function setup(stored: Command[]) {
  const channel = observable({ status: 'connecting' as LiveStatus });
  let push: ((e: LiveEvents['command']) => void) | undefined;
  const live = {
    get status() {
      return channel.status;
    },
    on: (_type: string, listener: (e: LiveEvents['command']) => void) => {
      push = listener;
      return { dispose: () => (push = undefined) };
    },
  } as unknown as LiveService;
  const get = vi.fn(async (_path: string, q: { current: number; pageSize: number; batchId: string }) => {
    const list = stored.filter((c) => c.batchId === q.batchId);
    return { flag: 1, msg: '', obj: { total: list.length, list: list.slice((q.current - 1) * q.pageSize, q.current * q.pageSize) } };
  });
  const follower = new CommandFollower({ http: { get, call: (e: { path: string }, q: { current: number; pageSize: number; batchId: string }) => get(e.path, q) } as unknown as HttpService, live });
  const stop = follower.start();
  const status = (s: LiveStatus) => runInAction(() => (channel.status = s));
  const statuses = () => follower.commands('b1').map((c) => c.statusText);
  return { follower, get, stop, status, statuses, push: (c: Command) => push?.({ command: c }) };
}

const sent = (commands: Command[]) => async () => ({ batchId: 'b1', commands });

describe('CommandFollower', () => {
  it('reads a batch sent while the channel was connecting once it is live: the results pushed meanwhile reached nobody', async () => {
    const stored = [command(1, 1, '已发送'), command(2, 0, '待发送')];
    const { follower, get, status, statuses } = setup(stored);
    await follower.send(sent(stored.slice()));
    expect(statuses()).toEqual(['已发送', '待发送']);
    expect(get).not.toHaveBeenCalled();

    stored.splice(0, 2, command(1, 2, '成功'), command(2, 4, '超时'));
    status('live');
    await vi.waitFor(() => expect(statuses()).toEqual(['成功', '超时']));
    expect(get.mock.calls).toEqual([[CommandApi.list.path, { current: 1, pageSize: 200, batchId: 'b1' }]]);

    // a batch that ended is not read again when the channel reconnects
    status('offline');
    status('live');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reads an unfinished batch again when the channel reconnects, and not while it stays live', async () => {
    const stored = [command(1, 1, '已发送')];
    const { follower, get, status, statuses, push } = setup(stored);
    status('live');
    await follower.send(sent(stored.slice()));
    push(command(9, 2, '成功', 'another batch'));
    expect(statuses()).toEqual(['已发送']);
    expect(get).not.toHaveBeenCalled();

    status('offline');
    stored[0] = command(1, 2, '成功');
    status('connecting');
    status('live');
    await vi.waitFor(() => expect(statuses()).toEqual(['成功']));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reads the batch after the send when the channel reconnected while it was being answered', async () => {
    const stored = [command(1, 1, '已发送')];
    const { follower, get, status, statuses } = setup(stored);
    status('live');
    const sending = follower.send(async () => {
      status('offline');
      stored[0] = command(1, 3, '失败');
      status('live');
      return { batchId: 'b1', commands: [command(1, 1, '已发送')] };
    });
    await sending;
    await vi.waitFor(() => expect(statuses()).toEqual(['失败']));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('keeps a result pushed before the send was answered with the device\'s answer, and never moves a command back', async () => {
    const { follower, status, statuses, push } = setup([]);
    status('live');
    const reply = { code: 0, text: '设备正在响铃', raw: 'FIND' };
    await follower.send(async () => {
      push({ ...command(1, 2, '成功'), result: reply });
      return { batchId: 'b1', commands: [command(1, 1, '已发送')] };
    });
    expect(statuses()).toEqual(['成功']);
    push(command(1, 1, '已发送'));
    expect(follower.commands('b1').map((c) => [c.statusText, c.result])).toEqual([['成功', reply]]);
  });

  it('reads a batch of more commands than one page holds page by page', async () => {
    const stored = Array.from({ length: 201 }, (_, i) => command(i + 1, 1, '已发送'));
    const { follower, get, status, statuses } = setup(stored);
    await follower.send(sent(stored.slice()));
    stored.splice(0, 201, ...stored.map((c) => command(c.id, 2, '成功')));
    status('live');
    await vi.waitFor(() => expect(new Set(statuses())).toEqual(new Set(['成功'])));
    expect(get.mock.calls.map(([, q]) => q.current)).toEqual([1, 2]);
  });

  it('stops following when stopped', async () => {
    const stored = [command(1, 1, '已发送')];
    const { follower, get, stop, status, statuses, push } = setup(stored);
    await follower.send(sent(stored.slice()));
    stop();
    push(command(1, 2, '成功'));
    status('live');
    expect(statuses()).toEqual(['已发送']);
    expect(get).not.toHaveBeenCalled();
  });
});
