import { DataTable, type DataTableColumn, expectOk, HttpService, PageSection, PaginationBar, ReportBarChart, useService } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime, ReportApi, type TripPage, type TripReportItem } from '../report/report-api';
import { ReportFilterBar, type ReportFilter } from '../report/report-filter-bar';
import { ReportSummary } from '../report/report-summary';
import { useReportExport } from '../report/use-report-export';
import { defaultFilter, filterParams, useReportQuery } from '../report/use-report-query';
import { reportWords, withAssetWords } from '../report/report-asset-words';

const columns: DataTableColumn<TripReportItem>[] = [
  { key: 'plate', title: '车牌号', width: 96, render: (r) => r.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 116, render: (r) => r.terminalNo },
  { key: 'start', title: '开始时间', width: 146, render: (r) => formatTime(r.start) },
  { key: 'from', title: '开始地点', width: 150, render: (r) => r.startAddress || `${r.startLon}, ${r.startLat}` },
  { key: 'end', title: '结束时间', width: 146, render: (r) => formatTime(r.end) },
  { key: 'to', title: '结束地点', width: 150, render: (r) => r.endAddress || `${r.endLon}, ${r.endLat}` },
  { key: 'distance', title: '里程(km)', width: 80, align: 'right', render: (r) => r.distance.toFixed(2) },
  { key: 'seconds', title: '时长', width: 84, render: (r) => formatDuration(r.seconds) },
  { key: 'max', title: '最高速度', width: 84, align: 'right', render: (r) => `${r.maxSpeed} km/h` },
  { key: 'avg', title: '平均速度', align: 'right', render: (r) => `${r.avgSpeed} km/h` },
];

/** 行程报表 (menu 2040): each trip of each vehicle with where and when it started and ended, with totals and the km per day. */
const TripReportPage = observer(function TripReportPage() {
  const http = useService<HttpService>(HttpService);
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery<ReportFilter, TripPage>(defaultFilter({}), async (f, page) => expectOk(await http.call(ReportApi.trips, { ...page, ...filterParams(f) })));
  const t = q.data?.totals;
  const words = reportWords(q.data?.list ?? []);
  return (
    <PageSection
      title="行程报表"
      error={q.error}
      filters={<ReportFilterBar words={words} label="行程报表查询" value={q.draft} onChange={q.setDraft} onSearch={q.search} exporting={exporting} onExport={() => void exportReport('trip', filterParams(q.filter))} />}
    >
      <ReportBarChart label="每日行程里程" unit="km" bars={(q.data?.days ?? []).map((d) => ({ label: d.day.slice(5), value: d.distance }))} height={140} />
      <DataTable label="行程报表" rows={q.data?.list ?? []} columns={withAssetWords(columns, q.data?.list ?? [])} rowKey={(r) => `${r.terminalNo}-${r.start}`} height={380} rowHeight={34} empty={q.loading ? '加载中…' : '所选日期内没有行程'} />
      {t && (
        <ReportSummary
          label="合计"
          items={[
            ['行程', `${t.count} 次`],
            [words.noun, `${t.vehicles} ${words.unit}`],
            ['总里程', `${t.distance.toFixed(2)} km`],
            ['总时长', formatDuration(t.seconds)],
            ['最高速度', `${t.maxSpeed} km/h`],
            ['平均速度', `${t.avgSpeed} km/h`],
          ]}
        />
      )}
      <PaginationBar pagination={q.pagination} onChange={q.reload} disabled={q.loading} />
    </PageSection>
  );
});

export default TripReportPage;
