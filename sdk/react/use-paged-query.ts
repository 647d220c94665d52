import { useCallback, useEffect, useRef, useState } from 'react';
import type { Endpoint, EndpointInput } from '../endpoint';
import { Pagination, type Page } from '../pagination';
import { expectOk, HttpService, NETWORK_ERROR_MESSAGE, type Envelope } from '../services/http-service';
import type { ServiceGetter } from '../plugin';
import { useService } from './use-service';

/** The page part of a paged list's input; {@link usePagedQuery} adds it to every call. */
export interface PageQuery {
  current: number;
  pageSize: number;
}

/** Options of {@link usePagedQuery}. */
export interface PagedQueryOptions<F, Q, B, P extends Page<unknown>> {
  /** The list contract (a GET's query or a POST's body); it gets the page (`current`, `pageSize`) and `query(filter)`. */
  list: Endpoint<Q, B, P>;
  /** The filter of the first load. */
  initialFilter: F;
  /** Rows a page holds; default 10 (DEFAULT_PAGE_SIZE). */
  pageSize?: number;
  /** The contract's input for a filter, without the page. Read as the list first renders and at each load, so it may close over fresh state. */
  query: (filter: F) => Omit<EndpointInput<Q, B>, keyof PageQuery>;
  /**
   * The problem of a filter, in Chinese (a range too long …), or undefined when it can be queried:
   * `search` refuses a filter with a problem, shows the problem as `error` and sends nothing.
   */
  check?: (filter: F) => string | undefined;
  /** Runs with every page the server answered, with the filter it answers (e.g. to clear a selection). */
  onPage?: (page: P, filter: F) => void;
}

/** What {@link usePagedQuery} gives a page. */
export interface PagedQuery<F, P extends Page<unknown>> {
  /** Hand it to `PaginationBar` with `onChange={load}`. */
  pagination: Pagination;
  /** The filter of the rows shown (the last one searched for). */
  filter: F;
  /** The last answer (with whatever the list carries besides its rows, e.g. a summary); undefined until the first one. */
  page: P | undefined;
  /** The rows of the last answer; empty until the first one. */
  rows: P['list'];
  /** The message of the last failed load (the server's msg, or 网络异常) or refused search (`check`); cleared by the next load. */
  error: string | undefined;
  /** A load is under way. */
  loading: boolean;
  /** Loads the current page again (after a change, or a new page from the pager). */
  load: () => Promise<void>;
  /** Shows the rows of a filter from page 1; a filter `check` finds a problem with is not sent, its problem becomes `error`. */
  search: (filter: F) => void;
  /**
   * Changes the rows shown in place, without a load (e.g. a row's status pushed over the live
   * channel); `change` gets the rows as they are now. Nothing happens before the first answer.
   */
  update: (change: (rows: P['list']) => P['list']) => void;
}

/**
 * What a paged list asks first: page 1 of its initial filter. Undefined when the filter cannot be
 * read yet (`query` throws): the list then asks once it can.
 */
function firstInput<F, Q, B, P extends Page<unknown>>(options: PagedQueryOptions<F, Q, B, P>, pagination: Pagination): EndpointInput<Q, B> | undefined {
  try {
    // the filter's input and the page make the contract's whole input
    return { ...options.query(options.initialFilter), ...pagination.query } as EndpointInput<Q, B>;
  } catch {
    return undefined;
  }
}

const pagingOf = (options: { pageSize?: number }) => new Pagination(options.pageSize ? { pageSize: options.pageSize } : undefined);

/**
 * For a route's `prefetch`: asks now what {@link usePagedQuery} with these options asks as the page
 * first renders (page 1 of `initialFilter`), so the answer is on its way while the page's code
 * and layout are drawn; the page's list takes it (see {@link HttpService.prefetch}).
 */
export function prefetchPagedQuery<F, Q, B, P extends Page<unknown>>(get: ServiceGetter, options: PagedQueryOptions<F, Q, B, P>): void {
  const input = firstInput(options, pagingOf(options));
  if (input === undefined) return;
  (get(HttpService).prefetch as (endpoint: Endpoint<Q, B, P>, input: EndpointInput<Q, B>) => void)(options.list, input);
}

/** The rows before the first answer: one array, so that effects keyed on the rows do not run again each render. */
const NO_ROWS: never[] = [];

/** The message of a failed call: the server's msg when there is one. */
function messageOf(e: unknown): string {
  return e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE;
}

/**
 * A list paged and filtered on the server: asks for page 1 of the initial filter as it first renders
 * (`query` is read then, so it may not depend on what an effect sets later) and is `loading` from
 * that render on; then a new filter
 * from page 1 (`search`; the same filter again reloads), and the page the pager asks for (`load`). An answer that comes after a newer
 * request was sent is dropped, so a slow earlier page never replaces the one asked for last.
 */
export function usePagedQuery<F, Q, B, P extends Page<unknown>>(options: PagedQueryOptions<F, Q, B, P>): PagedQuery<F, P> {
  const http = useService(HttpService);
  const { list } = options;
  const call = http.call.bind(http) as (endpoint: Endpoint<Q, B, P>, input: EndpointInput<Q, B>) => Promise<Envelope<P>>;
  const [pagination] = useState(() => pagingOf(options));
  // page 1 is asked for as the list first renders, not after the page around it has been drawn;
  // the first load takes that answer (once, for the same input)
  const first = useRef<{ key: string; answer: Promise<Envelope<P>> }>(undefined);
  useState(() => {
    const input = firstInput(options, pagination);
    // a filter that cannot be read yet: the first load asks, as any load does
    if (input === undefined) return;
    const answer = call(list, input);
    answer.catch(() => undefined); // its failure is shown by the load that takes it
    first.current = { key: JSON.stringify(input), answer };
  });
  const [filter, setFilter] = useState<F>(options.initialFilter);
  const [page, setPage] = useState<P>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(true);
  const latest = useRef(options);
  latest.current = options;
  const sent = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++sent.current;
    setError(undefined);
    setLoading(true);
    const input = { ...latest.current.query(filter), ...pagination.query } as EndpointInput<Q, B>;
    const early = first.current;
    first.current = undefined;
    try {
      const answer = expectOk(await (early?.key === JSON.stringify(input) ? early.answer : call(list, input)));
      if (ticket !== sent.current) return;
      pagination.setTotal(answer.total);
      setPage(answer);
      latest.current.onPage?.(answer, filter);
    } catch (e) {
      if (ticket === sent.current) setError(messageOf(e));
    } finally {
      if (ticket === sent.current) setLoading(false);
    }
  }, [http, pagination, list, filter]);
  useEffect(() => void load(), [load]);
  const update = useCallback((change: (rows: P['list']) => P['list']) => setPage((p) => p && { ...p, list: change(p.list) }), []);

  return {
    pagination,
    filter,
    page,
    rows: page?.list ?? NO_ROWS,
    error,
    loading,
    load,
    search: (next) => {
      const problem = latest.current.check?.(next);
      if (problem) {
        setError(problem);
        return;
      }
      pagination.setCurrent(1);
      // searching again for the same filter reloads it (the rows may have changed since)
      if (Object.is(next, filter)) void load();
      else setFilter(next);
    },
    update,
  };
}
