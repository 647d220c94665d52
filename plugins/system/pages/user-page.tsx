import { useState } from 'react';
import { Badge } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { type AdminUser, ConfirmDelete, ConfirmDialog, DataTable, type DataTableColumn, HttpService, PageSection, PaginationBar, UserAdminApi, useService } from '@tianlu/sdk';
import { AdminButtons } from '../admin/admin-api';
import { formatTime, ListTools, RowActions } from '../admin/admin-page';
import { USER_LIST } from '../admin/admin-queries';
import { TenantKeywordFilters } from '../admin/tenant-keyword-filters';
import { useTenantOptions } from '../admin/tenant-select';
import { usePagedList } from '../admin/use-paged-list';
import { ResetPasswordDialog, UserDialog } from '../admin/user-dialog';

type Action = { kind: 'create' } | { kind: 'edit' | 'reset' | 'toggle' | 'delete'; user: AdminUser };

/** 用户管理: users of the caller's tenants, paged on the server; create, edit, disable, reset password, delete, export. */
const UserPage = observer(function UserPage() {
  const http = useService(HttpService);
  const tenants = useTenantOptions();
  const list = usePagedList(USER_LIST);
  const [action, setAction] = useState<Action>();

  const columns: DataTableColumn<AdminUser>[] = [
    { key: 'account', title: '账号', width: 100, render: (u) => u.account },
    { key: 'name', title: '姓名', width: 80, render: (u) => u.name },
    { key: 'phone', title: '手机号', width: 110, render: (u) => u.phone || '—' },
    { key: 'tenant', title: '所属客户', width: 120, render: (u) => u.tenantName },
    { key: 'role', title: '角色', width: 100, render: (u) => u.roleName },
    { key: 'groups', title: '可见车组', render: (u) => (u.groups.length ? u.groups.map((g) => g.name).join('、') : '全部') },
    {
      key: 'status',
      title: '状态',
      width: 64,
      render: (u) => (
        <Badge appearance="tint" color={u.disabled ? 'danger' : 'success'}>
          {u.disabled ? '停用' : '正常'}
        </Badge>
      ),
    },
    { key: 'time', title: '创建时间', width: 150, render: (u) => formatTime(u.createTime) },
    {
      key: 'ops',
      title: '操作',
      width: 200,
      render: (u) => (
        <RowActions
          actions={[
            { button: AdminButtons.userEdit, label: '编辑', onClick: () => setAction({ kind: 'edit', user: u }) },
            { button: AdminButtons.userDisable, label: u.disabled ? '启用' : '停用', onClick: () => setAction({ kind: 'toggle', user: u }) },
            { button: AdminButtons.userResetPassword, label: '重置密码', onClick: () => setAction({ kind: 'reset', user: u }) },
            { button: AdminButtons.userDelete, label: '删除', onClick: () => setAction({ kind: 'delete', user: u }) },
          ]}
        />
      ),
    },
  ];

  const close = () => setAction(undefined);

  return (
    <PageSection
      title="用户管理"
      error={list.error}
      tools={
        <ListTools
          add={{ button: AdminButtons.userAdd, label: '新增用户', disabled: !tenants?.length, onClick: () => setAction({ kind: 'create' }) }}
          exportButton={AdminButtons.userExport}
          onExport={() => list.exportList(UserAdminApi.export, '用户列表')}
        />
      }
      filters={<TenantKeywordFilters placeholder="账号、姓名或手机号" tenants={tenants} onSearch={list.search} />}
    >
      <DataTable label="用户列表" rows={list.rows} columns={columns} rowKey={(u) => String(u.userId)} height={420} rowHeight={40} empty="暂无用户" />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} />
      {action?.kind === 'create' && tenants && (
        <UserDialog tenants={tenants} defaultTenantId={list.filter.tenantId} onClose={close} onSaved={() => list.changed('用户已新增')} />
      )}
      {action?.kind === 'edit' && tenants && <UserDialog user={action.user} tenants={tenants} onClose={close} onSaved={() => list.changed('用户已保存')} />}
      {action?.kind === 'reset' && <ResetPasswordDialog user={action.user} onClose={close} onSaved={() => list.changed('密码已重置')} />}
      {action?.kind === 'toggle' && (
        <ConfirmDialog
          title={action.user.disabled ? '启用用户' : '停用用户'}
          message={action.user.disabled ? `确定启用用户 ${action.user.account}？` : `确定停用用户 ${action.user.account}？停用后该用户将立即无法使用平台。`}
          onClose={close}
          onConfirm={() => list.apply(() => http.call(UserAdminApi.setDisabled, { userId: action.user.userId, disabled: !action.user.disabled }), action.user.disabled ? '用户已启用' : '用户已停用')}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDelete
          title="删除用户"
          text={`确定删除用户 ${action.user.account}？删除后不能恢复。`}
          onClose={close}
          onConfirm={() => list.apply(() => http.call(UserAdminApi.delete, { userId: action.user.userId }), '用户已删除')}
        />
      )}
    </PageSection>
  );
});
export default UserPage;
