import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../data-table';
import { columnsMinWidth } from './data-table-view';
import { rowWindow } from './windowing';

interface Row {
  id: string;
  n: number;
}
const rows: Row[] = Array.from({ length: 10_000 }, (_, n) => ({ id: `t${n}`, n }));
const columns: DataTableColumn<Row>[] = [
  { key: 'id', title: '终端号', render: (r) => r.id },
  { key: 'n', title: '序号', width: 80, render: (r) => String(r.n) },
];

describe('rowWindow', () => {
  it('renders the rows in view plus the overscan, with spacers for the rest', () => {
    expect(rowWindow(0, 300, 30, 10_000, 5)).toEqual({ start: 0, end: 15, before: 0, after: (10_000 - 15) * 30 });
    expect(rowWindow(3000, 300, 30, 10_000, 5)).toEqual({ start: 95, end: 115, before: 95 * 30, after: (10_000 - 115) * 30 });
    expect(rowWindow(1e9, 300, 30, 10_000, 5).end).toBe(10_000);
    expect(rowWindow(0, 300, 30, 0)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });
});

describe('<DataTable>', () => {
  it('puts only the visible rows of 10,000 in the DOM and follows the scroll', async () => {
    const onVisible = vi.fn();
    render(<DataTable label="车辆" rows={rows} columns={columns} rowKey={(r) => r.id} height={300} rowHeight={30} onVisibleRowsChange={onVisible} />);
    expect(await screen.findByText('t0')).toBeTruthy();
    const body = screen.getByTestId('data-table-body');
    const rendered = () => body.querySelectorAll('[role="row"]').length;
    expect(rendered()).toBeLessThanOrEqual(10 + 2 * 6 + 1);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('10001');

    act(() => {
      body.scrollTop = 150_000; // row 5000
      fireEvent.scroll(body);
    });
    expect(screen.queryByText('t0')).toBeNull();
    expect(screen.getByText('t5000')).toBeTruthy();
    expect(rendered()).toBeLessThanOrEqual(23);

    await vi.waitFor(() => expect(onVisible).toHaveBeenLastCalledWith(rows.slice(5000, 5010)));
  });

  it('tells the first rows in view at once (their addresses are asked as the page shows), and later ones once scrolling settles', async () => {
    const onVisible = vi.fn();
    render(<DataTable label="车辆" rows={rows} columns={columns} rowKey={(r) => r.id} height={300} rowHeight={30} onVisibleRowsChange={onVisible} />);
    await screen.findByText('t0');
    expect(onVisible).toHaveBeenCalledTimes(1);
    expect(onVisible).toHaveBeenLastCalledWith(rows.slice(0, 10));

    vi.useFakeTimers();
    try {
      const body = screen.getByTestId('data-table-body');
      for (const top of [30_000, 60_000, 90_000]) {
        act(() => {
          body.scrollTop = top;
          fireEvent.scroll(body);
        });
      }
      expect(onVisible).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(300));
      expect(onVisible).toHaveBeenCalledTimes(2);
      expect(onVisible).toHaveBeenLastCalledWith(rows.slice(3000, 3010));
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports clicks with the row and marks the selected row', async () => {
    const onClick = vi.fn();
    render(<DataTable rows={rows.slice(0, 3)} columns={columns} rowKey={(r) => r.id} height={300} selectedKey="t1" onRowClick={onClick} />);
    fireEvent.click(await screen.findByText('t2'));
    expect(onClick).toHaveBeenCalledWith(rows[2]);
    expect(screen.getByText('t1').closest('[role="row"]')?.getAttribute('aria-selected')).toBe('true');
  });

  it('says 暂无数据 without rows', async () => {
    render(<DataTable rows={[]} columns={columns} rowKey={(r: Row) => r.id} height={100} />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('keeps head and rows as wide as their columns, so a table wider than its box scrolls sideways with 操作 pinned instead of cutting columns', async () => {
    const wide: DataTableColumn<Row>[] = [
      { key: 'id', title: '编号', width: 400, render: (r) => r.id },
      { key: 'n', title: '数值', width: '300px', render: (r) => String(r.n) },
      { key: 'op', title: '操作', render: () => '编辑' },
    ];
    render(<DataTable rows={rows.slice(0, 2)} columns={wide} rowKey={(r) => r.id} height={100} />);
    const head = (await screen.findByText('操作')).closest('[role="row"]') as HTMLElement;
    expect(head.style.minWidth).toBe(`${400 + 300 + 80}px`);
    const row = screen.getAllByText('编辑')[0]!.closest('[role="row"]') as HTMLElement;
    expect(row.style.minWidth).toBe(head.style.minWidth);
    // the operation column stays at the right edge; a cut text shows whole as its tooltip
    expect(screen.getAllByText('编辑')[0]!.className).toContain('tl-table-pinned');
    expect(screen.getByText('t1').getAttribute('title')).toBe('t1');
    expect(columnsMinWidth([120, undefined, '2fr', '50px'])).toBe(120 + 80 + 80 + 50);
  });
});
