import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** A column of {@link DataTable}. */
export interface DataTableColumn<T> {
  key: string;
  title: string;
  /** CSS width (e.g. 120 or '1fr'); default '1fr'. */
  width?: number | string;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /**
   * Kept in view at the right edge while a wide table scrolls sideways, its buttons never cut;
   * default for the operation column (titled 操作).
   */
  pinned?: boolean;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string;
  /** Height of the scrolling body, px (rows are windowed within it). */
  height: number;
  /** Fixed row height, px (default 32). */
  rowHeight?: number;
  /** Highlighted row. */
  selectedKey?: string;
  onRowClick?: (row: T) => void;
  /** The rows in view changed (after scrolling settles): e.g. fetch their addresses. */
  onVisibleRowsChange?: (rows: readonly T[]) => void;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
}

const loadView = () => import('./data-table/data-table-view');
const View = lazy(loadView) as unknown as ComponentType<DataTableProps<unknown>>;

/** Starts loading the table's code, for a page that shows one. */
export function preloadDataTable(): void {
  void loadView().catch(() => undefined);
}

/**
 * A table for long lists (10,000+ rows): fixed row height, only the rows in view (plus a few)
 * are in the DOM. Wider than its box, it scrolls sideways inside itself with the operation column
 * pinned at the right; a cut cell text ends in '…' and shows whole as its tooltip. Loaded on demand.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return createElement(Suspense, { fallback: null }, createElement(View, props as unknown as DataTableProps<unknown>));
}
