import { makeAutoObservable } from 'mobx';

/** At most this many rows go into one exported sheet. */
export const EXPORT_ROW_LIMIT = 10_000;

/** At most this many rows go into one export made in the background for 下载中心. */
export const BACKGROUND_EXPORT_LIMIT = 50_000;

/** One page of a list as the server answers it: the rows of the page and how many match in all. */
export interface Page<T> {
  total: number;
  list: T[];
}

export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;

/** Table pagination: total, current (from 1), pageSize (default 10); a new page size goes back to page 1. */
export class Pagination {
  total = 0;
  current = FIRST_PAGE;
  pageSize = DEFAULT_PAGE_SIZE;

  constructor(init?: Partial<Pick<Pagination, 'current' | 'pageSize' | 'total'>>) {
    Object.assign(this, init);
    makeAutoObservable(this);
  }

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.total / this.pageSize));
  }

  setTotal(total: number): void {
    this.total = Math.max(0, total);
  }

  setCurrent(page: number): void {
    this.current = Math.min(Math.max(FIRST_PAGE, Math.floor(page)), this.pageCount);
  }

  setPageSize(size: number): void {
    this.pageSize = size;
    this.current = FIRST_PAGE;
  }

  /** Query parameters for a paged server call. */
  get query(): { current: number; pageSize: number } {
    return { current: this.current, pageSize: this.pageSize };
  }
}
