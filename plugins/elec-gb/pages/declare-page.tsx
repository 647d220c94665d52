import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Field, Select } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, PrintRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  expectOk,
  HttpService,
  NavigationService,
  PageSection,
  PaginationBar,
  Permission,
  ToastService,
  usePagedQuery,
  useService,
  KeywordField,
  SearchButtons,
  usePickColumn,
} from '@tianlu/sdk';
import { DeclarationDialog } from '../declare/declaration-dialog';
import { DECLARE_LIST, declareQuery, ElecGbApi, GbButtons, maskPhone, type Declaration, type DeclareFilter } from '../declare/gb-api';

type Action = { kind: 'add' } | { kind: 'edit'; record: Declaration } | { kind: 'delete'; records: Declaration[] };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** 备案登记 (menu 2610): the 新国标 records of the caller's customers, judged 合规 or 不合规, with QR labels to print. */
const DeclarePage = observer(function DeclarePage() {
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const navigation = useService(NavigationService);
  const [draft, setDraft] = useState<DeclareFilter>(DECLARE_LIST.initialFilter);
  const pick = usePickColumn<Declaration>((r) => r.recordNo);
  const [action, setAction] = useState<Action>();
  const { pagination, filter, rows, error, load, search: searchFor } = usePagedQuery({ ...DECLARE_LIST, initialFilter: draft, onPage: pick.clear });

  const search = () => searchFor({ ...draft, keyword: draft.keyword.trim() });
  const chosen = rows.filter((r) => pick.picked.has(r.id));
  const needPicked = (run: (records: Declaration[]) => void) => () => (chosen.length ? run(chosen) : toast.show('请先勾选备案', 'warning'));
  const done = (text: string) => {
    setAction(undefined);
    toast.show(text, 'success');
    void load();
  };

  const columns: DataTableColumn<Declaration>[] = [
    pick.column,
    { key: 'no', title: '备案编号', width: 150, render: (r) => r.recordNo },
    { key: 'owner', title: '车主', width: 70, render: (r) => r.ownerName },
    { key: 'phone', title: '手机号', width: 110, render: (r) => maskPhone(r.ownerPhone) || '—' },
    { key: 'make', title: '品牌型号', width: 110, render: (r) => `${r.brand} ${r.model}`.trim() },
    { key: 'frame', title: '车架号', width: 140, render: (r) => r.frameNo },
    { key: 'plate', title: '号牌', width: 100, render: (r) => r.plateNo || '—' },
    { key: 'speed', title: '设计车速', width: 80, align: 'right', render: (r) => `${r.designSpeed} km/h` },
    { key: 'mass', title: '整车质量', width: 80, align: 'right', render: (r) => `${r.mass} kg` },
    { key: 'power', title: '电机功率', width: 80, align: 'right', render: (r) => `${r.motorPower} W` },
    { key: 'pedals', title: '脚踏', width: 50, render: (r) => (r.pedals ? '有' : '无') },
    {
      key: 'verdict', title: '合规判定', width: 200,
      render: (r) =>
        r.compliant ? <Badge color="success" appearance="tint">合规</Badge> : (
          <span title={r.reasons.join('、')}>
            <Badge color="danger" appearance="tint">不合规</Badge> {r.reasons.join('、')}
          </span>
        ),
    },
    {
      key: 'ops', title: '操作', width: 110,
      render: (r) => (
        <span>
          <Permission button={GbButtons.edit}>
            <Button size="small" appearance="transparent" onClick={() => setAction({ kind: 'edit', record: r })}>编辑</Button>
          </Permission>
          <Permission button={GbButtons.label}>
            <Button size="small" appearance="transparent" onClick={() => navigation.openTab('/elec-gb/labels', { ids: String(r.id) })}>标签</Button>
          </Permission>
        </span>
      ),
    },
  ];

  return (
    <PageSection
      title="备案登记"
      error={error}
      tools={
        <>
          <Permission button={GbButtons.add}>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setAction({ kind: 'add' })}>新增备案</Button>
          </Permission>
          <Permission button={GbButtons.label}>
            <Button icon={<PrintRegular />} onClick={needPicked((records) => navigation.openTab('/elec-gb/labels', { ids: records.map((r) => r.id).join(',') }))}>打印标签</Button>
          </Permission>
          <Permission button={GbButtons.remove}>
            <Button onClick={needPicked((records) => setAction({ kind: 'delete', records }))}>删除</Button>
          </Permission>
          <Permission button={GbButtons.export}>
            <Button icon={<ArrowDownloadRegular />} onClick={() => http.downloadBlob(ElecGbApi.exportList.path, declareQuery(filter), '新国标备案.xlsx').catch((e: unknown) => toast.show(errorText(e), 'error'))}>导出</Button>
          </Permission>
        </>
      }
      filters={
        <>
          <KeywordField
            value={draft.keyword}
            maxLength={50}
            placeholder="备案编号、车主、手机号、车架号、电机号或号牌"
            onChange={(keyword) => setDraft((f) => ({ ...f, keyword }))}
            onSearch={search}
          />
          <Field label="合规状态">
            <Select value={draft.compliant} onChange={(_, d) => setDraft((f) => ({ ...f, compliant: d.value as DeclareFilter['compliant'] }))}>
              <option value="">全部</option>
              <option value="1">合规</option>
              <option value="0">不合规</option>
            </Select>
          </Field>
          <SearchButtons onSearch={search} />
        </>
      }
    >
      <DataTable label="备案登记" rows={rows} columns={columns} rowKey={(r) => String(r.id)} height={420} empty="没有符合条件的备案" />
      <PaginationBar pagination={pagination} onChange={() => void load()} />
      {(action?.kind === 'add' || action?.kind === 'edit') && (
        <DeclarationDialog
          record={action.kind === 'edit' ? action.record : undefined}
          onSaved={(d) => done(`${action.kind === 'edit' ? '备案已保存' : '备案已登记'}：${d.compliant ? '合规' : '不合规'}`)}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除备案"
          message={`删除已选的 ${action.records.length} 条备案？`}
          confirmText="删除"
          onConfirm={async () => {
            const res = expectOk(await http.call(ElecGbApi.remove, { ids: action.records.map((r) => r.id) }));
            done(`已删除 ${res.deleted} 条备案`);
          }}
          onClose={() => setAction(undefined)}
        />
      )}
    </PageSection>
  );
});
export default DeclarePage;
