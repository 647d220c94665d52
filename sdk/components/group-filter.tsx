import type { CSSProperties } from 'react';
import { Dropdown, Field, Option } from '@fluentui/react-components';

/** A group of a tree as lists answer it (车组, 部门 …): its children nested. */
export interface GroupTreeNode {
  id: number | string;
  name: string;
  children?: readonly GroupTreeNode[] | null;
}

/** One group of a flattened tree: its id as text and its depth (for indentation). */
export interface FlatGroup {
  id: string;
  name: string;
  depth: number;
}

/** The groups of a tree, depth-first, each with its depth. */
export function flattenGroups(groups: readonly GroupTreeNode[], depth = 0): FlatGroup[] {
  return groups.flatMap((g) => [{ id: String(g.id), name: g.name, depth }, ...flattenGroups(g.children ?? [], depth + 1)]);
}

// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
const pick: CSSProperties = { minWidth: '150px' };

/** Props of {@link GroupFilter}. */
export interface GroupFilterProps {
  /** The field's label, in the list's words (车组, 部门, 分组 …). */
  label: string;
  /** The first choice, every group ('' as value): 全部车组 … */
  allLabel: string;
  /** The tree the user may see. */
  groups: readonly GroupTreeNode[];
  /** The chosen group's id; '' for every group. */
  value: string;
  onChange: (groupId: string) => void;
}

/** The group field of a filter row: every group, or one of the tree's, indented by depth. */
export function GroupFilter(props: GroupFilterProps) {
  const groups = flattenGroups(props.groups);
  return (
    <Field label={props.label}>
      <Dropdown
        style={pick}
        value={groups.find((g) => g.id === props.value)?.name ?? props.allLabel}
        selectedOptions={[props.value]}
        onOptionSelect={(_, d) => props.onChange(d.optionValue ?? '')}
      >
        <Option value="">{props.allLabel}</Option>
        {groups.map((g) => (
          <Option key={g.id} value={g.id} text={g.name}>
            <span style={{ paddingLeft: g.depth * 12 }}>{g.name}</span>
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
