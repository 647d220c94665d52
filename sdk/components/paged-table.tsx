import type { ReactNode } from 'react';
import type { Page } from '../pagination';
import type { PagedQuery } from '../react/use-paged-query';
import { DataTable, type DataTableProps } from './data-table';
import { PaginationBar } from './pagination-bar';

/** Props of {@link PagedTable}: a `DataTable`'s, its rows taken from a paged query. */
export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'empty'> {
  /** The paged query (see `usePagedQuery`) the rows, the pages and the loading state come from. */
  list: Pick<PagedQuery<unknown, Page<T>>, 'rows' | 'pagination' | 'loading' | 'load'>;
  /** Shown when the list has no rows; 加载中… while a load is under way. */
  empty: ReactNode;
}

/** A server-paged list: its table, then its pager, which loads the page asked for and is off while a load runs. */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { list, empty, ...table } = props;
  return (
    <>
      <DataTable {...table} rows={list.rows} empty={list.loading ? '加载中…' : empty} />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} disabled={list.loading} />
    </>
  );
}
