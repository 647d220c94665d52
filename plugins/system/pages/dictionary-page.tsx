import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Field, Input, SpinButton, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { DataTable, expectOk, HttpService, Pagination, Permission, ToastService, useService, type DataTableColumn } from '@tianlu/sdk';
import { AdminButtons, AdminPaths, exportName, type DictionaryEntry, type Page } from '../admin/admin-api';
import { ConfirmDialog, FormDialog } from '../admin/admin-dialogs';
import { AdminPage, errorText, RowAction } from '../admin/admin-page';
import { AdminPager } from '../admin/admin-pager';

function EntryDialog(props: { entry?: DictionaryEntry; defaultType?: string; onClose: () => void; onSaved: () => void }) {
  const http = useService<HttpService>(HttpService);
  const [type, setType] = useState(props.entry?.type ?? props.defaultType ?? '');
  const [code, setCode] = useState(props.entry?.code ?? '');
  const [name, setName] = useState(props.entry?.name ?? '');
  const [sort, setSort] = useState(props.entry?.sort ?? 0);
  return (
    <FormDialog
      title={props.entry ? '编辑字典条目' : '新增字典条目'}
      onClose={props.onClose}
      onSubmit={async () => {
        const body = { type, code, name, sort };
        expectOk(await http.postJson(props.entry ? AdminPaths.dictUpdate : AdminPaths.dictAdd, props.entry ? { id: props.entry.id, ...body } : body));
        props.onSaved();
      }}
    >
      <Field label="字典类型" required hint="以字母开头，只含字母、数字和下划线，如 vehicleType">
        <Input value={type} onChange={(_, d) => setType(d.value)} maxLength={64} />
      </Field>
      <Field label="编码" required>
        <Input value={code} onChange={(_, d) => setCode(d.value)} maxLength={64} />
      </Field>
      <Field label="名称" required>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={100} />
      </Field>
      <Field label="排序">
        <SpinButton value={sort} min={0} max={100000} onChange={(_, d) => setSort(Number(d.value ?? d.displayValue ?? 0) || 0)} />
      </Field>
    </FormDialog>
  );
}

type Action = { kind: 'create' } | { kind: 'edit' | 'delete'; entry: DictionaryEntry };

/** 数据字典: entries shared by every tenant, paged; only platform users may change them. */
const DictionaryPage = observer(function DictionaryPage() {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const pagination = useMemo(() => new Pagination(), []);
  const [type, setType] = useState('');
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState({ type: '', keyword: '' });
  const [rows, setRows] = useState<DictionaryEntry[]>([]);
  const [editable, setEditable] = useState(false);
  const [error, setError] = useState<string>();
  const [action, setAction] = useState<Action>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const page = expectOk(
        await http.get<Page<DictionaryEntry> & { editable: boolean }>(AdminPaths.dictPage, { ...pagination.query, type: filter.type || undefined, keyword: filter.keyword || undefined }),
      );
      pagination.setTotal(page.total);
      setRows(page.list);
      setEditable(page.editable);
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, pagination, filter]);
  useEffect(() => void load(), [load]);

  const search = () => {
    pagination.setCurrent(1);
    setFilter({ type: type.trim(), keyword: keyword.trim() });
  };
  const saved = (text: string) => {
    toast.show(text, 'success');
    void load();
  };
  const close = () => setAction(undefined);

  const columns: DataTableColumn<DictionaryEntry>[] = [
    { key: 'type', title: '字典类型', width: 180, render: (e) => e.type },
    { key: 'code', title: '编码', width: 160, render: (e) => e.code },
    { key: 'name', title: '名称', render: (e) => e.name },
    { key: 'sort', title: '排序', width: 80, align: 'right', render: (e) => e.sort },
  ];
  if (editable) {
    columns.push({
      key: 'ops',
      title: '操作',
      width: 110,
      render: (e) => (
        <>
          <Permission button={AdminButtons.dictEdit}>
            <RowAction onClick={() => setAction({ kind: 'edit', entry: e })}>
              编辑
            </RowAction>
          </Permission>
          <Permission button={AdminButtons.dictDelete}>
            <RowAction onClick={() => setAction({ kind: 'delete', entry: e })}>
              删除
            </RowAction>
          </Permission>
        </>
      ),
    });
  }

  return (
    <AdminPage
      title="数据字典"
      error={error}
      tools={
        <>
          {editable && (
            <Permission button={AdminButtons.dictAdd}>
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setAction({ kind: 'create' })}>
                新增条目
              </Button>
            </Permission>
          )}
          <Permission button={AdminButtons.dictExport}>
            <Button
              icon={<ArrowDownloadRegular />}
              onClick={() =>
                void http
                  .downloadBlob(AdminPaths.dictExport, { type: filter.type || undefined, keyword: filter.keyword || undefined }, exportName('数据字典'))
                  .catch((e: unknown) => toast.show(errorText(e), 'error'))
              }
            >
              导出
            </Button>
          </Permission>
        </>
      }
      filters={
        <>
          <Field label="字典类型">
            <Input value={type} placeholder="如 plateColor" onChange={(_, d) => setType(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
          </Field>
          <Field label="关键词">
            <Input value={keyword} placeholder="编码或名称" onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
          </Field>
          <Button icon={<SearchRegular />} onClick={search}>
            查询
          </Button>
        </>
      }
    >
      {!editable && <Text style={{ color: tokens.colorNeutralForeground3 }}>数据字典为全平台共用，仅平台用户可以修改。</Text>}
      <DataTable label="字典条目" rows={rows} columns={columns} rowKey={(e) => String(e.id)} height={420} rowHeight={36} empty="暂无字典条目" />
      <AdminPager pagination={pagination} onChange={() => void load()} />
      {action?.kind === 'create' && <EntryDialog defaultType={filter.type} onClose={close} onSaved={() => saved('字典条目已新增')} />}
      {action?.kind === 'edit' && <EntryDialog entry={action.entry} onClose={close} onSaved={() => saved('字典条目已保存')} />}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除字典条目"
          message={`确定删除 ${action.entry.type} / ${action.entry.code}（${action.entry.name}）？`}
          confirmText="删除"
          onClose={close}
          onConfirm={async () => {
            expectOk(await http.postJson(AdminPaths.dictDelete, { id: action.entry.id }));
            saved('字典条目已删除');
          }}
        />
      )}
    </AdminPage>
  );
});
export default DictionaryPage;
