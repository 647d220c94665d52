import { useState } from 'react';
import { Button, Field, SpinButton, Text, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { ConfirmDelete, DataTable, type DataTableColumn, DictionaryAdminApi, type DictionaryEntry, expectOk, FormDialog, HttpService, Input, PageSection, PaginationBar, useService } from '@tianlu/sdk';
import { AdminButtons } from '../admin/admin-api';
import { ListTools, RowActions } from '../admin/admin-page';
import { DICTIONARY_LIST } from '../admin/admin-queries';
import { usePagedList } from '../admin/use-paged-list';

function EntryDialog(props: { entry?: DictionaryEntry; defaultType?: string; onClose: () => void; onSaved: () => void }) {
  const http = useService(HttpService);
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
        expectOk(await (props.entry ? http.call(DictionaryAdminApi.update, { id: props.entry.id, ...body }) : http.call(DictionaryAdminApi.add, body)));
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
  const http = useService(HttpService);
  const [editable, setEditable] = useState(false);
  const list = usePagedList({ ...DICTIONARY_LIST, onPage: (page) => setEditable(page.editable) });
  const [type, setType] = useState('');
  const [keyword, setKeyword] = useState('');
  const [action, setAction] = useState<Action>();

  const search = () => list.search({ type: type.trim(), keyword: keyword.trim() });
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
        <RowActions
          actions={[
            { button: AdminButtons.dictEdit, label: '编辑', onClick: () => setAction({ kind: 'edit', entry: e }) },
            { button: AdminButtons.dictDelete, label: '删除', onClick: () => setAction({ kind: 'delete', entry: e }) },
          ]}
        />
      ),
    });
  }

  return (
    <PageSection
      title="数据字典"
      error={list.error}
      tools={
        <ListTools
          add={editable ? { button: AdminButtons.dictAdd, label: '新增条目', onClick: () => setAction({ kind: 'create' }) } : undefined}
          exportButton={AdminButtons.dictExport}
          onExport={() => list.exportList(DictionaryAdminApi.export, '数据字典')}
        />
      }
      filters={
        <>
          <Field label="字典类型">
            <Input maxLength={64} value={type} placeholder="如 plateColor" onChange={(_, d) => setType(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
          </Field>
          <Field label="关键词">
            <Input maxLength={50} value={keyword} placeholder="编码或名称" onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
          </Field>
          <Button icon={<SearchRegular />} onClick={search}>
            查询
          </Button>
        </>
      }
    >
      {!editable && <Text style={{ color: tokens.colorNeutralForeground3 }}>数据字典为全平台共用，仅平台用户可以修改。</Text>}
      <DataTable label="字典条目" rows={list.rows} columns={columns} rowKey={(e) => String(e.id)} height={420} rowHeight={36} empty="暂无字典条目" />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} />
      {action?.kind === 'create' && <EntryDialog defaultType={list.filter.type} onClose={close} onSaved={() => list.changed('字典条目已新增')} />}
      {action?.kind === 'edit' && <EntryDialog entry={action.entry} onClose={close} onSaved={() => list.changed('字典条目已保存')} />}
      {action?.kind === 'delete' && (
        <ConfirmDelete
          title="删除字典条目"
          text={`确定删除 ${action.entry.type} / ${action.entry.code}（${action.entry.name}）？`}
          onClose={close}
          onConfirm={() => list.apply(() => http.call(DictionaryAdminApi.delete, { id: action.entry.id }), '字典条目已删除')}
        />
      )}
    </PageSection>
  );
});
export default DictionaryPage;
