import { describe, expect, it } from 'vitest';
import { filterAssets, matchesKeyword, matchesStatus } from '../../asset-status';
import type { MonitorItem, VehicleGroup } from '../../services/live-service';
import { monitorItem } from '../../testing/monitor-item';
import { buildAssetTree, countAssets, departmentGroups, departmentId, NO_DEPARTMENT_NAME, UNGROUPED_ID, UNGROUPED_NAME, type AssetTreeInput } from './asset-tree-model';

const v = (terminalNo: string, plateNo: string, groupId: number | null, patch: Partial<MonitorItem> = {}): MonitorItem =>
  monitorItem(terminalNo, { plateNo, groupId, lon: 116, lat: 39, speed: 0, course: 0, altitude: 0, gpsTime: null, statusFlags: 0, mileage: 0, ...patch });

const groups: VehicleGroup[] = [
  { id: 1, name: '北京车队', children: [{ id: 11, name: '朝阳分队', parentId: 1, children: [] }] },
  { id: 2, name: '上海车队', children: [] },
];
const items = [
  v('013800000001', '京A10001', 1),
  v('013800000002', '京A10002', 11, { online: false }),
  v('013800000003', '京A10003', 11, { alarmFlags: 1 }),
  v('013800000004', '沪B20001', 2, { online: false, alarmFlags: 4 }),
  v('013800000005', '苏C30001', null),
];

const input = (patch: Partial<AssetTreeInput> = {}): AssetTreeInput => ({
  groups,
  items,
  status: 'all',
  keyword: '',
  expanded: new Set(['1', '11', '2', UNGROUPED_ID]),
  hidden: new Set(),
  ...patch,
});

const names = (rows: ReturnType<typeof buildAssetTree>) => rows.map((r) => (r.kind === 'group' ? `#${r.name}` : r.item.plateNo));

describe('asset filter', () => {
  it('status 在线/离线/报警 and search by plate or terminal number (partial, case and blanks ignored)', () => {
    expect(filterAssets(items, 'online', '').map((i) => i.terminalNo)).toEqual(['013800000001', '013800000003', '013800000005']);
    expect(filterAssets(items, 'offline', '').map((i) => i.terminalNo)).toEqual(['013800000002', '013800000004']);
    expect(filterAssets(items, 'alarm', '').map((i) => i.terminalNo)).toEqual(['013800000003', '013800000004']);
    expect(matchesKeyword(items[3], 'b2')).toBe(true);
    expect(matchesKeyword(items[3], ' 沪B ')).toBe(true);
    expect(matchesKeyword(items[0], '00001')).toBe(true);
    expect(matchesKeyword(items[0], '沪')).toBe(false);
    expect(matchesStatus(items[1], 'all')).toBe(true);
  });

  it('counts 全部/在线/离线/报警', () => {
    expect(countAssets(items)).toEqual({ all: 5, online: 3, offline: 2, alarm: 2 });
  });
});

describe('buildAssetTree', () => {
  it('lists groups depth first with counts that include subgroups, vehicles under their group, strays under 未分组', () => {
    const rows = buildAssetTree(input());
    expect(names(rows)).toEqual(['#北京车队', '#朝阳分队', '京A10002', '京A10003', '京A10001', '#上海车队', '沪B20001', `#${UNGROUPED_NAME}`, '苏C30001']);
    const beijing = rows[0];
    expect(beijing.kind === 'group' && beijing.counts).toEqual({ all: 3, online: 2, offline: 1, alarm: 1 });
  });

  it('collapsed groups hide their rows', () => {
    expect(names(buildAssetTree(input({ expanded: new Set(['2']) })))).toEqual(['#北京车队', '#上海车队', '沪B20001', `#${UNGROUPED_NAME}`]);
  });

  it('a status filter keeps only groups with matching vehicles', () => {
    expect(names(buildAssetTree(input({ status: 'alarm' })))).toEqual(['#北京车队', '#朝阳分队', '京A10003', '#上海车队', '沪B20001']);
  });

  it('a search opens the groups holding a match, even collapsed ones', () => {
    expect(names(buildAssetTree(input({ keyword: '10003', expanded: new Set() })))).toEqual(['#北京车队', '#朝阳分队', '京A10003']);
    expect(buildAssetTree(input({ keyword: '不存在' }))).toEqual([]);
  });

  it('group checkboxes are checked, mixed or unchecked by the ticked vehicles under them', () => {
    const rows = buildAssetTree(input({ hidden: new Set(['013800000002']) }));
    const check = (name: string) => rows.find((r) => r.kind === 'group' && r.name === name);
    expect(check('北京车队')).toMatchObject({ check: 'mixed', terminalNos: ['013800000001', '013800000002', '013800000003'] });
    expect(check('上海车队')).toMatchObject({ check: 'checked' });
    expect(rows.find((r) => r.kind === 'vehicle' && r.item.terminalNo === '013800000002')).toMatchObject({ checked: false });
    const none = buildAssetTree(input({ hidden: new Set(['013800000004']) }));
    expect(none.find((r) => r.kind === 'group' && r.name === '上海车队')).toMatchObject({ check: 'unchecked' });
  });
});

describe('buildAssetTree on every live push', () => {
  const plates = (rows: ReturnType<typeof buildAssetTree>) => rows.flatMap((r) => (r.kind === 'vehicle' ? [r.item.plateNo] : []));
  const base = { groups: [{ id: 9, name: '测试车队', children: [] }] as VehicleGroup[], status: 'all' as const, keyword: '', expanded: new Set(['9']), hidden: new Set<string>() };

  it('lists the new items (not the last push’s) in plate order, and re-sorts when a plate changes', () => {
    const first = [v('3', '京C', 9), v('1', '京A', 9), v('2', '京B', 9)];
    expect(plates(buildAssetTree({ ...base, items: first }))).toEqual(['京A', '京B', '京C']);
    const moved = first.map((i) => ({ ...i, speed: 50 }));
    const rows = buildAssetTree({ ...base, items: moved });
    expect(rows.flatMap((r) => (r.kind === 'vehicle' ? [r.item.speed] : []))).toEqual([50, 50, 50]);
    const renamed = [moved[0], { ...moved[1], plateNo: '京D' }, moved[2]];
    expect(plates(buildAssetTree({ ...base, items: renamed }))).toEqual(['京B', '京C', '京D']);
    const arrived = [...renamed, v('4', '京0', 9)];
    expect(plates(buildAssetTree({ ...base, items: arrived }))).toEqual(['京0', '京B', '京C', '京D']);
  });
});

describe('a department tree of people', () => {
  const person = (terminalNo: string, name: string, department: string | undefined, patch: Partial<MonitorItem> = {}) =>
    v(terminalNo, name, 1, { assetKind: 'person', ...(department !== undefined && { department }), ...patch });
  const people = [
    person('1', '王建国', '生产部'),
    person('2', '李娜', '质检部', { online: false }),
    person('3', '赵强', '生产部', { online: false }),
    person('4', '陈晨', ''),
    person('5', '周敏', undefined),
  ];

  it('groups people by 部门 with online/total counts, people without one under 未填写部门 (last)', () => {
    const groups = departmentGroups(people);
    expect(groups.map((g) => g.name)).toEqual(['生产部', '质检部', NO_DEPARTMENT_NAME]);
    const rows = buildAssetTree({ groups, items: people, status: 'all', keyword: '', expanded: new Set(groups.map((g) => String(g.id))), hidden: new Set(), groupOf: departmentId });
    const tree = rows.map((r) => (r.kind === 'group' ? `${r.name} ${r.counts.online}/${r.counts.all}` : `  ${r.item.plateNo}`));
    expect(tree).toEqual(['生产部 1/2', '  王建国', '  赵强', '质检部 0/1', '  李娜', '未填写部门 2/2', '  陈晨', '  周敏']);
  });

  it('a search keeps only the departments holding a match, and ticking a department ticks its people', () => {
    const groups = departmentGroups(people);
    const rows = buildAssetTree({ groups, items: people, status: 'offline', keyword: '', expanded: new Set(), hidden: new Set(['3']), groupOf: departmentId });
    expect(rows.filter((r) => r.kind === 'group').map((r) => r.kind === 'group' && [r.name, r.check, r.terminalNos])).toEqual([
      ['生产部', 'unchecked', ['3']],
      ['质检部', 'checked', ['2']],
    ]);
  });

  it('has no department when nobody is listed', () => {
    expect(departmentGroups([])).toEqual([]);
  });
});
