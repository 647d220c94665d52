import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Field, Input } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { DataTable, expectOk, HttpService, Pagination, Permission, ToastService, useService, type DataTableColumn } from '@tianlu/sdk';
import { AdminButtons, AdminPaths, exportName, type AdminUser, type Page } from '../admin/admin-api';
import { ConfirmDialog } from '../admin/admin-dialogs';
import { AdminPage, errorText, formatTime, RowAction } from '../admin/admin-page';
import { AdminPager } from '../admin/admin-pager';
import { TenantSelect, useTenantOptions } from '../admin/tenant-select';
import { ResetPasswordDialog, UserDialog } from '../admin/user-dialog';

type Action = { kind: 'create' } | { kind: 'edit' | 'reset' | 'toggle' | 'delete'; user: AdminUser };

/** 用户管理: users of the caller's tenants, paged on the server; create, edit, disable, reset password, delete, export. */
const UserPage = observer(function UserPage() {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const tenants = useTenantOptions();
  const pagination = useMemo(() => new Pagination(), []);
  const [keyword, setKeyword] = useState('');
  const [tenantId, setTenantId] = useState<number>();
  const [filter, setFilter] = useState<{ keyword: string; tenantId?: number }>({ keyword: '' });
  const [rows, setRows] = useState<AdminUser[]>([]);
  const [error, setError] = useState<string>();
  const [action, setAction] = useState<Action>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const page = expectOk(await http.get<Page<AdminUser>>(AdminPaths.userList, { ...pagination.query, keyword: filter.keyword || undefined, tenantId: filter.tenantId }));
      pagination.setTotal(page.total);
      setRows(page.list);
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, pagination, filter]);

  useEffect(() => void load(), [load]);

  const search = () => {
    pagination.setCurrent(1);
    setFilter({ keyword: keyword.trim(), tenantId });
  };

  const exportList = () =>
    http.downloadBlob(AdminPaths.userExport, { keyword: filter.keyword || undefined, tenantId: filter.tenantId }, exportName('用户列表')).catch((e: unknown) => toast.show(errorText(e), 'error'));

  const saved = (text: string) => {
    toast.show(text, 'success');
    void load();
  };

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
        <>
          <Permission button={AdminButtons.userEdit}>
            <RowAction onClick={() => setAction({ kind: 'edit', user: u })}>
              编辑
            </RowAction>
          </Permission>
          <Permission button={AdminButtons.userDisable}>
            <RowAction onClick={() => setAction({ kind: 'toggle', user: u })}>
              {u.disabled ? '启用' : '停用'}
            </RowAction>
          </Permission>
          <Permission button={AdminButtons.userResetPassword}>
            <RowAction onClick={() => setAction({ kind: 'reset', user: u })}>
              重置密码
            </RowAction>
          </Permission>
          <Permission button={AdminButtons.userDelete}>
            <RowAction onClick={() => setAction({ kind: 'delete', user: u })}>
              删除
            </RowAction>
          </Permission>
        </>
      ),
    },
  ];

  const close = () => setAction(undefined);

  return (
    <AdminPage
      title="用户管理"
      error={error}
      tools={
        <>
          <Permission button={AdminButtons.userAdd}>
            <Button appearance="primary" icon={<AddRegular />} disabled={!tenants?.length} onClick={() => setAction({ kind: 'create' })}>
              新增用户
            </Button>
          </Permission>
          <Permission button={AdminButtons.userExport}>
            <Button icon={<ArrowDownloadRegular />} onClick={() => void exportList()}>
              导出
            </Button>
          </Permission>
        </>
      }
      filters={
        <>
          <Field label="关键词">
            <Input value={keyword} placeholder="账号、姓名或手机号" onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
          </Field>
          <TenantSelect label="所属客户" options={tenants ?? []} value={tenantId} onChange={setTenantId} allLabel="全部客户" />
          <Button icon={<SearchRegular />} onClick={search}>
            查询
          </Button>
        </>
      }
    >
      <DataTable label="用户列表" rows={rows} columns={columns} rowKey={(u) => String(u.userId)} height={420} rowHeight={40} empty="暂无用户" />
      <AdminPager pagination={pagination} onChange={() => void load()} />
      {action?.kind === 'create' && tenants && (
        <UserDialog tenants={tenants} defaultTenantId={filter.tenantId} onClose={close} onSaved={() => saved('用户已新增')} />
      )}
      {action?.kind === 'edit' && tenants && <UserDialog user={action.user} tenants={tenants} onClose={close} onSaved={() => saved('用户已保存')} />}
      {action?.kind === 'reset' && <ResetPasswordDialog user={action.user} onClose={close} onSaved={() => saved('密码已重置')} />}
      {action?.kind === 'toggle' && (
        <ConfirmDialog
          title={action.user.disabled ? '启用用户' : '停用用户'}
          message={action.user.disabled ? `确定启用用户 ${action.user.account}？` : `确定停用用户 ${action.user.account}？停用后该用户将立即无法使用平台。`}
          onClose={close}
          onConfirm={async () => {
            expectOk(await http.postJson(AdminPaths.userSetDisabled, { userId: action.user.userId, disabled: !action.user.disabled }));
            saved(action.user.disabled ? '用户已启用' : '用户已停用');
          }}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除用户"
          message={`确定删除用户 ${action.user.account}？删除后不能恢复。`}
          confirmText="删除"
          onClose={close}
          onConfirm={async () => {
            expectOk(await http.postJson(AdminPaths.userDelete, { userId: action.user.userId }));
            saved('用户已删除');
          }}
        />
      )}
    </AdminPage>
  );
});
export default UserPage;
