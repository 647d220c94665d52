import { observable, runInAction } from 'mobx';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CommandApi, expectOk, HttpService, LiveService, ServiceProvider,
  type Command, type HttpService as Http, type LiveEvents, type LiveService as Live, type LiveStatus, type ServiceGetter,
} from '@tianlu/sdk';
import { startPageServer, type Jt808TestTerminal, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchCommands } from '../command/command-query';
import { LIVE_RELOAD_MS } from '../command/use-command-live';
import CommandPage from './command-page';

const COLLARS = ['358710040000121', '358710040000122'];

let kit: PageServer;

/**
 * Two commands of batch b7 to pets' GT06 collars as the server stores them once answered: 断油断电
 * refused for speed, and 位置查询 answered with words the platform does not know.
 */
beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  for (const [i, no] of COLLARS.entries()) {
    await store.fleet.provision({ tenantId: admin.tenantId, groupId: null, terminalNo: no, displayNo: no, authCode: '', imei: no, protocol: 'gt06', plateNo: ['豆豆', '球球'][i]!, assetKind: 'pet' });
  }
  const scope = await store.scope.forUser({ id: admin.id, tenantId: admin.tenantId });
  const targets = await store.commands.targets(scope, COLLARS);
  const at = new Date('2026-05-01T10:00:00+08:00');
  const created = await store.commands.create([
    { target: targets.find((t) => t.terminalNo === COLLARS[0])!, commandType: 'oilPower', msgId: 0x80, params: { action: 'cut' } },
    { target: targets.find((t) => t.terminalNo === COLLARS[1])!, commandType: 'locate', msgId: 0x80, params: {} },
  ].map((c) => ({ ...c, batchId: 'b7', userId: admin.id, account: 'admin', createdAt: at, expiresAt: new Date(at.getTime() + 600_000) })));
  const answered = async (id: number, status: number, result: { code: 0 | 1; text: string; raw: string }) => {
    await store.db.updateTable('commands').set({ status, result: JSON.stringify(result), send_time: new Date(at.getTime() + 1000), result_time: new Date(at.getTime() + 3000) }).where('id', '=', String(id)).execute();
  };
  await answered(created[0]!.id, 3, { code: 1, text: '车速过高（25 km/h），设备拒绝断油断电', raw: 'DYD=Speed Limit, Speed 25km/h' });
  await answered(created[1]!.id, 2, { code: 0, text: '设备回复（未识别）', raw: '<ICCID:89882390000097302650>' });
});

afterAll(() => kit?.close());
afterEach(() => vi.unstubAllGlobals());

describe('指令下发 history', () => {
  it('shows each device answer in Chinese with the device’s own words as 设备原文', async () => {
    await kit.render(<CommandPage />);
    const answer = await screen.findByText('车速过高（25 km/h），设备拒绝断油断电');
    expect(screen.getByText('设备原文：DYD=Speed Limit, Speed 25km/h')).toBeTruthy();
    expect(answer.closest('[title]')!.getAttribute('title')).toBe('车速过高（25 km/h），设备拒绝断油断电\n设备原文：DYD=Speed Limit, Speed 25km/h');
    // an answer the platform does not know: labelled, its words shown
    expect(screen.getByText('设备回复（未识别）')).toBeTruthy();
    expect(screen.getByText('设备原文：<ICCID:89882390000097302650>')).toBeTruthy();
    // the commands went to a pet's collar: its name column says so
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('宠物名');
    expect(headers).not.toContain('车牌号');
  });

  it('exports the filtered history as a spreadsheet', async () => {
    kit.forget();
    await kit.render(<CommandPage />);
    await screen.findByText('车速过高（25 km/h），设备拒绝断油断电');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.change(screen.getByLabelText('批次号'), { target: { value: ' b7 ' } });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // the server answered a spreadsheet, not an envelope
    expect(kit.requests(CommandApi.export.path)[0]).toMatchObject({ body: { batchId: 'b7' }, flag: undefined });
    expect(saved[0]).toMatch(/^指令记录-\d{8}\.xlsx$/);
    click.mockRestore();
  });
});

describe('指令记录 asked ahead by its route', () => {
  it('asks page 1 of the commands as the page first asks it; of a link’s filter when the page is opened by its address', async () => {
    const LIST = CommandApi.list.path;
    kit.forget();
    await kit.render(<CommandPage />);
    await waitFor(() => expect(kit.requests(LIST)).toHaveLength(1));
    const pageAsked = kit.requests(LIST)[0]!.query;
    const { kernel } = await kit.login();
    const get = ((token: symbol) => kernel.get(token)) as ServiceGetter;
    kit.forget();
    // from the menu: the address is still the page left
    prefetchCommands(get, { pathname: '/home', search: '' });
    await waitFor(() => expect(kit.requests(LIST)).toHaveLength(1));
    expect(kit.requests(LIST)[0]!.query).toEqual(pageAsked);
    kit.forget();
    // by a link of 实时监控's batch
    prefetchCommands(get, { pathname: '/car/command', search: '?batchId=b7' });
    await waitFor(() => expect(kit.requests(LIST)).toHaveLength(1));
    const linked = kit.requests(LIST)[0]!;
    expect(linked.query).toEqual({ batchId: 'b7', current: '1', pageSize: '20' });
    expect((linked.answer as { total: number }).total).toBe(2);
  });
});

/** 0x8201 位置信息查询: what 位置查询 (locate) sends. */
const LOCATE = 0x8201;
const TERMINALS = ['13800003001', '13800003002'];
/** A terminal that never connects, with a long history of answered commands. */
const QUIET = '13800003009';

describe('指令下发 history, live', () => {
  let live: PageServer;
  /** The two terminals, connected; they answer a command only when a test says so. */
  const terminals = new Map<string, Jt808TestTerminal>();

  beforeAll(async () => {
    live = await startPageServer({ live: true });
    const { store } = live.server;
    const admin = (await store.users.findByAccount('admin'))!;
    for (const [i, no] of [...TERMINALS, QUIET].entries()) {
      await store.fleet.provision({ tenantId: admin.tenantId, groupId: null, terminalNo: no, displayNo: no, authCode: 'x', plateNo: `京C0000${i + 1}` });
    }
    for (const no of TERMINALS) terminals.set(no, await live.terminal(no));
    // 25 位置查询 to the quiet terminal a day ago, all answered
    const scope = await store.scope.forUser({ id: admin.id, tenantId: admin.tenantId });
    const [target] = await store.commands.targets(scope, [QUIET]);
    const at = new Date(Date.now() - 86_400_000);
    const created = await store.commands.create(Array.from({ length: 25 }, () => ({ target: target!, commandType: 'locate', msgId: LOCATE, params: {}, batchId: 'old', userId: admin.id, account: 'admin', createdAt: at, expiresAt: new Date(at.getTime() + 600_000) })));
    await store.db.updateTable('commands').set({ status: 2, result_time: at }).where('id', 'in', created.map((c) => String(c.id))).execute();
  });

  afterAll(() => live?.close());
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  /** 位置查询 sent through the API to `terminalNos`: the commands as the server answered. */
  async function locate(http: Http, terminalNos: string[]): Promise<Command[]> {
    return expectOk(await http.call(CommandApi.send, { terminalNos, commandType: 'locate' })).commands;
  }

  /** The page over a kernel of the demo admin whose live channel is `channel` (default the real one). */
  async function renderWith(channel?: Live) {
    const { kernel } = await live.login();
    if (channel) kernel.rebindSync(LiveService).toConstantValue(channel);
    render(<ServiceProvider container={kernel}><CommandPage /></ServiceProvider>);
    return { kernel, http: kernel.get<Http>(HttpService) };
  }

  /** A live channel the test drives by hand: its status, and the command events it pushes. */
  function handLive() {
    let listener: ((e: LiveEvents['command']) => void) | undefined;
    const channel = observable({ status: 'connecting' as LiveStatus });
    const handed = {
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
    return { live: handed, push: (c: Command) => listener!({ command: c }), status: (st: LiveStatus) => runInAction(() => (channel.status = st)) };
  }

  const lists = () => live.requests(CommandApi.list.path);
  /** The status shown for command `id`. */
  const statusOf = (id: number) => document.querySelector(`[data-row-key="${id}"] [data-status]`)?.textContent;
  const shownIds = () => [...document.querySelectorAll('[role="table"] [data-row-key]')].map((r) => Number(r.getAttribute('data-row-key')));

  it('pages 20 commands at a time and queries the filters typed, trimmed, from page 1', async () => {
    live.forget();
    const { http } = await renderWith();
    await waitFor(() => expect(lists()[0]?.flag).toBe(1));
    expect(lists()[0]!.query).toEqual({ current: '1', pageSize: '20' });
    // the pager offers the next page once it holds the answer's total (found again at the click: a
    // reload of page 1 when the live channel connects may draw the pager anew)
    const next = () => screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement;
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    // page 2 is asked for and shown (a reload of page 1 the live channel's connection started may answer after it;
    // a click that came while that reload kept the pager disabled did nothing, and is made again)
    await waitFor(() => {
      if (!screen.queryByText(/^2 \/ \d+$/) && !next().disabled) fireEvent.click(next());
      expect(lists().map((l) => l.query)).toContainEqual({ current: '2', pageSize: '20' });
    });
    expect(await screen.findByText(/^2 \/ \d+$/)).toBeTruthy();
    const [sent] = await locate(http, [TERMINALS[0]!]);
    fireEvent.change(screen.getByRole('textbox', { name: '终端号' }), { target: { value: ` ${TERMINALS[0]} ` } });
    fireEvent.click(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByRole('option', { name: '已发送' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lists().at(-1)?.query).toEqual({ current: '1', pageSize: '20', terminalNo: TERMINALS[0], status: '1' }));
    // the server picks the terminal's 已发送 commands
    await waitFor(() => expect(statusOf(sent!.id)).toBe('已发送'));
    expect(within(screen.getByRole('table', { name: '指令记录' })).queryByText(QUIET)).toBeNull();
    // 重置 clears the filter and reads page 1 of everything
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lists().at(-1)?.query).toEqual({ current: '1', pageSize: '20' }));
    expect((screen.getByRole('textbox', { name: '终端号' }) as HTMLInputElement).value).toBe('');
    // what is left unanswered does not hold up the next test
    await terminals.get(TERMINALS[0]!)!.answer(LOCATE);
  });

  it('opens on the commands of the terminal or batch in its address', async () => {
    window.history.replaceState(null, '', '/car/command?batchId=old');
    live.forget();
    await renderWith();
    await waitFor(() => expect(lists()[0]?.query).toEqual({ current: '1', pageSize: '20', batchId: 'old' }));
    expect((screen.getByRole('textbox', { name: '批次号' }) as HTMLInputElement).value).toBe('old');
    expect(await screen.findByText('1 / 2')).toBeTruthy();
  });

  it('changes a listed command in place when its status changes live, never back from a result', async () => {
    const { kernel } = await live.login();
    const channel = kernel.get<Live>(LiveService);
    const on = vi.spyOn(channel, 'on');
    render(<ServiceProvider container={kernel}><CommandPage /></ServiceProvider>);
    await waitFor(() => expect(channel.status).toBe('live'));
    const [sent] = await locate(kernel.get<Http>(HttpService), [TERMINALS[1]!]);
    // a new command brings a reload: it is listed as the terminal has it
    await waitFor(() => expect(statusOf(sent!.id)).toBe('已发送'));
    const reads = lists().length;
    await terminals.get(TERMINALS[1]!)!.answer(LOCATE);
    await waitFor(() => expect(statusOf(sent!.id)).toBe('成功'));
    expect(lists()).toHaveLength(reads);
    // an older state of it arriving late (the channel's own listener) does not undo the result
    const [, listener] = on.mock.calls.find(([type]) => type === 'command')! as unknown as [string, (e: LiveEvents['command']) => void];
    listener({ command: { ...sent!, status: 1, statusText: '已发送', result: null } });
    await new Promise((r) => requestAnimationFrame(r));
    expect(statusOf(sent!.id)).toBe('成功');
  });

  it('reloads the first page once when new commands arrive live', async () => {
    const channel = handLive();
    live.forget();
    const { http } = await renderWith(channel.live);
    await waitFor(() => expect(lists()).toHaveLength(1));
    // a batch of two: the server's new commands, pushed as the channel would
    const commands = await locate(http, TERMINALS);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const c of commands) channel.push(c);
    vi.advanceTimersByTime(LIVE_RELOAD_MS - 1);
    expect(lists()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    await waitFor(() => expect(lists()).toHaveLength(2));
    await waitFor(() => expect(shownIds().slice(0, 2).sort()).toEqual(commands.map((c) => c.id).sort()));
    for (const no of TERMINALS) await terminals.get(no)!.answer(LOCATE);
  });

  it('reads the page again whenever the live channel (re)connects: what changed meanwhile was pushed to nobody', async () => {
    const channel = handLive();
    const { kernel } = await live.login();
    const [first] = await locate(kernel.get<Http>(HttpService), [TERMINALS[0]!]);
    live.forget();
    await renderWith(channel.live);
    await waitFor(() => expect(statusOf(first!.id)).toBe('已发送'));
    expect(shownIds()[0]).toBe(first!.id);
    // the terminal answers while the channel is not yet up (and the server has its answer)
    await terminals.get(TERMINALS[0]!)!.answer(LOCATE);
    await waitFor(async () => expect((await live.server.store.db.selectFrom('commands').select('status').where('id', '=', String(first!.id)).executeTakeFirstOrThrow()).status).toBe(2));
    channel.status('live');
    await waitFor(() => expect(statusOf(first!.id)).toBe('成功'));
    // another command is sent while the channel is down: no read until it is back
    channel.status('offline');
    const [second] = await locate(kernel.get<Http>(HttpService), [TERMINALS[1]!]);
    expect(lists()).toHaveLength(2);
    channel.status('live');
    await waitFor(() => expect(statusOf(second!.id)).toBe('已发送'));
    expect(shownIds()[0]).toBe(second!.id);
    await terminals.get(TERMINALS[1]!)!.answer(LOCATE);
  });
});
