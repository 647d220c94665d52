import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { DataTable, type DataTableColumn, dayOnlineTitle, PageSection, PaginationBar } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatClock, formatDuration, type DayOnlineItem } from '../report/report-api';
import { ReportFilterBar } from '../report/report-filter-bar';
import { useReportExport } from '../report/use-report-export';
import { useReportQuery } from '../report/use-report-query';
import { filterParams, reportQueries } from '../report/report-queries';
import { reportWords, withAssetWords } from '../report/report-asset-words';

const columns: DataTableColumn<DayOnlineItem>[] = [
  { key: 'plate', title: '车牌号', width: 100, render: (r) => r.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 120, render: (r) => r.terminalNo },
  { key: 'group', title: '车组', width: 100, render: (r) => r.groupName ?? '—' },
  { key: 'day', title: '日期', width: 96, render: (r) => r.day },
  { key: 'online', title: '是否在线', width: 80, render: (r) => (r.online ? '在线' : '离线') },
  { key: 'duration', title: '在线时长', width: 100, render: (r) => (r.online ? formatDuration(r.onlineSeconds) : '—') },
  { key: 'reports', title: '实时上报次数', width: 100, align: 'right', render: (r) => r.reports },
  { key: 'first', title: '首次上报', width: 100, render: (r) => formatClock(r.firstTime) },
  { key: 'last', title: '末次上报', render: (r) => formatClock(r.lastTime) },
];

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * 车辆日在线 (menu 2030): whether each asset was online each day and for how long, with the online rate per
 * day; titled in its rows' words (人员日在线 …).
 */
const DayOnlinePage = observer(function DayOnlinePage() {
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery(reportQueries.dayOnline());
  const days = q.page?.days ?? [];
  const words = reportWords(q.rows);
  // the rows' kind names the report: 人员日在线 for people, 资产日在线 for several kinds
  const title = dayOnlineTitle(q.rows.length ? words : undefined);
  return (
    <PageSection
      title={title}
      error={q.error}
      filters={
        <ReportFilterBar words={words} label="日在线查询" value={q.draft} onChange={q.setDraft} onSearch={q.search} exporting={exporting} onExport={() => void exportReport('dayOnline', filterParams(q.filter))} />
      }
    >
      <DataTable label={title} rows={q.rows} columns={withAssetWords(columns, q.rows)} rowKey={(r) => `${r.terminalNo}-${r.day}`} height={400} rowHeight={34} empty={q.loading ? '加载中…' : `没有${words.noun}`} />
      <PaginationBar pagination={q.pagination} onChange={q.load} disabled={q.loading} />
      {days.length > 0 && (
        <>
          <Text weight="semibold">每日在线率</Text>
          <Table size="extra-small" aria-label="每日在线率" style={{ maxWidth: 480 }}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>日期</TableHeaderCell>
                <TableHeaderCell>在线{words.noun}</TableHeaderCell>
                <TableHeaderCell>{words.noun}总数</TableHeaderCell>
                <TableHeaderCell>在线率</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {days.map((d) => (
                <TableRow key={d.day}>
                  <TableCell>{d.day}</TableCell>
                  <TableCell>{d.online}</TableCell>
                  <TableCell>{d.total}</TableCell>
                  <TableCell>{percent(d.rate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </PageSection>
  );
});
export default DayOnlinePage;
