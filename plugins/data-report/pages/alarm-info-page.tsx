import { type Alarm, AlarmStatusFilter, AlarmTypeFilter, DataTable, type DataTableColumn, PageSection, PaginationBar } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime } from '../report/report-api';
import { ReportFilterBar } from '../report/report-filter-bar';
import { ReportSummary } from '../report/report-summary';
import { useReportExport } from '../report/use-report-export';
import { useReportQuery } from '../report/use-report-query';
import { alarmParams, reportQueries } from '../report/report-queries';
import { reportWords, withAssetWords } from '../report/report-asset-words';

function duration(a: Alarm): string {
  if (!a.endTime) return '持续中';
  return formatDuration((Date.parse(a.endTime) - Date.parse(a.startTime)) / 1000);
}

const columns: DataTableColumn<Alarm>[] = [
  { key: 'plate', title: '车牌号', width: 100, render: (a) => a.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 120, render: (a) => a.terminalNo },
  { key: 'group', title: '车组', width: 90, render: (a) => a.groupName ?? '—' },
  { key: 'type', title: '告警类型', width: 120, render: (a) => a.alarmName },
  { key: 'source', title: '来源', width: 50, render: (a) => (a.source === 'terminal' ? '终端' : '平台') },
  { key: 'start', title: '开始时间', width: 140, render: (a) => formatTime(a.startTime) },
  { key: 'end', title: '结束时间', width: 140, render: (a) => formatTime(a.endTime) },
  { key: 'duration', title: '持续', width: 70, render: duration },
  { key: 'speed', title: '速度', width: 76, align: 'right', render: (a) => (a.speed === null ? '—' : `${a.speed} km/h`) },
  { key: 'status', title: '处理状态', width: 70, render: (a) => (a.status === 1 ? '已处理' : '未处理') },
  { key: 'user', title: '处理人', width: 80, render: (a) => a.processUser ?? '—' },
  { key: 'note', title: '处理意见', render: (a) => a.processNote ?? '—' },
];

/** 告警明细 (menu 2020): the alarm history of the chosen days, filtered by type, status, group and vehicle. */
const AlarmInfoPage = observer(function AlarmInfoPage() {
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery(reportQueries.alarm());
  const f = q.draft;
  const extra = (
    <>
      <AlarmTypeFilter value={f.alarmTypes} onChange={(alarmTypes) => q.setDraft({ ...f, alarmTypes })} />
      <AlarmStatusFilter value={f.status} onChange={(status) => q.setDraft({ ...f, status })} />
    </>
  );
  const words = reportWords(q.rows);
  return (
    <PageSection
      title="告警明细"
      error={q.error}
      filters={
        <ReportFilterBar words={words} label="告警明细查询" value={f} onChange={(next) => q.setDraft({ ...f, ...next })} onSearch={q.search} extra={extra} exporting={exporting} onExport={() => void exportReport('alarm', alarmParams(q.filter))} />
      }
    >
      <DataTable label="告警明细" rows={q.rows} columns={withAssetWords(columns, q.rows)} rowKey={(a) => String(a.id)} height={400} rowHeight={34} empty={q.loading ? '加载中…' : '所选日期内没有告警'} />
      {q.page && <ReportSummary label="合计" items={[['告警', `${q.page.total} 条`]]} />}
      <PaginationBar pagination={q.pagination} onChange={q.load} disabled={q.loading} />
    </PageSection>
  );
});
export default AlarmInfoPage;
