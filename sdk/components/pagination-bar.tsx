import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';

import type { PaginationBarProps } from './pagination-bar/pagination-bar-props';
export type { PaginationBarProps } from './pagination-bar/pagination-bar-props';
export { PAGE_SIZES } from './pagination-bar/pagination-bar-props';

const View = lazyView(() => import('./pagination-bar/pagination-bar-view'));

/**
 * The pager under a server-paged table: 共 N 条, 上一页 / 下一页, the page and the page size
 * (a new size goes back to page 1). Loaded on demand, like the SDK's other views. The size is a native select:
 * Fluent's Dropdown beside a modal dialog could leave the dialog marked aria-hidden.
 */
export function PaginationBar(props: PaginationBarProps) {
  return createElement(View, props);
}
