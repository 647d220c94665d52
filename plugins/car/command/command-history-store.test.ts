import { observable, runInAction } from 'mobx';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandApi, expectOk, HttpService, LiveService, type Command, type HttpService as Http, type LiveEvents, type LiveService as Live, type LiveStatus } from '@tianlu/sdk';
import { startPageServer, type Jt808TestTerminal, type PageServer } from '../../../testing/plugin-page-kit';
import { CommandHistoryStore, LIVE_RELOAD_MS } from './command-history-store';

/** 0x8201 位置信息查询: what 位置查询 (locate) sends. */
const LOCATE = 0x8201;
const TERMINALS = ['13800003001', '13800003002'];

let kit: PageServer;
/** The two terminals, connected; they answer a command only when a test says so. */
const terminals = new Map<string, Jt808TestTerminal>();

beforeAll(async () => {
  kit = await startPageServer({ live: true });
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  for (const [i, no] of TERMINALS.entries()) {
    await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: no, displayNo: no, authCode: 'x', plateNo: `京C0000${i + 1}` });
    terminals.set(no, await kit.terminal(no));
  }
});

afterAll(() => kit?.close());
afterEach(() => vi.useRealTimers());

/** 位置查询 sent through the API to `terminalNos`: the commands as the server answered. */
async function locate(http: Http, terminalNos: string[]): Promise<Command[]> {
  return expectOk(await http.call(CommandApi.send, { terminalNos, commandType: 'locate' })).commands;
}

/** A live channel the test drives by hand: its status, and the command events it pushes. */
function handLive() {
  let listener: ((e: LiveEvents['command']) => void) | undefined;
  const channel = observable({ status: 'connecting' as LiveStatus });
  const live = {
    get status() {
      return channel.status;
    },
    connect: () => undefined,
    disconnect: () => undefined,
    on: (_type: string, l: (e: LiveEvents['command']) => void) => {
      listener = l;
      return { dispose: () => undefined };
    },
  } as unknown as Live;
  return { live, push: (c: Command) => listener!({ command: c }), status: (s: LiveStatus) => runInAction(() => (channel.status = s)) };
}

describe('CommandHistoryStore', () => {
  it('queries the filters it was given, trimmed, from page 1', async () => {
    const { kernel } = await kit.login();
    const http = kernel.get<Http>(HttpService);
    await locate(http, [TERMINALS[0]!]);
    kit.forget();
    const store = new CommandHistoryStore({ http, live: kernel.get<Live>(LiveService) });
    const stop = store.start();
    store.setFilter({ terminalNo: ` ${TERMINALS[0]} `, status: '1', batchId: '' });
    store.pagination.setTotal(100);
    store.pagination.setCurrent(3);
    store.search();
    await vi.waitFor(() => expect(kit.requests(CommandApi.list.path).some((r) => r.query.terminalNo !== undefined)).toBe(true));
    const sent = kit.requests(CommandApi.list.path).find((r) => r.query.terminalNo !== undefined)!;
    expect(sent.query).toEqual({ current: '1', pageSize: '20', terminalNo: TERMINALS[0], status: '1' });
    // the server picks the terminal's 已发送 commands
    await vi.waitFor(() => expect(store.rows.length).toBeGreaterThan(0));
    expect(store.rows.every((c) => c.terminalNo === TERMINALS[0] && c.statusText === '已发送')).toBe(true);
    stop();
    // what is left unanswered does not hold up the next test
    await terminals.get(TERMINALS[0]!)!.answer(LOCATE);
  });

  it('changes a listed command in place when its status changes live, never back from a result', async () => {
    const { kernel } = await kit.login();
    const http = kernel.get<Http>(HttpService);
    const live = kernel.get<Live>(LiveService);
    const on = vi.spyOn(live, 'on');
    const store = new CommandHistoryStore({ http, live });
    const stop = store.start();
    await vi.waitFor(() => expect(live.status).toBe('live'));
    const [sent] = await locate(http, [TERMINALS[1]!]);
    // a new command brings a reload: it is listed as the terminal has it
    await vi.waitFor(() => expect(store.rows.find((r) => r.id === sent!.id)?.statusText).toBe('已发送'));
    const reads = kit.requests(CommandApi.list.path).length;
    await terminals.get(TERMINALS[1]!)!.answer(LOCATE);
    await vi.waitFor(() => expect(store.rows.find((r) => r.id === sent!.id)?.statusText).toBe('成功'));
    expect(kit.requests(CommandApi.list.path)).toHaveLength(reads);
    // an older state of it arriving late (the channel's own listener) does not undo the result
    const [, listener] = on.mock.calls.find(([type]) => type === 'command')! as unknown as [string, (e: LiveEvents['command']) => void];
    listener({ command: { ...store.rows.find((r) => r.id === sent!.id)!, status: 1, statusText: '已发送', result: null } });
    expect(store.rows.find((r) => r.id === sent!.id)?.statusText).toBe('成功');
    stop();
  });

  it('reloads the first page once when new commands arrive live', async () => {
    const { kernel } = await kit.login();
    const http = kernel.get<Http>(HttpService);
    const channel = handLive();
    kit.forget();
    const store = new CommandHistoryStore({ http, live: channel.live });
    store.start();
    await vi.waitFor(() => expect(kit.requests(CommandApi.list.path)).toHaveLength(1));
    // a batch of two: the server's new commands, pushed as the channel would
    const commands = await locate(http, TERMINALS);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const c of commands) channel.push(c);
    vi.advanceTimersByTime(LIVE_RELOAD_MS - 1);
    expect(store.loading).toBe(false);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(kit.requests(CommandApi.list.path)).toHaveLength(2));
    await vi.waitFor(() => expect(store.rows.slice(0, 2).map((r) => r.id).sort()).toEqual(commands.map((c) => c.id).sort()));
    for (const no of TERMINALS) await terminals.get(no)!.answer(LOCATE);
  });

  it('reads the page again whenever the live channel (re)connects: what changed meanwhile was pushed to nobody', async () => {
    const { kernel } = await kit.login();
    const http = kernel.get<Http>(HttpService);
    const channel = handLive();
    const [first] = await locate(http, [TERMINALS[0]!]);
    kit.forget();
    const store = new CommandHistoryStore({ http, live: channel.live });
    store.start();
    await vi.waitFor(() => expect(store.rows[0]).toMatchObject({ id: first!.id, statusText: '已发送' }));
    // the terminal answers while the channel is not yet up
    await terminals.get(TERMINALS[0]!)!.answer(LOCATE);
    channel.status('live');
    await vi.waitFor(() => expect(store.rows[0]).toMatchObject({ id: first!.id, statusText: '成功' }));
    // another command is sent while the channel is down: no read until it is back
    channel.status('offline');
    const [second] = await locate(http, [TERMINALS[1]!]);
    expect(kit.requests(CommandApi.list.path)).toHaveLength(2);
    channel.status('live');
    await vi.waitFor(() => expect(store.rows[0]).toMatchObject({ id: second!.id, statusText: '已发送' }));
    await terminals.get(TERMINALS[1]!)!.answer(LOCATE);
  });
});
