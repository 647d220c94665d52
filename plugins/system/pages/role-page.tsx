import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { DataTable, expectOk, HttpService, Pagination, Permission, ToastService, useService, type DataTableColumn } from '@tianlu/sdk';
import { AdminButtons, AdminPaths, exportName, type AdminRole, type Page } from '../admin/admin-api';
import { ConfirmDialog } from '../admin/admin-dialogs';
import { AdminPage, errorText, formatTime, RowAction } from '../admin/admin-page';
import { AdminPager } from '../admin/admin-pager';
import { RoleDialog } from '../admin/role-dialog';
import { TenantSelect, useTenantOptions } from '../admin/tenant-select';

type Action = { kind: 'create' } | { kind: 'edit' | 'delete'; role: AdminRole };

/** 角色管理: roles of the caller's tenants, paged; the editor grants sub-applications, menus and buttons. */
const RolePage = observer(function RolePage() {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const tenants = useTenantOptions();
  const pagination = useMemo(() => new Pagination(), []);
  const [keyword, setKeyword] = useState('');
  const [tenantId, setTenantId] = useState<number>();
  const [filter, setFilter] = useState<{ keyword: string; tenantId?: number }>({ keyword: '' });
  const [rows, setRows] = useState<AdminRole[]>([]);
  const [error, setError] = useState<string>();
  const [action, setAction] = useState<Action>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const page = expectOk(await http.get<Page<AdminRole>>(AdminPaths.roleList, { ...pagination.query, keyword: filter.keyword || undefined, tenantId: filter.tenantId }));
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
  const saved = (text: string) => {
    toast.show(text, 'success');
    void load();
  };
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
        <>
          <Permission button={AdminButtons.roleEdit}>
            <RowAction onClick={() => setAction({ kind: 'edit', role: r })}>
              编辑
            </RowAction>
          </Permission>
          <Permission button={AdminButtons.roleDelete}>
            <RowAction onClick={() => setAction({ kind: 'delete', role: r })}>
              删除
            </RowAction>
          </Permission>
        </>
      ),
    },
  ];

  return (
    <AdminPage
      title="角色管理"
      error={error}
      tools={
        <>
          <Permission button={AdminButtons.roleAdd}>
            <Button appearance="primary" icon={<AddRegular />} disabled={!tenants?.length} onClick={() => setAction({ kind: 'create' })}>
              新增角色
            </Button>
          </Permission>
          <Permission button={AdminButtons.roleExport}>
            <Button
              icon={<ArrowDownloadRegular />}
              onClick={() =>
                void http.downloadBlob(AdminPaths.roleExport, { keyword: filter.keyword || undefined, tenantId: filter.tenantId }, exportName('角色列表')).catch((e: unknown) => toast.show(errorText(e), 'error'))
              }
            >
              导出
            </Button>
          </Permission>
        </>
      }
      filters={
        <>
          <Field label="关键词">
            <Input value={keyword} placeholder="角色名称或备注" onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
          </Field>
          <TenantSelect label="所属客户" options={tenants ?? []} value={tenantId} onChange={setTenantId} allLabel="全部客户" />
          <Button icon={<SearchRegular />} onClick={search}>
            查询
          </Button>
        </>
      }
    >
      <DataTable label="角色列表" rows={rows} columns={columns} rowKey={(r) => String(r.id)} height={420} rowHeight={40} empty="暂无角色" />
      <AdminPager pagination={pagination} onChange={() => void load()} />
      {action?.kind === 'create' && tenants && <RoleDialog tenants={tenants} defaultTenantId={filter.tenantId} onClose={close} onSaved={() => saved('角色已新增')} />}
      {action?.kind === 'edit' && tenants && <RoleDialog role={action.role} tenants={tenants} onClose={close} onSaved={() => saved('角色已保存，其用户下次操作时生效')} />}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除角色"
          message={`确定删除角色 ${action.role.name}？`}
          confirmText="删除"
          onClose={close}
          onConfirm={async () => {
            expectOk(await http.postJson(AdminPaths.roleDelete, { id: action.role.id }));
            saved('角色已删除');
          }}
        />
      )}
    </AdminPage>
  );
});
export default RolePage;
