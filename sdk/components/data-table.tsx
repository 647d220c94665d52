import { createElement, type ComponentType } from 'react';
import { lazyView } from '../react/lazy-view';

import type { DataTableProps } from './data-table/data-table-props';
export type { DataTableColumn, DataTableProps } from './data-table/data-table-props';

const loadView = () => import('./data-table/data-table-view');
const View = lazyView(loadView) as unknown as ComponentType<DataTableProps<unknown>>;

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
  return createElement(View, props as unknown as DataTableProps<unknown>);
}
