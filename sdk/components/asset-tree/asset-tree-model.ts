/**
 * The asset tree as rows: vehicle groups with their counts and the vehicles under them, filtered
 * by status and keyword, flattened for a windowed list. Pure.
 */
import { inAlarm, keywordMatcher, matchesStatus, type AssetCounts, type AssetStatusFilter } from '../../asset-status';
import type { MonitorItem, VehicleGroup } from '../../services/live-service';

export type CheckState = 'checked' | 'unchecked' | 'mixed';

export type AssetTreeRow =
  | {
      kind: 'group';
      key: string;
      id: string;
      name: string;
      depth: number;
      counts: AssetCounts;
      expanded: boolean;
      /** Whether the group has anything to expand (subgroups or matching vehicles). */
      expandable: boolean;
      check: CheckState;
      /** The matching vehicles of the group and its subgroups (what its checkbox toggles). */
      terminalNos: string[];
    }
  | { kind: 'vehicle'; key: string; item: MonitorItem; depth: number; checked: boolean };

export interface AssetTreeInput {
  groups: readonly VehicleGroup[];
  items: readonly MonitorItem[];
  status: AssetStatusFilter;
  keyword: string;
  /** Expanded group ids (while searching, groups holding a match open by themselves). */
  expanded: ReadonlySet<string>;
  /** Vehicles unticked: not shown on the map. */
  hidden: ReadonlySet<string>;
  /** The id of the group an asset is listed under; default its vehicle group (groupId). */
  groupOf?: (item: MonitorItem) => string | number | null | undefined;
}

/** The status filter's choices. */
export const ASSET_STATUS_FILTERS: { value: AssetStatusFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'online', label: '在线' },
  { value: 'offline', label: '离线' },
  { value: 'alarm', label: '报警' },
];

/** Counts 全部/在线/离线/报警 (报警: an open alarm, online or not). */
export function countAssets(items: Iterable<Pick<MonitorItem, 'online' | 'alarmFlags' | 'openAlarms'>>): AssetCounts {
  const c: AssetCounts = { all: 0, online: 0, offline: 0, alarm: 0 };
  for (const i of items) {
    c.all++;
    if (i.online) c.online++;
    else c.offline++;
    if (inAlarm(i)) c.alarm++;
  }
  return c;
}

/** Vehicles whose group is not in the tree are listed under this pseudo group. */
export const UNGROUPED_ID = '__ungrouped__';
export const UNGROUPED_NAME = '未分组';

/** How a monitor's tree groups its assets: by vehicle group (tree.json) or, for people, by 部门. */
export type AssetTreeGrouping = 'group' | 'department';

/** People without a 部门 are listed under this department. */
export const NO_DEPARTMENT_NAME = '未填写部门';
const DEPARTMENT_PREFIX = 'dept:';

/** The tree id of a person's department (a blank one is {@link NO_DEPARTMENT_NAME}'s). */
export function departmentId(item: Pick<MonitorItem, 'department'>): string {
  return DEPARTMENT_PREFIX + (item.department?.trim() ?? '');
}

/** The departments of `items` as tree groups, by name (collated), 未填写部门 last. */
export function departmentGroups(items: readonly Pick<MonitorItem, 'department'>[]): VehicleGroup[] {
  const names = new Set(items.map((i) => i.department?.trim() ?? ''));
  const named = [...names].filter((n) => n !== '').sort(new Intl.Collator('zh-CN').compare);
  const groups: VehicleGroup[] = named.map((name) => ({ id: DEPARTMENT_PREFIX + name, name, children: [] }));
  if (names.has('')) groups.push({ id: DEPARTMENT_PREFIX, name: NO_DEPARTMENT_NAME, children: [] });
  return groups;
}

const collator = new Intl.Collator('zh-CN');
const sortKey = (i: MonitorItem) => i.plateNo || i.terminalNo;

/** Per group: the last vehicles sorted and their order, reused while the same vehicles come in the same order. */
interface SortMemo {
  terminalNos: string[];
  keys: string[];
  order: number[];
}
const sortMemos = new Map<string, SortMemo>();

/**
 * `items` by plate. A tree rebuilt on every live push gets the same vehicles in the same order
 * each time: comparing them with the last call is far cheaper than collating 10,000 plates again.
 */
function sortedByPlate(groupId: string, items: readonly MonitorItem[]): MonitorItem[] {
  const memo = sortMemos.get(groupId);
  const same =
    memo !== undefined && memo.terminalNos.length === items.length && items.every((item, i) => item.terminalNo === memo.terminalNos[i] && sortKey(item) === memo.keys[i]);
  if (same) return memo.order.map((i) => items[i]);
  const order = items.map((_, i) => i).sort((a, b) => collator.compare(sortKey(items[a]), sortKey(items[b])));
  sortMemos.set(groupId, { terminalNos: items.map((i) => i.terminalNo), keys: items.map(sortKey), order });
  return order.map((i) => items[i]);
}

interface Node {
  id: string;
  name: string;
  children: Node[];
  /** Every vehicle directly in the group. */
  items: MonitorItem[];
}

function toNodes(groups: readonly VehicleGroup[]): Node[] {
  return groups.map((g) => ({ id: String(g.id), name: g.name, children: toNodes(g.children ?? []), items: [] }));
}

function index(nodes: Node[], into = new Map<string, Node>()): Map<string, Node> {
  for (const n of nodes) {
    into.set(n.id, n);
    index(n.children, into);
  }
  return into;
}

/** The rows of the tree, depth first; groups without a matching vehicle are left out while filtering. */
export function buildAssetTree(input: AssetTreeInput): AssetTreeRow[] {
  const roots = toNodes(input.groups);
  const byId = index(roots);
  const ungrouped: Node = { id: UNGROUPED_ID, name: UNGROUPED_NAME, children: [], items: [] };
  const groupOf = input.groupOf ?? ((item: MonitorItem) => item.groupId);
  for (const item of input.items) {
    const id = groupOf(item);
    const node = id != null ? byId.get(String(id)) : undefined;
    (node ?? ungrouped).items.push(item);
  }
  if (ungrouped.items.length) roots.push(ungrouped);
  const filtering = input.status !== 'all' || input.keyword.trim() !== '';
  const searching = input.keyword.trim() !== '';
  const matchesKeyword = keywordMatcher(input.keyword);
  const hidden = input.hidden;
  const isHidden = (t: string) => hidden.size > 0 && hidden.has(t);
  const rows: AssetTreeRow[] = [];

  /** Appends the rows of `node` (if it has matches or nothing filters); returns its matching vehicles. */
  const visit = (node: Node, depth: number, out: AssetTreeRow[]): { all: MonitorItem[]; matching: string[] } => {
    const matchingHere = filtering ? node.items.filter((i) => matchesStatus(i, input.status) && matchesKeyword(i)) : node.items;
    const childRows: AssetTreeRow[] = [];
    const all = [...node.items];
    const matching = matchingHere.map((i) => i.terminalNo);
    for (const child of node.children) {
      const r = visit(child, depth + 1, childRows);
      all.push(...r.all);
      matching.push(...r.matching);
    }
    if (filtering && matching.length === 0) return { all, matching };
    const expanded = input.expanded.has(node.id) || (searching && matching.length > 0);
    const hiddenCount = hidden.size ? matching.reduce((n, t) => n + (hidden.has(t) ? 1 : 0), 0) : 0;
    out.push({
      kind: 'group',
      key: `g:${node.id}`,
      id: node.id,
      name: node.name,
      depth,
      counts: countAssets(all),
      expanded,
      expandable: childRows.length > 0 || matchingHere.length > 0,
      check: matching.length === 0 || hiddenCount === matching.length ? 'unchecked' : hiddenCount === 0 ? 'checked' : 'mixed',
      terminalNos: matching,
    });
    if (expanded) {
      out.push(...childRows);
      for (const item of sortedByPlate(node.id, matchingHere)) out.push({ kind: 'vehicle', key: `v:${item.terminalNo}`, item, depth: depth + 1, checked: !isHidden(item.terminalNo) });
    }
    return { all, matching };
  };
  for (const root of roots) visit(root, 0, rows);
  return rows;
}
