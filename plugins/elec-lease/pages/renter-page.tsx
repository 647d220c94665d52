import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular } from '@fluentui/react-icons';
import {
  ElecLeaseApi,
  DataTable,
  type DataTableColumn,
  expectOk,
  formatChinaTime,
  HttpService,
  type LeaseRenter,
  PageSection,
  PaginationBar,
  Permission,
  ToastService,
  usePagedQuery,
  useService,
  useBackgroundExport,
  KeywordField,
  SearchButtons,
  usePickColumn,
} from '@tianlu/sdk';
import { errorText, LeaseButtons, RENTER_LIST } from '../lease/lease-api';
import { FirstUseHint } from '../lease/first-use-hint';
import { RenterDialog } from '../lease/renter-dialog';

/** 租户管理 (menu 2302): the renters of the caller's customers, phones and identity numbers masked. */
const RenterPage = observer(function RenterPage() {
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const { exporting, startExport } = useBackgroundExport();
  const [draft, setDraft] = useState('');
  const pick = usePickColumn<LeaseRenter>((r) => r.name);
  const picked = pick.picked;
  const [editing, setEditing] = useState<LeaseRenter | 'new'>();
  const { pagination, filter: keyword, page, rows, error, load, search: searchFor } = usePagedQuery({ ...RENTER_LIST, onPage: pick.clear });
  // no renter at all yet (not merely none matching): the first-use hint shows
  const empty = page?.total === 0 && !keyword;

  const search = () => searchFor(draft.trim());
  const remove = async () => {
    if (picked.size === 0) return toast.show('请先勾选租户', 'warning');
    try {
      const res = expectOk(await http.call(ElecLeaseApi.removeRenters, { ids: [...picked] }));
      toast.show(`已删除 ${res.deleted} 位租户`, 'success');
      void load();
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };

  const columns: DataTableColumn<LeaseRenter>[] = [
    pick.column,
    { key: 'name', title: '姓名', width: 100, render: (r) => r.name },
    { key: 'phone', title: '手机号', width: 130, render: (r) => r.phone },
    { key: 'idNo', title: '身份证号', width: 190, render: (r) => r.idNo },
    { key: 'open', title: '在租合同', width: 80, align: 'right', render: (r) => r.openContracts },
    { key: 'time', title: '登记时间', width: 170, render: (r) => formatChinaTime(r.createTime) },
    {
      key: 'ops', title: '操作', width: 80,
      render: (r) => (
        <Permission button={LeaseButtons.editRenter}>
          <Button size="small" appearance="transparent" onClick={() => setEditing(r)}>编辑</Button>
        </Permission>
      ),
    },
  ];

  return (
    <PageSection
      title="租户管理"
      error={error}
      tools={
        <>
          <Permission button={LeaseButtons.addRenter}>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>新增租户</Button>
          </Permission>
          <Permission button={LeaseButtons.removeRenter}>
            <Button onClick={() => void remove()}>删除</Button>
          </Permission>
          <Permission button={LeaseButtons.exportRenters}>
            <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void startExport(ElecLeaseApi.exportRenters, keyword ? { keyword } : {})}>导出</Button>
          </Permission>
        </>
      }
      filters={
        <>
          <KeywordField value={draft} placeholder="姓名、手机号或身份证号" onChange={setDraft} onSearch={search} />
          <SearchButtons onSearch={search} />
        </>
      }
    >
      {empty && <FirstUseHint step="renter" onHere={() => setEditing('new')} />}
      <DataTable label="租户" rows={rows} columns={columns} rowKey={(r) => String(r.id)} height={empty ? 320 : 420} empty="还没有租户" />
      <PaginationBar pagination={pagination} onChange={() => void load()} />
      {editing && (
        <RenterDialog
          renter={editing === 'new' ? undefined : editing}
          onSaved={(r) => {
            setEditing(undefined);
            toast.show(`租户 ${r.name} 已保存`, 'success');
            void load();
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
    </PageSection>
  );
});
export default RenterPage;
