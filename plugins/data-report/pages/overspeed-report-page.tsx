import { DataTable, type DataTableColumn, expectOk, HttpService, PageSection, PaginationBar, ReportBarChart, useService } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime, ReportApi, type OverspeedPage, type OverspeedReportItem } from '../report/report-api';
import { ReportFilterBar, type ReportFilter } from '../report/report-filter-bar';
import { ReportSummary } from '../report/report-summary';
import { useReportExport } from '../report/use-report-export';
import { defaultFilter, filterParams, useReportQuery } from '../report/use-report-query';
import { reportWords, withAssetWords } from '../report/report-asset-words';

const columns: DataTableColumn<OverspeedReportItem>[] = [
  { key: 'plate', title: '车牌号', width: 96, render: (r) => r.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 116, render: (r) => r.terminalNo },
  { key: 'group', title: '车组', width: 96, render: (r) => r.groupName ?? '—' },
  { key: 'start', title: '开始时间', width: 146, render: (r) => formatTime(r.start) },
  { key: 'end', title: '结束时间', width: 146, render: (r) => formatTime(r.end) },
  { key: 'seconds', title: '持续时长', width: 84, render: (r) => formatDuration(r.seconds) },
  { key: 'limit', title: '限速', width: 80, align: 'right', render: (r) => `${r.speedLimit} km/h` },
  { key: 'max', title: '最高速度', width: 84, align: 'right', render: (r) => `${r.maxSpeed} km/h` },
  { key: 'avg', title: '平均速度', width: 84, align: 'right', render: (r) => `${r.avgSpeed} km/h` },
  { key: 'address', title: '地点', render: (r) => r.address || `${r.lon}, ${r.lat}` },
];

/** 超速报表 (menu 2060): each stretch above the vehicle's 限速 (else the tenant's 平台超速 limit) with its top speed and duration. */
const OverspeedReportPage = observer(function OverspeedReportPage() {
  const http = useService<HttpService>(HttpService);
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery<ReportFilter, OverspeedPage>(defaultFilter({}), async (f, page) => expectOk(await http.call(ReportApi.overspeed, { ...page, ...filterParams(f) })));
  const t = q.data?.totals;
  const words = reportWords(q.data?.list ?? []);
  return (
    <PageSection
      title="超速报表"
      error={q.error}
      filters={<ReportFilterBar words={words} label="超速报表查询" value={q.draft} onChange={q.setDraft} onSearch={q.search} exporting={exporting} onExport={() => void exportReport('overspeed', filterParams(q.filter))} />}
    >
      <ReportBarChart label="每日超速次数" unit="次" bars={(q.data?.days ?? []).map((d) => ({ label: d.day.slice(5), value: d.count }))} height={140} />
      <DataTable label="超速报表" rows={q.data?.list ?? []} columns={withAssetWords(columns, q.data?.list ?? [])} rowKey={(r) => `${r.terminalNo}-${r.start}`} height={380} rowHeight={34} empty={q.loading ? '加载中…' : '所选日期内没有超速'} />
      {t && (
        <ReportSummary
          label="合计"
          items={[
            ['超速', `${t.count} 次`],
            [words.noun, `${t.vehicles} ${words.unit}`],
            ['超速时长', formatDuration(t.seconds)],
            ['超速里程', `${t.distance.toFixed(2)} km`],
            ['最高速度', `${t.maxSpeed} km/h`],
          ]}
        />
      )}
      <PaginationBar pagination={q.pagination} onChange={q.reload} disabled={q.loading} />
    </PageSection>
  );
});

export default OverspeedReportPage;
