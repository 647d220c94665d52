import { useState, type DragEvent, type ReactNode } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { BuildingRegular, ChevronDownRegular, ChevronRightRegular, FolderRegular } from '@fluentui/react-icons';
import type { GroupNode, TenantGroups } from '@tianlu/sdk';

const useStyles = makeStyles({
  tree: { display: 'flex', flexDirection: 'column', gap: '1px', overflowY: 'auto', userSelect: 'none' },
  item: {
    display: 'flex', alignItems: 'center', gap: '4px', padding: '4px 6px', borderRadius: tokens.borderRadiusMedium, cursor: 'pointer',
    ':hover': { background: tokens.colorNeutralBackground1Hover },
  },
  selected: { background: tokens.colorBrandBackground2, ':hover': { background: tokens.colorBrandBackground2Hover } },
  dropTarget: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  tenant: { fontWeight: tokens.fontWeightSemibold },
  count: { color: tokens.colorNeutralForeground3, marginLeft: '4px' },
  toggle: { display: 'inline-flex', width: '16px' },
});

/** What is selected in the tree: a customer's top level or one group. */
export type TreeSelection = { tenantId: number; groupId: number | null };

/**
 * The vehicle-group trees of the caller's customers. With `onMove`, a group can be dragged onto
 * another group of the same customer (it becomes a subgroup) or onto the customer (top level).
 */
export function GroupTree(props: {
  trees: readonly TenantGroups[];
  selection: TreeSelection | undefined;
  onSelect: (selection: TreeSelection) => void;
  onMove?: (group: GroupNode, parentId: number | null) => void;
}) {
  const s = useStyles();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [dragging, setDragging] = useState<GroupNode>();
  const [over, setOver] = useState<string>();

  const canDrop = (tenantId: number, target: GroupNode | null) => {
    if (!dragging || dragging.tenantId !== tenantId) return false;
    if (target === null) return dragging.parentId !== null;
    // not onto itself or below itself, not where it already is
    const inside = (n: GroupNode): boolean => n.id === target.id || n.children.some(inside);
    return !inside(dragging) && dragging.parentId !== target.id;
  };
  const dropHandlers = (key: string, tenantId: number, target: GroupNode | null) =>
    props.onMove
      ? {
          onDragOver: (e: DragEvent) => {
            if (!canDrop(tenantId, target)) return;
            e.preventDefault();
            setOver(key);
          },
          onDragLeave: () => setOver((k) => (k === key ? undefined : k)),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            setOver(undefined);
            if (dragging && canDrop(tenantId, target)) props.onMove!(dragging, target?.id ?? null);
            setDragging(undefined);
          },
        }
      : {};

  const node = (g: GroupNode, depth: number): ReactNode => {
    const open = !collapsed.has(g.id);
    const key = `g${g.id}`;
    const selected = props.selection?.groupId === g.id;
    return (
      <div key={g.id} role="treeitem" aria-selected={selected} aria-expanded={g.children.length ? open : undefined} aria-label={g.name}>
        <div
          className={mergeClasses(s.item, selected && s.selected, over === key && s.dropTarget)}
          style={{ paddingLeft: 6 + depth * 18 }}
          draggable={Boolean(props.onMove)}
          data-testid={`group-${g.id}`}
          onDragStart={(e) => {
            e.dataTransfer?.setData('text/plain', String(g.id));
            setDragging(g);
          }}
          onDragEnd={() => {
            setDragging(undefined);
            setOver(undefined);
          }}
          onClick={() => props.onSelect({ tenantId: g.tenantId, groupId: g.id })}
          {...dropHandlers(key, g.tenantId, g)}
        >
          <span
            className={s.toggle}
            onClick={(e) => {
              e.stopPropagation();
              setCollapsed((c) => (c.has(g.id) ? new Set([...c].filter((x) => x !== g.id)) : new Set([...c, g.id])));
            }}
          >
            {g.children.length ? open ? <ChevronDownRegular /> : <ChevronRightRegular /> : null}
          </span>
          <FolderRegular />
          <Text>{g.name}</Text>
          <Text className={s.count}>{`(${g.totalCount})`}</Text>
        </div>
        {open && g.children.length > 0 && <div role="group">{g.children.map((c) => node(c, depth + 1))}</div>}
      </div>
    );
  };

  return (
    <div className={s.tree} role="tree" aria-label="车组">
      {props.trees.map((t) => {
        const key = `t${t.tenantId}`;
        const selected = props.selection?.tenantId === t.tenantId && props.selection.groupId === null;
        return (
          <div key={t.tenantId} role="treeitem" aria-selected={selected} aria-label={t.tenantName}>
            <div
              className={mergeClasses(s.item, s.tenant, selected && s.selected, over === key && s.dropTarget)}
              data-testid={`tenant-${t.tenantId}`}
              onClick={() => props.onSelect({ tenantId: t.tenantId, groupId: null })}
              {...dropHandlers(key, t.tenantId, null)}
            >
              <BuildingRegular />
              <Text weight="semibold">{t.tenantName}</Text>
            </div>
            <div role="group">{t.groups.map((g) => node(g, 1))}</div>
          </div>
        );
      })}
    </div>
  );
}

/** The group of that id in the trees. */
export function findGroup(trees: readonly TenantGroups[], id: number): GroupNode | undefined {
  const visit = (nodes: readonly GroupNode[]): GroupNode | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const inner = visit(n.children);
      if (inner) return inner;
    }
    return undefined;
  };
  for (const t of trees) {
    const found = visit(t.groups);
    if (found) return found;
  }
  return undefined;
}
