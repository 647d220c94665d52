import type { ReactNode } from 'react';

/** A column of `DataTable`. */
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

/** Props of `DataTable`. */
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
