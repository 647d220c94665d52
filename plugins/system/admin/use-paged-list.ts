import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { expectOk, HttpService, Pagination, ToastService, useService } from '@tianlu/sdk';
import { exportName, type Page } from './admin-api';
import { errorText } from './admin-page';

type Query = Record<string, string | number | undefined>;

export interface PagedListOptions<F, P extends Page<unknown>> {
  /** The list endpoint; it gets the page (`current`, `pageSize`) and `query(filter)`. */
  path: string;
  /** The filter before the first search. */
  initialFilter: F;
  /** The query parameters of a filter (also sent with an export). */
  query: (filter: F) => Query;
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
  /** Downloads the rows of the current filter as `<title>-<date>.xlsx`; a failure shows an error message. */
  exportList: (path: string, title: string) => void;
}

/** A list paged and filtered on the server, as the 系统管理 pages show it. */
export function usePagedList<F, Row, P extends Page<Row> = Page<Row>>(options: PagedListOptions<F, P>): PagedList<F, Row> {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const pagination = useMemo(() => new Pagination(), []);
  const [filter, setFilter] = useState<F>(options.initialFilter);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string>();
  const latest = useRef(options);
  latest.current = options;
  const { path } = options;

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const page = expectOk(await http.get<P>(path, { ...pagination.query, ...latest.current.query(filter) }));
      pagination.setTotal(page.total);
      setRows(page.list);
      latest.current.onPage?.(page);
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, pagination, path, filter]);
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
    exportList: (exportPath, title) => {
      http.downloadBlob(exportPath, latest.current.query(filter), exportName(title)).catch((e: unknown) => toast.show(errorText(e), 'error'));
    },
  };
}
