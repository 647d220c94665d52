import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { flattenGroups, GroupFilter } from './group-filter';

const tree = [{ id: 1, name: '华北', children: [{ id: 2, name: '北京车队', children: [] }] }, { id: 3, name: '华南' }];

describe('flattenGroups', () => {
  it('lists a tree depth-first with each group\'s depth and its id as text', () => {
    expect(flattenGroups(tree)).toEqual([
      { id: '1', name: '华北', depth: 0 },
      { id: '2', name: '北京车队', depth: 1 },
      { id: '3', name: '华南', depth: 0 },
    ]);
  });
});

describe('GroupFilter', () => {
  it('reads the every-group choice until one is picked, and answers the picked group\'s id', () => {
    const onChange = vi.fn();
    const { rerender } = render(<GroupFilter label="车组" allLabel="全部车组" groups={tree} value="" onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: '车组' });
    expect(box.textContent).toBe('全部车组');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('option', { name: '北京车队' }));
    expect(onChange).toHaveBeenCalledWith('2');
    rerender(<GroupFilter label="车组" allLabel="全部车组" groups={tree} value="2" onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: '车组' }).textContent).toBe('北京车队');
  });
});
