import { Checkbox, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ASSET_STATE_COLORS, assetState, type AssetStatusFilter } from '../../asset-status';
import { ASSET_VOCABULARY } from '../../asset-vocabulary';
import type { AssetTreeProps } from './asset-tree-props';
import { rowWindow } from '../data-table/windowing';
import PersonStatusChips from '../person-status/person-status-chips-view';
import { TextLengthCounter } from '../text-input';
import { ASSET_STATUS_FILTERS, buildAssetTree, countAssets, UNGROUPED_ID, type AssetTreeRow } from './asset-tree-model';

const ROW_HEIGHT = 30;

const FILTER_COLORS: Record<AssetStatusFilter, string> = {
  all: tokens.colorNeutralForeground1,
  online: ASSET_STATE_COLORS.moving,
  offline: ASSET_STATE_COLORS.offline,
  alarm: ASSET_STATE_COLORS.alarm,
};

/** Every group starts open (the list is windowed, so a long one costs nothing). */
const allGroups = (groups: AssetTreeProps['groups']): Set<string> => {
  const ids = new Set<string>([UNGROUPED_ID]);
  const walk = (gs: AssetTreeProps['groups']) => gs.forEach((g) => (ids.add(String(g.id)), walk(g.children ?? [])));
  walk(groups);
  return ids;
};
const DEFAULT_HEIGHT = 480;
/** A person's row is narrow: it shows the alerts (SOS, 低电量); the table and the card show every chip. */
const TREE_CHIPS = ['sos', 'lowBattery'] as const;
/** The search's limit (the monitor's keyword filter takes up to 50 characters). */
const SEARCH_MAX_LENGTH = 50;
const COUNTER_POSITION = { position: 'absolute', right: '8px', top: '50%', transform: 'translateY(-50%)', pointerEvents: 'none' } as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, gap: '8px' },
  filters: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: '6px', flexShrink: 0 },
  filter: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    padding: '4px 0',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    fontFamily: 'inherit',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  filterOn: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2, color: tokens.colorNeutralForeground1 },
  filterCount: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, lineHeight: '20px' },
  searchBox: { position: 'relative', display: 'flex' },
  // a plain input in Fluent's look: a Fluent SearchBox here would split chunks the login page loads
  search: {
    flexGrow: 1,
    height: '28px',
    padding: '0 52px 0 10px',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    outlineStyle: 'none',
    ':focus': { borderBottomColor: tokens.colorCompoundBrandStroke, borderBottomWidth: '2px' },
    '::placeholder': { color: tokens.colorNeutralForeground4 },
  },
  list: { flexGrow: 1, minHeight: 0, overflowY: 'auto', position: 'relative' },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    height: `${ROW_HEIGHT}px`,
    fontSize: tokens.fontSizeBase200,
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  toggle: { display: 'inline-flex', width: '18px', justifyContent: 'center', color: tokens.colorNeutralForeground3, flexShrink: 0, fontSize: '16px', transitionProperty: 'transform', transitionDuration: '0.1s' },
  open: { transform: 'rotate(90deg)' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', flexGrow: 1, minWidth: 0 },
  group: { fontWeight: tokens.fontWeightSemibold },
  counts: { color: tokens.colorNeutralForeground3, paddingRight: '6px', fontSize: tokens.fontSizeBase100 },
  dot: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0, marginRight: '6px' },
  speed: { color: tokens.colorNeutralForeground3, paddingRight: '6px', fontSize: tokens.fontSizeBase100 },
  empty: { padding: '16px', color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/** The windowed tree behind {@link AssetTree}. */
export default function AssetTreeView(props: AssetTreeProps) {
  const s = useStyles();
  const { groups, status, keyword, hidden, groupOf } = props;
  // told nothing, the tree speaks of vehicles, in their vocabulary
  const noun = props.noun ?? ASSET_VOCABULARY.vehicle.noun;
  const searchLabel = props.searchLabel ?? `${ASSET_VOCABULARY.vehicle.nameLabel} / 终端号`;
  // live pushes change every item each second: the tree follows in a render of its own, after the map's
  const items = useDeferredValue(props.items);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => allGroups(groups));
  // open the groups when the tree arrives
  useEffect(() => setExpanded((e) => (e.size > 1 ? e : allGroups(groups))), [groups]);
  const rows = useMemo(() => buildAssetTree({ groups, items, status, keyword, expanded, hidden, groupOf }), [groups, items, status, keyword, expanded, hidden, groupOf]);
  const totals = useMemo(() => countAssets(items), [items]);

  const list = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(0);
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const ro = new ResizeObserver(() => setMeasured(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const height = props.height ?? (measured || DEFAULT_HEIGHT);
  const [scrollTop, setScrollTop] = useState(0);
  const win = rowWindow(scrollTop, height, ROW_HEIGHT, rows.length);

  const toggle = (id: string, open: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const renderRow = (row: AssetTreeRow) => {
    const indent = { paddingLeft: `${row.depth * 16}px` };
    if (row.kind === 'group') {
      return (
        <div key={row.key} role="treeitem" aria-expanded={row.expanded} aria-level={row.depth + 1} className={s.row} style={indent} onClick={() => toggle(row.id, !row.expanded)}>
          <span className={mergeClasses(s.toggle, row.expanded && s.open)}>{row.expandable ? '›' : null}</span>
          <Checkbox
            size="medium"
            aria-label={`显示 ${row.name}`}
            checked={row.check === 'mixed' ? 'mixed' : row.check === 'checked'}
            disabled={row.terminalNos.length === 0}
            onClick={(e) => e.stopPropagation()}
            onChange={(_, d) => props.onVisibilityChange(row.terminalNos, d.checked === true)}
          />
          <span className={mergeClasses(s.name, s.group)}>{row.name}</span>
          <span className={s.counts} title={`在线 ${row.counts.online} / 全部 ${row.counts.all}`}>
            {row.counts.online}/{row.counts.all}
          </span>
        </div>
      );
    }
    const { item } = row;
    return (
      <div
        key={row.key}
        role="treeitem"
        aria-level={row.depth + 1}
        aria-selected={item.terminalNo === props.selected}
        data-terminal={item.terminalNo}
        className={mergeClasses(s.row, item.terminalNo === props.selected && s.selected)}
        style={indent}
        onClick={() => props.onSelect?.(item.terminalNo)}
      >
        <span className={s.toggle} />
        <Checkbox aria-label={`显示 ${item.plateNo || item.terminalNo}`} checked={row.checked} onClick={(e) => e.stopPropagation()} onChange={(_, d) => props.onVisibilityChange([item.terminalNo], d.checked === true)} />
        <span className={s.dot} style={{ background: ASSET_STATE_COLORS[assetState(item)] }} />
        <span className={s.name} title={item.terminalNo}>
          {item.plateNo || item.terminalNo}
        </span>
        {item.assetKind === 'person' && <PersonStatusChips item={item} only={TREE_CHIPS} />}
        {item.online && item.speed !== null && <span className={s.speed}>{Math.round(item.speed)} km/h</span>}
        {item.expired && (
          <span className={s.speed} title={item.hint || '服务已到期，请续费'}>
            已到期
          </span>
        )}
      </div>
    );
  };

  return (
    <div className={s.root}>
      <div className={s.filters} role="radiogroup" aria-label="状态筛选">
        {ASSET_STATUS_FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="radio"
            aria-checked={status === f.value}
            className={mergeClasses(s.filter, status === f.value && s.filterOn)}
            data-status={f.value}
            onClick={() => props.onStatusChange(f.value as AssetStatusFilter)}
          >
            <span className={s.filterCount} style={{ color: FILTER_COLORS[f.value] }}>
              {totals[f.value]}
            </span>
            <span>{f.label}</span>
          </button>
        ))}
      </div>
      <span className={s.searchBox}>
        <input className={s.search} type="search" maxLength={SEARCH_MAX_LENGTH} placeholder={`搜索${searchLabel}`} aria-label={`搜索${searchLabel.replace(' / ', '或')}`} value={keyword} onChange={(e) => props.onKeywordChange(e.target.value)} />
        <TextLengthCounter length={keyword.length} max={SEARCH_MAX_LENGTH} style={COUNTER_POSITION} />
      </span>
      <div ref={list} className={s.list} role="tree" aria-label={noun} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} style={props.height ? { height: props.height, flexGrow: 0 } : undefined}>
        {rows.length === 0 ? (
          <div className={s.empty}>{items.length ? `没有符合条件的${noun}` : `暂无${noun}`}</div>
        ) : (
          <>
            <div style={{ height: win.before }} />
            {rows.slice(win.start, win.end).map(renderRow)}
            <div style={{ height: win.after }} />
          </>
        )}
      </div>
    </div>
  );
}
