import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Pagination } from '../pagination';
import { PagedTable } from './paged-table';

interface Row {
  id: string;
}
const columns = [{ key: 'id', title: '编号', render: (r: Row) => r.id }];

function list(rows: Row[], loading = false) {
  return { rows, loading, pagination: new Pagination({ total: 25 }), load: vi.fn(() => Promise.resolve()) };
}

describe('PagedTable', () => {
  it('shows the rows of the page and loads the page the pager asks for', async () => {
    const paged = list([{ id: 'A1' }, { id: 'A2' }]);
    render(<PagedTable label="车辆" list={paged} columns={columns} rowKey={(r) => r.id} height={300} empty="暂无车辆" />);
    expect(await screen.findByText('A2')).toBeTruthy();
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '下一页' }));
    expect(paged.pagination.current).toBe(2);
    expect(paged.load).toHaveBeenCalledTimes(1);
  });

  it('says 加载中… while a load runs and its own words when nothing matched; the pager is off meanwhile', async () => {
    const { rerender } = render(<PagedTable label="车辆" list={list([], true)} columns={columns} rowKey={(r) => r.id} height={300} empty="暂无车辆" />);
    expect(await screen.findByText('加载中…')).toBeTruthy();
    expect(((await screen.findByRole('button', { name: '下一页' })) as HTMLButtonElement).disabled).toBe(true);
    rerender(<PagedTable label="车辆" list={list([])} columns={columns} rowKey={(r) => r.id} height={300} empty="暂无车辆" />);
    expect(await screen.findByText('暂无车辆')).toBeTruthy();
  });
});
