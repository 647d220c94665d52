import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { ConfirmDialog, expectOk, HttpService, PageSection, Permission, TenantAdminApi, type TenantNode, ToastService, useService } from '@tianlu/sdk';
import { AdminButtons, exportName } from '../admin/admin-api';
import { errorText, formatTime } from '../admin/admin-page';
import { TenantDialog } from '../admin/tenant-dialog';

const useStyles = makeStyles({
  body: { display: 'grid', gridTemplateColumns: '300px 1fr', gap: '16px', minHeight: '420px' },
  tree: { borderRight: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: '8px', overflowY: 'auto', maxHeight: '560px' },
  node: { width: '100%', justifyContent: 'flex-start' },
  details: { display: 'grid', gridTemplateColumns: '100px 1fr', rowGap: '10px', alignContent: 'start' },
  label: { color: tokens.colorNeutralForeground3 },
});

const KIND_COLOR = { platform: 'brand', agent: 'important', customer: 'informative' } as const;

function flatten(nodes: readonly TenantNode[], depth = 0): { node: TenantNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flatten(n.children, depth + 1)]);
}

type Action = { kind: 'create' | 'edit' | 'delete'; node: TenantNode };

/** 客户管理: the caller's tenant and those below it as a tree; details, create below, edit, delete when empty, export. */
const CustomerPage = observer(function CustomerPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [tree, setTree] = useState<TenantNode[]>([]);
  const [selectedId, setSelectedId] = useState<number>();
  const [error, setError] = useState<string>();
  const [action, setAction] = useState<Action>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      setTree(expectOk(await http.call(TenantAdminApi.tree)));
    } catch (e) {
      setError(errorText(e));
    }
  }, [http]);
  useEffect(() => void load(), [load]);

  const rows = flatten(tree);
  const selected = rows.find((r) => r.node.id === selectedId)?.node ?? tree[0];
  const ownId = tree[0]?.id;
  const saved = (text: string) => {
    toast.show(text, 'success');
    void load();
  };
  const close = () => setAction(undefined);

  return (
    <PageSection
      title="客户管理"
      error={error}
      tools={
        selected && (
          <>
            <Permission button={AdminButtons.tenantAdd}>
              <Button appearance="primary" icon={<AddRegular />} disabled={selected.kind === 'customer'} onClick={() => setAction({ kind: 'create', node: selected })}>
                新增下级客户
              </Button>
            </Permission>
            <Permission button={AdminButtons.tenantEdit}>
              <Button icon={<EditRegular />} onClick={() => setAction({ kind: 'edit', node: selected })}>
                编辑
              </Button>
            </Permission>
            <Permission button={AdminButtons.tenantDelete}>
              <Button icon={<DeleteRegular />} disabled={selected.id === ownId} onClick={() => setAction({ kind: 'delete', node: selected })}>
                删除
              </Button>
            </Permission>
            <Permission button={AdminButtons.tenantExport}>
              <Button
                icon={<ArrowDownloadRegular />}
                onClick={() => void http.downloadBlob(TenantAdminApi.export.path, {}, exportName('客户列表')).catch((e: unknown) => toast.show(errorText(e), 'error'))}
              >
                导出
              </Button>
            </Permission>
          </>
        )
      }
    >
      <div className={s.body}>
        <div className={s.tree} role="tree" aria-label="客户树">
          {rows.map(({ node, depth }) => (
            <div key={node.id} role="treeitem" aria-selected={node.id === selected?.id} aria-level={depth + 1} style={{ paddingLeft: depth * 18 }}>
              <Button className={s.node} appearance={node.id === selected?.id ? 'secondary' : 'subtle'} onClick={() => setSelectedId(node.id)}>
                {node.name}
              </Button>
            </div>
          ))}
        </div>
        {selected && (
          <div className={s.details} aria-label="客户详情">
            <Text className={s.label}>客户名称</Text>
            <Text weight="semibold">{selected.name}</Text>
            <Text className={s.label}>类型</Text>
            <span>
              <Badge appearance="tint" color={KIND_COLOR[selected.kind] ?? 'informative'}>
                {selected.kindName}
              </Badge>
            </span>
            <Text className={s.label}>联系人</Text>
            <Text>{selected.contact || '—'}</Text>
            <Text className={s.label}>联系电话</Text>
            <Text>{selected.phone || '—'}</Text>
            <Text className={s.label}>用户数</Text>
            <Text>{selected.userCount}</Text>
            <Text className={s.label}>车辆数</Text>
            <Text>{selected.vehicleCount}</Text>
            <Text className={s.label}>下级客户</Text>
            <Text>{selected.children.length}</Text>
            <Text className={s.label}>备注</Text>
            <Text>{selected.remark || '—'}</Text>
            <Text className={s.label}>创建时间</Text>
            <Text>{formatTime(selected.createTime)}</Text>
          </div>
        )}
      </div>
      {action?.kind === 'create' && <TenantDialog parent={action.node} onClose={close} onSaved={() => saved('客户已新增，其管理员账号可以登录')} />}
      {action?.kind === 'edit' && <TenantDialog tenant={action.node} isOwn={action.node.id === ownId} onClose={close} onSaved={() => saved('客户已保存')} />}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除客户"
          message={`确定删除客户 ${action.node.name}？只有没有下级客户、用户、车辆和终端的客户才能删除。`}
          confirmText="删除"
          onClose={close}
          onConfirm={async () => {
            expectOk(await http.call(TenantAdminApi.delete, { id: action.node.id }));
            setSelectedId(undefined);
            saved('客户已删除');
          }}
        />
      )}
    </PageSection>
  );
});
export default CustomerPage;
