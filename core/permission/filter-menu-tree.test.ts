import { describe, expect, it } from 'vitest';
import type { MenuContribution } from '@tianlu/sdk';
import { filterMenuTree } from './filter-menu-tree';

const allow = (ids: number[]) => (id: number) => ids.includes(id);

describe('filterMenuTree (spec §6)', () => {
  const tree: MenuContribution[] = [
    { id: 0, title: 'root', children: [{ id: 1, title: 'a' }, { id: 2, title: 'b', children: [{ id: 21, title: 'b1' }, { id: 22, title: 'b2' }] }] },
    { id: 3, title: 'c' },
    { id: 4, title: 'd', children: [{ id: 41, title: 'd1' }] },
  ];

  it('keeps allowed ids, recursing into children', () => {
    const out = filterMenuTree(tree, allow([1, 2, 22, 4]));
    expect(out).toEqual([
      { id: 0, title: 'root', children: [{ id: 1, title: 'a' }, { id: 2, title: 'b', children: [{ id: 22, title: 'b2' }] }] },
      { id: 4, title: 'd', children: [] },
    ]);
  });

  it('drops a disallowed entry together with its allowed children', () => {
    expect(filterMenuTree(tree, allow([41]))).toEqual([]);
  });

  it('keeps an id-0 root only when it has children after filtering', () => {
    expect(filterMenuTree(tree, allow([3]))).toEqual([{ id: 3, title: 'c' }]);
    expect(filterMenuTree([{ id: 0, title: 'empty root' }], () => true)).toEqual([]);
  });

  it('keeps a nested id-0 container with children even though 0 is never granted', () => {
    const nested: MenuContribution[] = [{ id: 5, title: 'e', children: [{ id: 0, title: 'group', children: [{ id: 51, title: 'e1' }] }] }];
    expect(filterMenuTree(nested, allow([5, 51]))[0]!.children).toEqual([{ id: 0, title: 'group', children: [{ id: 51, title: 'e1' }] }]);
  });

  it('does not change its input', () => {
    const copy = structuredClone(tree);
    filterMenuTree(tree, allow([]));
    expect(tree).toEqual(copy);
  });
});
