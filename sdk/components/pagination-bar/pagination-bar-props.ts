import type { Pagination } from '../../pagination';

/** Page sizes offered by `PaginationBar`. */
export const PAGE_SIZES = [10, 20, 50, 100];

/** Props of `PaginationBar`. */
export interface PaginationBarProps {
  pagination: Pagination;
  /** Runs after the pagination changed: fetch the page. */
  onChange: () => void;
  disabled?: boolean;
}
