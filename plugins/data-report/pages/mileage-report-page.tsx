import { DataTable, type DataTableColumn, PageSection, PaginationBar } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { DailyMileageBars } from '../report/daily-mileage-bars';
import { formatClock, formatDuration, type MileageItem } from '../report/report-api';
import { ReportFilterBar } from '../report/report-filter-bar';
import { ReportSummary } from '../report/report-summary';
import { useReportExport } from '../report/use-report-export';
import { useReportQuery } from '../report/use-report-query';
import { filterParams, reportQueries } from '../report/report-queries';
import { reportWords, withAssetWords } from '../report/report-asset-words';

const columns: DataTableColumn<MileageItem>[] = [
  { key: 'plate', title: '车牌号', width: 100, render: (r) => r.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 120, render: (r) => r.terminalNo },
  { key: 'group', title: '车组', width: 100, render: (r) => r.groupName ?? '—' },
  { key: 'day', title: '日期', width: 96, render: (r) => r.day },
  { key: 'mileage', title: '里程(km)', width: 84, align: 'right', render: (r) => r.mileage.toFixed(2) },
  { key: 'source', title: '来源', width: 64, render: (r) => (r.mileageSource === 'odometer' ? '里程表' : 'GPS') },
  { key: 'driving', title: '行驶时长', width: 96, render: (r) => formatDuration(r.drivingSeconds) },
  { key: 'max', title: '最高速度', width: 86, align: 'right', render: (r) => `${r.maxSpeed} km/h` },
  { key: 'avg', title: '平均速度', width: 86, align: 'right', render: (r) => `${r.avgSpeed} km/h` },
  { key: 'reports', title: '上报次数', width: 76, align: 'right', render: (r) => r.reports },
  { key: 'first', title: '首次上报', width: 84, render: (r) => formatClock(r.firstTime) },
  { key: 'last', title: '末次上报', render: (r) => formatClock(r.lastTime) },
];

/** 里程报表 (menu 2010): mileage, driving time and speeds of each vehicle per day, with totals and a bar per day. */
const MileageReportPage = observer(function MileageReportPage() {
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery(reportQueries.mileage());
  const t = q.page?.totals;
  const words = reportWords(q.rows);
  return (
    <PageSection
      title="里程报表"
      error={q.error}
      filters={
        <ReportFilterBar words={words} label="里程报表查询" value={q.draft} onChange={q.setDraft} onSearch={q.search} exporting={exporting} onExport={() => void exportReport('mileage', filterParams(q.filter))} />
      }
    >
      <DailyMileageBars days={q.page?.days ?? []} />
      <DataTable label="里程报表" rows={q.rows} columns={withAssetWords(columns, q.rows)} rowKey={(r) => `${r.terminalNo}-${r.day}`} height={400} rowHeight={34} empty={q.loading ? '加载中…' : '所选日期内没有上报记录'} />
      {t && (
        <ReportSummary
          label="合计"
          items={[
            [words.noun, `${t.vehicles} ${words.unit}`],
            ['总里程', `${t.mileage.toFixed(2)} km`],
            [`${words.moving}时长`, formatDuration(t.drivingSeconds)],
            ['最高速度', `${t.maxSpeed} km/h`],
            ['平均速度', `${t.avgSpeed} km/h`],
            ['上报次数', t.reports],
          ]}
        />
      )}
      <PaginationBar pagination={q.pagination} onChange={q.load} disabled={q.loading} />
    </PageSection>
  );
});
export default MileageReportPage;
