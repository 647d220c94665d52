import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Container } from 'inversify';
import type { ReactNode } from 'react';
import { defineEndpoint } from '../endpoint';
import { Flag, HttpService, type Envelope } from '../services/http-service';
import type { Page } from '../pagination';
import { ServiceProvider } from './use-service';
import { prefetchPagedQuery, usePagedQuery } from './use-paged-query';

interface Row {
  id: number;
}
type Query = { current: number; pageSize: number; keyword?: string };
const list = defineEndpoint<Query, undefined, Page<Row>>({ method: 'GET', path: '/test/list.json', summary: 'rows' });

/** An http service whose `call` answers what `answer` says for each input. */
function setup(answer: (input: Query) => Promise<Envelope<Page<Row>>>, pageSize?: number, check?: (keyword: string) => string | undefined) {
  const call = vi.fn((_endpoint: unknown, input: Query) => answer(input));
  const container = new Container();
  container.bind(HttpService).toConstantValue({ call } as unknown as HttpService);
  const wrapper = ({ children }: { children?: ReactNode }) => <ServiceProvider container={container}>{children}</ServiceProvider>;
  const hook = renderHook(
    () => usePagedQuery({ list, initialFilter: '', pageSize, check, query: (keyword: string) => (keyword ? { keyword } : {}) }),
    { wrapper },
  );
  return { call, hook };
}

const ok = (total: number, ids: number[]): Envelope<Page<Row>> => ({ flag: Flag.OK, msg: '', obj: { total, list: ids.map((id) => ({ id })) } });

describe('usePagedQuery', () => {
  it('loads page 1 of the initial filter, and a new filter from page 1 with the page added to its input', async () => {
    const { call, hook } = setup((q) => Promise.resolve(ok(25, q.keyword ? [9] : [q.current])));
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 1 }]));
    expect(call).toHaveBeenLastCalledWith(list, { current: 1, pageSize: 10 });
    expect(hook.result.current.pagination.total).toBe(25);

    act(() => hook.result.current.pagination.setCurrent(3));
    await act(() => hook.result.current.load());
    expect(call).toHaveBeenLastCalledWith(list, { current: 3, pageSize: 10 });
    expect(hook.result.current.rows).toEqual([{ id: 3 }]);

    act(() => hook.result.current.search('京A'));
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 9 }]));
    expect(call).toHaveBeenLastCalledWith(list, { keyword: '京A', current: 1, pageSize: 10 });
    expect(hook.result.current.filter).toBe('京A');
  });

  it('asks for page 1 as the list first renders, before the page around it is drawn, and only once', async () => {
    const call = vi.fn(() => Promise.resolve(ok(1, [1])));
    const container = new Container();
    container.bind(HttpService).toConstantValue({ call } as unknown as HttpService);
    /** How many requests had been sent when a part drawn after the list rendered. */
    const seenByNextPart: number[] = [];
    function List() {
      usePagedQuery({ list, initialFilter: '', query: () => ({}) });
      return null;
    }
    function NextPart() {
      seenByNextPart.push(call.mock.calls.length);
      return null;
    }
    const { result } = renderHook(() => null, {
      wrapper: ({ children }: { children?: ReactNode }) => (
        <ServiceProvider container={container}>
          <List />
          <NextPart />
          {children}
        </ServiceProvider>
      ),
    });
    expect(result.current).toBeNull();
    expect(seenByNextPart[0]).toBe(1);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('says it is loading from its first render, so a table shows no 暂无数据 before the first answer', () => {
    const container = new Container();
    container.bind(HttpService).toConstantValue({ call: () => new Promise(() => undefined) } as unknown as HttpService);
    const drawn: boolean[] = [];
    renderHook(
      () => {
        const q = usePagedQuery({ list, initialFilter: '', query: () => ({}) });
        drawn.push(q.loading);
      },
      { wrapper: ({ children }: { children?: ReactNode }) => <ServiceProvider container={container}>{children}</ServiceProvider> },
    );
    expect(drawn[0]).toBe(true);
  });

  it('searching again for the same filter loads it again', async () => {
    const { call, hook } = setup(() => Promise.resolve(ok(1, [1])));
    await waitFor(() => expect(hook.result.current.page).toBeDefined());
    const calls = call.mock.calls.length;
    act(() => hook.result.current.search(''));
    await waitFor(() => expect(call.mock.calls.length).toBe(calls + 1));
  });

  it("shows a failure's message, keeps the rows it had, and clears the message on the next load", async () => {
    let fail = false;
    const { hook } = setup(() => (fail ? Promise.resolve({ flag: 500, msg: '服务器繁忙', obj: null } as unknown as Envelope<Page<Row>>) : Promise.resolve(ok(1, [1]))));
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 1 }]));
    fail = true;
    await act(() => hook.result.current.load());
    expect(hook.result.current.error).toBe('服务器繁忙');
    expect(hook.result.current.rows).toEqual([{ id: 1 }]);
    fail = false;
    await act(() => hook.result.current.load());
    expect(hook.result.current.error).toBeUndefined();
  });

  it('says 网络异常 when the call fails without a message', async () => {
    const { hook } = setup(() => Promise.reject(new Error('')));
    const before = hook.result.current.rows;
    await waitFor(() => expect(hook.result.current.error).toBe('网络异常'));
    expect(hook.result.current.loading).toBe(false);
    // no answer yet: the same empty rows at every render
    expect(hook.result.current.rows).toEqual([]);
    expect(hook.result.current.rows).toBe(before);
  });

  it('drops an answer that arrives after a newer request was sent', async () => {
    const pending: ((e: Envelope<Page<Row>>) => void)[] = [];
    const { hook } = setup(() => new Promise((resolve) => pending.push(resolve)));
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => hook.result.current.search('京A'));
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1](ok(1, [2])));
    await act(async () => pending[0](ok(1, [1])));
    expect(hook.result.current.rows).toEqual([{ id: 2 }]);
    expect(hook.result.current.loading).toBe(false);
  });

  it('refuses a filter its check finds a problem with: shows the problem, sends nothing, keeps the rows and the page', async () => {
    const { call, hook } = setup((q) => Promise.resolve(ok(25, [q.current])), undefined, (keyword) => (keyword.length > 3 ? '关键字太长' : undefined));
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 1 }]));
    act(() => hook.result.current.pagination.setCurrent(2));
    await act(() => hook.result.current.load());
    const calls = call.mock.calls.length;
    act(() => hook.result.current.search('京A12345'));
    expect(hook.result.current.error).toBe('关键字太长');
    expect(hook.result.current.filter).toBe('');
    expect(hook.result.current.pagination.current).toBe(2);
    expect(hook.result.current.rows).toEqual([{ id: 2 }]);
    expect(call.mock.calls.length).toBe(calls);

    act(() => hook.result.current.search('京A'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(list, { keyword: '京A', current: 1, pageSize: 10 }));
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(hook.result.current.error).toBeUndefined();
  });

  it('asks for pages of the size it was given', async () => {
    const { call, hook } = setup(() => Promise.resolve(ok(45, [1])), 20);
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 1 }]));
    expect(call).toHaveBeenLastCalledWith(list, { current: 1, pageSize: 20 });
    expect(hook.result.current.pagination.pageCount).toBe(3);
  });

  it('changes the rows shown in place without asking the server again', async () => {
    const { call, hook } = setup(() => Promise.resolve(ok(2, [1, 2])));
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 1 }, { id: 2 }]));
    const calls = call.mock.calls.length;
    act(() => hook.result.current.update((rows) => rows.map((r) => (r.id === 2 ? { id: 20 } : r))));
    expect(hook.result.current.rows).toEqual([{ id: 1 }, { id: 20 }]);
    expect(hook.result.current.pagination.total).toBe(2);
    expect(call.mock.calls.length).toBe(calls);
  });
});

describe('prefetchPagedQuery', () => {
  it("asks ahead exactly what the list's first load then asks (so the list takes that answer), and nothing for a filter it cannot read", async () => {
    const prefetch = vi.fn();
    const call = vi.fn(() => Promise.resolve(ok(1, [1])));
    const container = new Container();
    container.bind(HttpService).toConstantValue({ call, prefetch } as unknown as HttpService);
    const options = { list, initialFilter: '京A', pageSize: 20, query: (keyword: string) => (keyword ? { keyword } : {}) };
    prefetchPagedQuery((token) => container.get(token), options);
    expect(prefetch).toHaveBeenCalledTimes(1);
    const wrapper = ({ children }: { children?: ReactNode }) => <ServiceProvider container={container}>{children}</ServiceProvider>;
    const hook = renderHook(() => usePagedQuery(options), { wrapper });
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: 1 }]));
    expect(call).toHaveBeenCalledTimes(1);
    // the same contract and the same input, key for key in the same order (the answer is kept under its JSON)
    expect(JSON.stringify(prefetch.mock.calls[0])).toBe(JSON.stringify(call.mock.calls[0]));
    expect(prefetch.mock.calls[0]![1]).toEqual({ keyword: '京A', current: 1, pageSize: 20 });

    prefetchPagedQuery((token) => container.get(token), { ...options, query: (): { keyword: string } => { throw new Error('not yet'); } });
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
