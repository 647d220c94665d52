import { describe, expect, it } from 'vitest';
import { autorun } from 'mobx';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, Pagination } from './pagination';

describe('Pagination', () => {
  it('defaults to page 1 of size 10', () => {
    const p = new Pagination();
    expect([p.current, p.pageSize, p.total]).toEqual([FIRST_PAGE, DEFAULT_PAGE_SIZE, 0]);
    expect([FIRST_PAGE, DEFAULT_PAGE_SIZE]).toEqual([1, 10]);
    expect(p.query).toEqual({ current: 1, pageSize: 10 });
  });

  it('goes back to page 1 when the page size changes', () => {
    const p = new Pagination({ total: 100 });
    p.setCurrent(4);
    expect(p.current).toBe(4);
    p.setPageSize(20);
    expect(p.current).toBe(1);
    expect(p.query).toEqual({ current: 1, pageSize: 20 });
  });

  it('keeps the current page within 1..pageCount', () => {
    const p = new Pagination({ total: 25 });
    expect(p.pageCount).toBe(3);
    p.setCurrent(9);
    expect(p.current).toBe(3);
    p.setCurrent(0);
    expect(p.current).toBe(1);
    p.setCurrent(2.7);
    expect(p.current).toBe(2);
  });

  it('never has a negative total or fewer than one page', () => {
    const p = new Pagination();
    p.setTotal(-5);
    expect(p.total).toBe(0);
    expect(p.pageCount).toBe(1);
  });

  it('is observable', () => {
    const p = new Pagination();
    const seen: number[] = [];
    const stop = autorun(() => seen.push(p.query.current));
    p.setTotal(50);
    p.setCurrent(3);
    p.setPageSize(50);
    stop();
    expect(seen).toEqual([1, 3, 1]);
  });
});
