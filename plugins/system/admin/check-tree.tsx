import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';

export interface CheckNode {
  id: number;
  label: string;
  /** Shown after the label, muted (e.g. 按钮). */
  hint?: string;
  children?: CheckNode[];
}

const useStyles = makeStyles({
  tree: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '320px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '4px 8px',
  },
  hint: { color: tokens.colorNeutralForeground3, marginLeft: '4px', fontSize: tokens.fontSizeBase200 },
});

function descendants(node: CheckNode): number[] {
  return (node.children ?? []).flatMap((c) => [c.id, ...descendants(c)]);
}

/** Ids of the ancestors of `id` in `nodes` (nearest first), or undefined when absent. */
function ancestors(nodes: readonly CheckNode[], id: number, path: number[] = []): number[] | undefined {
  for (const n of nodes) {
    if (n.id === id) return [...path].reverse();
    const found = ancestors(n.children ?? [], id, [...path, n.id]);
    if (found) return found;
  }
  return undefined;
}

/**
 * A tree of check boxes. With `cascade`, checking an entry checks its ancestors and everything
 * below it (a button needs its menu), and unchecking one unchecks everything below it.
 */
export function CheckTree(props: { nodes: readonly CheckNode[]; checked: ReadonlySet<number>; onChange: (next: Set<number>) => void; cascade?: boolean; label: string }) {
  const s = useStyles();
  const toggle = (node: CheckNode, on: boolean) => {
    const next = new Set(props.checked);
    const affected = props.cascade ? [node.id, ...descendants(node)] : [node.id];
    for (const id of affected) if (on) next.add(id);
    else next.delete(id);
    if (on && props.cascade) for (const id of ancestors(props.nodes, node.id) ?? []) next.add(id);
    props.onChange(next);
  };
  const render = (node: CheckNode, depth: number) => (
    <div key={node.id}>
      <div style={{ paddingLeft: depth * 20 }}>
        <Checkbox
          checked={props.checked.has(node.id)}
          onChange={(_, d) => toggle(node, d.checked === true)}
          label={
            <>
              {node.label}
              {node.hint && <span className={s.hint}>{node.hint}</span>}
            </>
          }
        />
      </div>
      {node.children?.map((c) => render(c, depth + 1))}
    </div>
  );
  return (
    <div className={s.tree} role="group" aria-label={props.label}>
      {props.nodes.map((n) => render(n, 0))}
    </div>
  );
}
