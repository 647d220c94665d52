import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { usePickColumn } from './pick-column';

const rows = [{ id: 1, name: '张三' }, { id: 2, name: '李四' }];

describe('usePickColumn', () => {
  it('ticks and unticks rows by their checkbox, named after the row, and clears them all', () => {
    const hook = renderHook(() => usePickColumn<{ id: number; name: string }>((r) => r.name));
    const draw = () => render(<div>{rows.map((r, i) => <span key={r.id}>{hook.result.current.column.render(r, i)}</span>)}</div>);
    const first = draw();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 李四' }));
    expect([...hook.result.current.picked]).toEqual([2]);
    first.unmount();

    const second = draw();
    expect((screen.getByRole('checkbox', { name: '选择 李四' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 张三' }));
    expect([...hook.result.current.picked].sort()).toEqual([1, 2]);
    second.unmount();

    const third = draw();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 李四' }));
    expect([...hook.result.current.picked]).toEqual([1]);
    third.unmount();

    act(() => hook.result.current.clear());
    expect(hook.result.current.picked.size).toBe(0);
  });
});
