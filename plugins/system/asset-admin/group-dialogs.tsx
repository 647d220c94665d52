import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { expectOk, FormDialog, GroupAdminApi, HttpService, Input, useService, type GroupNode, type TenantGroups, type VehicleRow } from '@tianlu/sdk';
import { errorText } from '../admin/admin-page';
import { treeOrder } from './asset-api';

const useStyles = makeStyles({
  list: { maxHeight: '280px', overflowY: 'auto', display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** 新增车组 / 重命名车组: one name; the server keeps sibling names unique. */
export function GroupNameDialog(props: { title: string; initial?: string; parentLabel: string; onSubmit: (name: string) => Promise<void>; onClose: () => void }) {
  const [name, setName] = useState(props.initial ?? '');
  return (
    <FormDialog title={props.title} onSubmit={() => props.onSubmit(name.trim())} onClose={props.onClose}>
      <Text>{props.parentLabel}</Text>
      <Field label="车组名称" required>
        <Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} />
      </Field>
    </FormDialog>
  );
}

/** 移动车组 without dragging: pick the new parent among the customer's other groups (not the group's own subtree). */
export function MoveGroupDialog(props: { group: GroupNode; tenant: TenantGroups; onSubmit: (parentId: number | null) => Promise<void>; onClose: () => void }) {
  const [parent, setParent] = useState(props.group.parentId === null ? '' : String(props.group.parentId));
  const flat: { id: number; parentId: number | null; name: string }[] = [];
  const collect = (nodes: readonly GroupNode[]) => {
    for (const n of nodes) {
      if (n.id === props.group.id) continue; // its subtree cannot take it
      flat.push({ id: n.id, parentId: n.parentId, name: n.name });
      collect(n.children);
    }
  };
  collect(props.tenant.groups);
  return (
    <FormDialog title="移动车组" submitText="移动" onSubmit={() => props.onSubmit(parent ? Number(parent) : null)} onClose={props.onClose}>
      <Text>{`把车组“${props.group.name}”移动到：`}</Text>
      <Field label="上级车组">
        <Select value={parent} onChange={(_, d) => setParent(d.value)}>
          <option value="">{`${props.tenant.tenantName}（顶级）`}</option>
          {treeOrder(flat).map(({ item, depth }) => (
            <option key={item.id} value={String(item.id)}>{`${'\u3000'.repeat(depth + 1)}${item.name}`}</option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}

/** 分配车辆: search the customer's vehicles and put the checked ones into the group. */
export function AssignVehiclesDialog(props: { tenantId: number; group: GroupNode; onDone: (assigned: number) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const [keyword, setKeyword] = useState('');
  const [list, setList] = useState<VehicleRow[]>();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string>();

  const search = useCallback(
    async (text: string) => {
      setError(undefined);
      try {
        const page = expectOk(await http.call(GroupAdminApi.vehicles, { tenantId: props.tenantId, keyword: text || undefined, current: 1, pageSize: 50 }));
        setList(page.list.filter((v) => v.groupId !== props.group.id));
      } catch (e) {
        setError(errorText(e));
      }
    },
    [http, props.tenantId, props.group.id],
  );
  useEffect(() => void search(''), [search]);

  const submit = async () => {
    if (picked.size === 0) throw new Error('请勾选要分配的车辆');
    props.onDone(expectOk(await http.call(GroupAdminApi.assign, { vehicleIds: [...picked], groupId: props.group.id })).assigned);
  };

  return (
    <FormDialog title={`分配车辆到“${props.group.name}”`} submitText="分配" onSubmit={submit} onClose={props.onClose}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <Field label="搜索车辆" style={{ flex: 1 }}>
          <Input maxLength={20} value={keyword} placeholder="车牌号、VIN 或司机" onChange={(_, d) => setKeyword(d.value)} />
        </Field>
        <Button onClick={() => void search(keyword.trim())}>搜索</Button>
      </div>
      <div className={s.list}>
        {list?.length === 0 && <Text className={s.muted}>没有可分配的车辆</Text>}
        {(list ?? []).map((v) => (
          <Checkbox
            key={v.id}
            label={`${v.plateNo}（${v.groupName ?? '未分组'}）`}
            checked={picked.has(v.id)}
            onChange={(_, d) => setPicked((prev) => (d.checked ? new Set([...prev, v.id]) : new Set([...prev].filter((x) => x !== v.id))))}
          />
        ))}
      </div>
      {error && <Text role="alert">{error}</Text>}
    </FormDialog>
  );
}
