import { Field } from '@fluentui/react-components';
import { DataTable, type DataTableColumn, Input, PageSection, PaginationBar } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime, type OfflineReportItem } from '../report/report-api';
import { ReportFilterBar } from '../report/report-filter-bar';
import { ReportSummary } from '../report/report-summary';
import { useReportExport } from '../report/use-report-export';
import { useReportQuery } from '../report/use-report-query';
import { offlineParams, reportQueries } from '../report/report-queries';
import { reportWords, withAssetWords } from '../report/report-asset-words';

const columns: DataTableColumn<OfflineReportItem>[] = [
  { key: 'plate', title: '车牌号', width: 110, render: (r) => r.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 130, render: (r) => r.terminalNo },
  { key: 'group', title: '车组', width: 110, render: (r) => r.groupName ?? '—' },
  { key: 'last', title: '末次上报', width: 160, render: (r) => (r.lastTime ? formatTime(r.lastTime) : '从未上报') },
  { key: 'offline', title: '离线时长', width: 120, render: (r) => (r.offlineSeconds === null ? '—' : formatDuration(r.offlineSeconds)) },
  { key: 'address', title: '末次位置', render: (r) => r.address || (r.lon === null ? '—' : `${r.lon}, ${r.lat}`) },
];

/** 离线报表 (menu 2090): the assets silent for longer than N hours (24 by default) or that never reported, longest first. */
const OfflineReportPage = observer(function OfflineReportPage() {
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery(reportQueries.offline());
  const t = q.page?.totals;
  const hours = (
    <Field label="离线超过(小时)">
      <Input type="number" min={1} max={8760} value={q.draft.hours} onChange={(_, d) => q.setDraft({ ...q.draft, hours: d.value })} style={{ width: '110px' }} />
    </Field>
  );
  const words = reportWords(q.rows);
  return (
    <PageSection
      title="离线报表"
      error={q.error}
      filters={
        <ReportFilterBar words={words} label="离线报表查询" dates="none" value={q.draft} onChange={(f) => q.setDraft({ ...q.draft, ...f })} onSearch={q.search} extra={hours} exporting={exporting} onExport={() => void exportReport('offline', offlineParams(q.filter))} />
      }
    >
      <DataTable label="离线报表" rows={q.rows} columns={withAssetWords(columns, q.rows)} rowKey={(r) => r.terminalNo} height={420} rowHeight={34} empty={q.loading ? '加载中…' : '没有离线的资产'} />
      {t && (
        <ReportSummary
          label="合计"
          items={[
            ['离线', `${t.offline} 个`],
            ['其中从未上报', `${t.never} 个`],
            ['资产总数', `${t.assets} 个`],
            ['离线阈值', `${t.hours} 小时`],
          ]}
        />
      )}
      <PaginationBar pagination={q.pagination} onChange={q.load} disabled={q.loading} />
    </PageSection>
  );
});

export default OfflineReportPage;
