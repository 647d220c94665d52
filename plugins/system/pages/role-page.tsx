import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { type AdminRole, ConfirmDelete, DataTable, type DataTableColumn, HttpService, PageSection, PaginationBar, RoleAdminApi, useService } from '@tianlu/sdk';
import { AdminButtons } from '../admin/admin-api';
import { formatTime, ListTools, RowActions } from '../admin/admin-page';
import { RoleDialog } from '../admin/role-dialog';
import { ROLE_LIST } from '../admin/admin-queries';
import { TenantKeywordFilters } from '../admin/tenant-keyword-filters';
import { useTenantOptions } from '../admin/tenant-select';
import { usePagedList } from '../admin/use-paged-list';

type Action = { kind: 'create' } | { kind: 'edit' | 'delete'; role: AdminRole };

/** 角色管理: roles of the caller's tenants, paged; the editor grants sub-applications, menus and buttons. */
const RolePage = observer(function RolePage() {
  const http = useService(HttpService);
  const tenants = useTenantOptions();
  const list = usePagedList(ROLE_LIST);
  const [action, setAction] = useState<Action>();
  const close = () => setAction(undefined);

  const columns: DataTableColumn<AdminRole>[] = [
    { key: 'name', title: '角色名称', width: 160, render: (r) => r.name },
    { key: 'tenant', title: '所属客户', width: 160, render: (r) => r.tenantName },
    { key: 'users', title: '用户数', width: 80, align: 'right', render: (r) => r.userCount },
    { key: 'remark', title: '备注', render: (r) => r.remark || '—' },
    { key: 'time', title: '创建时间', width: 160, render: (r) => formatTime(r.createTime) },
    {
      key: 'ops',
      title: '操作',
      width: 110,
      render: (r) => (
        <RowActions
          actions={[
            { button: AdminButtons.roleEdit, label: '编辑', onClick: () => setAction({ kind: 'edit', role: r }) },
            { button: AdminButtons.roleDelete, label: '删除', onClick: () => setAction({ kind: 'delete', role: r }) },
          ]}
        />
      ),
    },
  ];

  return (
    <PageSection
      title="角色管理"
      error={list.error}
      tools={
        <ListTools
          add={{ button: AdminButtons.roleAdd, label: '新增角色', disabled: !tenants?.length, onClick: () => setAction({ kind: 'create' }) }}
          exportButton={AdminButtons.roleExport}
          onExport={() => list.exportList(RoleAdminApi.export, '角色列表')}
        />
      }
      filters={<TenantKeywordFilters placeholder="角色名称或备注" tenants={tenants} onSearch={list.search} />}
    >
      <DataTable label="角色列表" rows={list.rows} columns={columns} rowKey={(r) => String(r.id)} height={420} rowHeight={40} empty="暂无角色" />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} />
      {action?.kind === 'create' && tenants && <RoleDialog tenants={tenants} defaultTenantId={list.filter.tenantId} onClose={close} onSaved={() => list.changed('角色已新增')} />}
      {action?.kind === 'edit' && tenants && <RoleDialog role={action.role} tenants={tenants} onClose={close} onSaved={() => list.changed('角色已保存，其用户下次操作时生效')} />}
      {action?.kind === 'delete' && (
        <ConfirmDelete
          title="删除角色"
          text={`确定删除角色 ${action.role.name}？`}
          onClose={close}
          onConfirm={() => list.apply(() => http.call(RoleAdminApi.delete, { id: action.role.id }), '角色已删除')}
        />
      )}
    </PageSection>
  );
});
export default RolePage;
