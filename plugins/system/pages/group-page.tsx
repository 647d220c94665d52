import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { ConfirmDialog, type DataTableColumn, expectOk, GroupAdminApi, type GroupNode, HttpService, PagedTable, PageSection, Permission, type TenantGroups, ToastService, useButtonPermission, usePagedQuery, useService } from '@tianlu/sdk';
import { errorText } from '../admin/admin-page';
import { GroupButtons, type VehicleRow } from '../asset-admin/asset-api';
import { AssignVehiclesDialog, GroupNameDialog, MoveGroupDialog } from '../asset-admin/group-dialogs';
import { groupVehicles, openingSelection } from '../asset-admin/group-query';
import { findGroup, GroupTree, type TreeSelection } from '../asset-admin/group-tree';

type Action = { kind: 'add' } | { kind: 'rename' | 'delete' | 'move' | 'assign'; group: GroupNode } | { kind: 'remove'; vehicles: VehicleRow[] };

const useStyles = makeStyles({
  body: { display: 'grid', gridTemplateColumns: '300px minmax(0, 1fr)', gap: '16px', minHeight: '460px' },
  side: { borderRight: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: '12px', display: 'flex', flexDirection: 'column', gap: '8px' },
  main: { display: 'flex', flexDirection: 'column', gap: '8px' },
  tools: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** 车组管理: each customer's group tree (drag a group onto another to move it), its vehicles, and assigning vehicles. */
export default function GroupPage() {
  const http = useService(HttpService);
  const [trees, setTrees] = useState<TenantGroups[]>();
  const [error, setError] = useState<string>();
  const loadTree = useCallback(async () => {
    setError(undefined);
    try {
      setTrees(expectOk(await http.call(GroupAdminApi.tree)));
    } catch (e) {
      setError(errorText(e));
    }
  }, [http]);
  useEffect(() => void loadTree(), [loadTree]);

  // the vehicles are those of a customer of the tree: they are asked for once the tree is in
  const first = trees?.[0];
  if (!trees || !first) {
    return (
      <PageSection title="车组管理" error={error} onRetry={() => void loadTree()}>
        {!error && <Text>{trees ? '没有可管理的客户' : '加载中…'}</Text>}
      </PageSection>
    );
  }
  return <GroupManager trees={trees} first={openingSelection(first.tenantId)} treeError={error} reloadTree={loadTree} />;
}

/** 车组管理 with its tree in: the tree, the buttons of the group picked and its vehicles, paged on the server. */
const GroupManager = observer(function GroupManager(props: { trees: TenantGroups[]; first: TreeSelection; treeError: string | undefined; reloadTree: () => Promise<void> }) {
  const { trees, reloadTree } = props;
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const canMove = useButtonPermission(GroupButtons.move);
  const [action, setAction] = useState<Action>();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const list = usePagedQuery({ ...groupVehicles(props.first), onPage: () => setPicked(new Set()) });
  // the group picked is the filter of the vehicles shown: picking another shows its vehicles from page 1
  const selection = list.filter;
  const vehicles = list.rows;

  const group = selection.groupId ? findGroup(trees, selection.groupId) : undefined;
  const tenant = trees.find((t) => t.tenantId === selection.tenantId);

  /** After a change: its message, the tree as it is now, and the vehicles again (those of `next` from page 1 when given). */
  const done = (text: string, next?: TreeSelection) => {
    toast.show(text, 'success');
    setAction(undefined);
    void reloadTree();
    if (next) list.search(next);
    else void list.load();
  };
  const move = async (g: GroupNode, parentId: number | null) => {
    try {
      expectOk(await http.call(GroupAdminApi.move, { id: g.id, parentId }));
      done(`已移动车组“${g.name}”`);
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };

  const columns: DataTableColumn<VehicleRow>[] = [
    {
      key: 'pick', title: '', width: 40,
      render: (v) => (
        <Checkbox
          aria-label={`选择 ${v.plateNo}`}
          checked={picked.has(v.id)}
          onChange={(_, d) => setPicked((prev) => (d.checked ? new Set([...prev, v.id]) : new Set([...prev].filter((x) => x !== v.id))))}
        />
      ),
    },
    { key: 'plate', title: '车牌号', width: 120, render: (v) => v.plateNo },
    { key: 'group', title: '车组', render: (v) => v.groupName ?? '未分组' },
    { key: 'driver', title: '司机', width: 90, render: (v) => v.driver || '—' },
    { key: 'terminal', title: '终端号', width: 130, render: (v) => v.terminalNo ?? '未绑定' },
  ];

  return (
    <PageSection
      title="车组管理"
      error={list.error ?? props.treeError}
      onRetry={() => void (list.error ? list.load() : reloadTree())}
      tools={
        <div className={s.tools}>
          <Permission button={GroupButtons.add}>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setAction({ kind: 'add' })}>
              新增车组
            </Button>
          </Permission>
          {group && (
            <>
              <Permission button={GroupButtons.rename}>
                <Button onClick={() => setAction({ kind: 'rename', group })}>重命名</Button>
              </Permission>
              <Permission button={GroupButtons.move}>
                <Button onClick={() => setAction({ kind: 'move', group })}>移动</Button>
              </Permission>
              <Permission button={GroupButtons.remove}>
                <Button onClick={() => setAction({ kind: 'delete', group })}>删除</Button>
              </Permission>
            </>
          )}
        </div>
      }
    >
      <div className={s.body}>
        <div className={s.side}>
          {canMove && <Text className={s.muted} size={200}>拖动车组到另一车组上即可移动，拖到客户名称上成为顶级车组。</Text>}
          <GroupTree trees={trees} selection={selection} onSelect={list.search} onMove={canMove ? (g, parentId) => void move(g, parentId) : undefined} />
        </div>
        <div className={s.main}>
          <div className={s.tools}>
            <Text weight="semibold">{group ? `车组“${group.name}”的车辆` : tenant ? `${tenant.tenantName} 的全部车辆` : ''}</Text>
            {group && (
              <Permission button={GroupButtons.assign}>
                <Button size="small" onClick={() => setAction({ kind: 'assign', group })}>
                  分配车辆
                </Button>
                <Button
                  size="small"
                  disabled={picked.size === 0}
                  onClick={() => setAction({ kind: 'remove', vehicles: vehicles.filter((v) => picked.has(v.id)) })}
                >
                  移出车组
                </Button>
              </Permission>
            )}
          </div>
          <PagedTable label="车组车辆" list={list} columns={columns} rowKey={(v) => String(v.id)} height={360} empty="该车组下没有车辆" />
        </div>
      </div>

      {action?.kind === 'add' && (
        <GroupNameDialog
          title="新增车组"
          parentLabel={group ? `上级车组：${group.name}` : `在 ${tenant?.tenantName ?? ''} 下新增顶级车组`}
          onSubmit={async (name) => {
            expectOk(await http.call(GroupAdminApi.add, { tenantId: selection.tenantId, parentId: group?.id ?? null, name }));
            done(`已新增车组“${name}”`);
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'rename' && (
        <GroupNameDialog
          title="重命名车组"
          initial={action.group.name}
          parentLabel={`车组：${action.group.name}`}
          onSubmit={async (name) => {
            expectOk(await http.call(GroupAdminApi.rename, { id: action.group.id, name }));
            done('车组已重命名');
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'move' && tenant && (
        <MoveGroupDialog
          group={action.group}
          tenant={tenant}
          onSubmit={async (parentId) => {
            expectOk(await http.call(GroupAdminApi.move, { id: action.group.id, parentId }));
            done(`已移动车组“${action.group.name}”`);
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除车组"
          message={`删除车组“${action.group.name}”？有下级车组或车辆的车组不能删除。`}
          confirmText="删除"
          onConfirm={async () => {
            expectOk(await http.call(GroupAdminApi.delete, { id: action.group.id }));
            done('车组已删除', { tenantId: selection.tenantId, groupId: null });
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'assign' && (
        <AssignVehiclesDialog tenantId={selection.tenantId} group={action.group} onDone={(n) => done(`已分配 ${n} 辆车`)} onClose={() => setAction(undefined)} />
      )}
      {action?.kind === 'remove' && (
        <ConfirmDialog
          title="移出车组"
          message={`把 ${action.vehicles.map((v) => v.plateNo).join('、')} 移出车组（变为未分组）？`}
          confirmText="移出"
          onConfirm={async () => {
            expectOk(await http.call(GroupAdminApi.assign, { vehicleIds: action.vehicles.map((v) => v.id), groupId: null }));
            done(`已移出 ${action.vehicles.length} 辆车`);
          }}
          onClose={() => setAction(undefined)}
        />
      )}
    </PageSection>
  );
});
