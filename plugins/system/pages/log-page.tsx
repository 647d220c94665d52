import { useState } from 'react';
import {
  Button, Field, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { DataTable, type DataTableColumn, InfoDialog, Input, type OperationLog, OperationLogApi, PageSection, PaginationBar, Permission } from '@tianlu/sdk';
import { AdminButtons } from '../admin/admin-api';
import { formatTime } from '../admin/admin-page';
import { diffSummary, logDiff } from '../admin/log-diff';
import { LOG_LIST, type LogFilter } from '../admin/admin-queries';
import { usePagedList } from '../admin/use-paged-list';

function LogDetail(props: { log: OperationLog; onClose: () => void }) {
  const lines = logDiff(props.log.before, props.log.after);
  return (
    <InfoDialog title={`${props.log.action}：${props.log.target}`} label="日志详情" onClose={props.onClose}>
      <p>{`${props.log.account}（${props.log.tenantName || '—'}）于 ${formatTime(props.log.time)} 操作，IP ${props.log.ip || '—'}`}</p>
      {lines.length ? (
        <Table size="small" aria-label="变更内容">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>字段</TableHeaderCell>
              <TableHeaderCell>修改前</TableHeaderCell>
              <TableHeaderCell>修改后</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={l.field}>
                <TableCell>{l.field}</TableCell>
                <TableCell>{l.before || '—'}</TableCell>
                <TableCell>{l.after || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p>无字段变更记录</p>
      )}
    </InfoDialog>
  );
}

/** 操作日志: who did what and when, newest first, paged on the server; filters and export. */
const LogPage = observer(function LogPage() {
  const list = usePagedList(LOG_LIST);
  const [draft, setDraft] = useState<LogFilter>(LOG_LIST.initialFilter);
  const [detail, setDetail] = useState<OperationLog>();

  const set = (key: keyof LogFilter) => (_: unknown, d: { value: string }) => setDraft((f) => ({ ...f, [key]: d.value }));

  const columns: DataTableColumn<OperationLog>[] = [
    { key: 'time', title: '时间', width: 160, render: (l) => formatTime(l.time) },
    { key: 'account', title: '账号', width: 110, render: (l) => l.account },
    { key: 'tenant', title: '客户', width: 120, render: (l) => l.tenantName || '—' },
    { key: 'action', title: '操作', width: 100, render: (l) => l.action },
    { key: 'target', title: '对象', width: 160, render: (l) => l.target },
    { key: 'diff', title: '变更', render: (l) => diffSummary(l.before, l.after) || '—' },
    { key: 'ip', title: 'IP', width: 120, render: (l) => l.ip || '—' },
  ];

  return (
    <PageSection
      title="操作日志"
      error={list.error}
      tools={
        <Permission button={AdminButtons.logExport}>
          <Button icon={<ArrowDownloadRegular />} onClick={() => list.exportList(OperationLogApi.export, '操作日志')}>
            导出
          </Button>
        </Permission>
      }
      filters={
        <>
          <Field label="账号">
            <Input maxLength={64} value={draft.account} onChange={set('account')} />
          </Field>
          <Field label="关键词">
            <Input maxLength={50} value={draft.keyword} placeholder="操作、对象" onChange={set('keyword')} />
          </Field>
          <Field label="开始时间">
            <Input type="datetime-local" value={draft.start} onChange={set('start')} />
          </Field>
          <Field label="结束时间">
            <Input type="datetime-local" value={draft.end} onChange={set('end')} />
          </Field>
          <Button icon={<SearchRegular />} onClick={() => list.search({ ...draft })}>
            查询
          </Button>
        </>
      }
    >
      <DataTable label="操作日志" rows={list.rows} columns={columns} rowKey={(l) => String(l.id)} height={420} rowHeight={36} onRowClick={setDetail} empty="暂无操作日志" />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} />
      {detail && <LogDetail log={detail} onClose={() => setDetail(undefined)} />}
    </PageSection>
  );
});
export default LogPage;
