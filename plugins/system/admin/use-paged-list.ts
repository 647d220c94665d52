import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { expectOk, HttpService, Pagination, ToastService, useService, type Endpoint, type Page } from '@tianlu/sdk';
import { exportName } from './admin-api';
import { errorText } from './admin-page';

type Paging = { current: number; pageSize: number };

export interface PagedListOptions<F, Q extends Paging, P extends Page<unknown>> {
  /** The list contract; it gets the page (`current`, `pageSize`) and `query(filter)`. */
  list: Endpoint<Q, undefined, P>;
  /** The filter before the first search. */
  initialFilter: F;
  /** The query parameters of a filter (also sent with an export). */
  query: (filter: F) => Omit<Q, keyof Paging>;
  /** Runs with every page the server answered (for what the page carries besides its rows). */
  onPage?: (page: P) => void;
}

export interface PagedList<F, Row> {
  pagination: Pagination;
  /** The filter of the rows shown (the last one searched for). */
  filter: F;
  rows: Row[];
  /** The message of the last failed load. */
  error: string | undefined;
  /** Loads the current page again. */
  load: () => Promise<void>;
  /** Shows the rows of a new filter from page 1. */
  search: (filter: F) => void;
  /** Shows a success message and loads the current page again (after a change). */
  changed: (message: string) => void;
  /** Downloads the rows of the current filter from an export contract as `<title>-<date>.xlsx`; a failure shows an error message. */
  exportList: (exported: Endpoint<Record<string, never>, object, never>, title: string) => void;
}

/** A list paged and filtered on the server, as the 系统管理 pages show it. */
export function usePagedList<F, Q extends Paging, P extends Page<unknown>>(options: PagedListOptions<F, Q, P>): PagedList<F, P['list'][number]> {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const pagination = useMemo(() => new Pagination(), []);
  const [filter, setFilter] = useState<F>(options.initialFilter);
  const [rows, setRows] = useState<P['list']>([]);
  const [error, setError] = useState<string>();
  const latest = useRef(options);
  latest.current = options;
  const { list } = options;

  const load = useCallback(async () => {
    setError(undefined);
    try {
      // the filter's parameters and the page make the contract's whole query
      const page = expectOk(await http.call(list, { ...latest.current.query(filter), ...pagination.query } as Q));
      pagination.setTotal(page.total);
      setRows(page.list);
      latest.current.onPage?.(page);
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, pagination, list, filter]);
  useEffect(() => void load(), [load]);

  return {
    pagination,
    filter,
    rows,
    error,
    load,
    search: (next) => {
      pagination.setCurrent(1);
      setFilter(next);
    },
    changed: (message) => {
      toast.show(message, 'success');
      void load();
    },
    exportList: (exported, title) => {
      http.downloadBlob(exported.path, latest.current.query(filter), exportName(title)).catch((e: unknown) => toast.show(errorText(e), 'error'));
    },
  };
}
