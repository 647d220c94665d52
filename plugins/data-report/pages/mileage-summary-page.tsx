import { DataTable, type DataTableColumn, MIXED_ASSET_WORDS, PageSection, PaginationBar, ReportBarChart } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, type MileageSummaryItem } from '../report/report-api';
import { ReportFilterBar } from '../report/report-filter-bar';
import { ReportSummary } from '../report/report-summary';
import { useReportExport } from '../report/use-report-export';
import { useReportQuery } from '../report/use-report-query';
import { filterParams, reportQueries } from '../report/report-queries';

/** Its rows are groups, whose assets may be of every kind. */
const words = MIXED_ASSET_WORDS;

const columns: DataTableColumn<MileageSummaryItem>[] = [
  { key: 'group', title: words.groupLabel, width: 160, render: (r) => r.groupName ?? '未分组' },
  { key: 'month', title: '月份', width: 90, render: (r) => r.month },
  { key: 'vehicles', title: `上报${words.noun}`, width: 90, align: 'right', render: (r) => r.vehicles },
  { key: 'mileage', title: '里程(km)', width: 110, align: 'right', render: (r) => r.mileage.toFixed(2) },
  { key: 'driving', title: `${words.moving}时长`, width: 110, render: (r) => formatDuration(r.drivingSeconds) },
  { key: 'max', title: '最高速度', width: 90, align: 'right', render: (r) => `${r.maxSpeed} km/h` },
  { key: 'reports', title: '上报次数', align: 'right', render: (r) => r.reports },
];

/** 里程汇总 (menu 2070): the mileage of each group per month, with the months' totals. */
const MileageSummaryPage = observer(function MileageSummaryPage() {
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery(reportQueries.mileageSummary());
  const t = q.page?.totals;
  return (
    <PageSection
      title="里程汇总"
      error={q.error}
      filters={
        <ReportFilterBar words={words} label="里程汇总查询" dates="month" value={q.draft} onChange={q.setDraft} onSearch={q.search} exporting={exporting} onExport={() => void exportReport('mileageSummary', filterParams(q.filter))} />
      }
    >
      <ReportBarChart label="每月里程" unit="km" bars={(q.page?.months ?? []).map((m) => ({ label: m.month, value: m.mileage }))} height={140} />
      <DataTable label="里程汇总" rows={q.rows} columns={columns} rowKey={(r) => `${r.groupId ?? 0}-${r.month}`} height={380} rowHeight={34} empty={q.loading ? '加载中…' : '所选月份内没有上报记录'} />
      {t && (
        <ReportSummary
          label="合计"
          items={[
            [words.groupLabel, `${t.groups} 个`],
            [`上报${words.noun}`, `${t.vehicles} ${words.unit}`],
            ['总里程', `${t.mileage.toFixed(2)} km`],
            [`${words.moving}时长`, formatDuration(t.drivingSeconds)],
            ['上报次数', t.reports],
          ]}
        />
      )}
      <PaginationBar pagination={q.pagination} onChange={q.load} disabled={q.loading} />
    </PageSection>
  );
});

export default MileageSummaryPage;
