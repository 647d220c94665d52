import type { DataTableColumn } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime, type OverspeedReportItem } from '../report/report-api';
import { EventReport } from '../report/event-report';
import { useReportQuery } from '../report/use-report-query';
import { filterParams, reportQueries } from '../report/report-queries';

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
  const q = useReportQuery(reportQueries.overspeed());
  return (
    <EventReport
      title="超速报表"
      query={q}
      reportType="overspeed"
      params={filterParams}
      chart={{ label: '每日超速次数', unit: '次', value: (d) => d.count }}
      columns={columns}
      rowKey={(r) => `${r.terminalNo}-${r.start}`}
      empty="所选日期内没有超速"
      totals={(t, words) => [
        ['超速', `${t.count} 次`],
        [words.noun, `${t.vehicles} ${words.unit}`],
        ['超速时长', formatDuration(t.seconds)],
        ['超速里程', `${t.distance.toFixed(2)} km`],
        ['最高速度', `${t.maxSpeed} km/h`],
      ]}
    />
  );
});

export default OverspeedReportPage;
