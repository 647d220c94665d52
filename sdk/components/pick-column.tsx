import { useState } from 'react';
import { Checkbox } from '@fluentui/react-components';
import type { DataTableColumn } from './data-table/data-table-props';

/** What {@link usePickColumn} gives a list page. */
export interface PickColumn<T> {
  /** The ticked rows' ids. */
  picked: ReadonlySet<number>;
  /** Unticks every row (call it when the page changes, so no unseen row stays ticked). */
  clear: () => void;
  /** The first column of the table: a checkbox per row, named 选择 and the row's name. */
  column: DataTableColumn<T>;
}

/**
 * The tick-to-select column of a list whose actions work on several rows (删除, 打印标签 …):
 * `nameOf` names a row to a screen reader (选择 京A12345).
 */
export function usePickColumn<T extends { id: number }>(nameOf: (row: T) => string): PickColumn<T> {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number, on: boolean) => setPicked((p) => new Set([...p].filter((x) => x !== id).concat(on ? [id] : [])));
  return {
    picked,
    clear: () => setPicked(new Set()),
    column: {
      key: 'pick',
      title: '',
      width: 40,
      render: (r) => <Checkbox aria-label={`选择 ${nameOf(r)}`} checked={picked.has(r.id)} onChange={(_, d) => toggle(r.id, d.checked === true)} />,
    },
  };
}
