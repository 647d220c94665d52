import type { DataTableColumn } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime, type TripReportItem } from '../report/report-api';
import { EventReport } from '../report/event-report';
import { useReportQuery } from '../report/use-report-query';
import { filterParams, reportQueries } from '../report/report-queries';

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
  const q = useReportQuery(reportQueries.trips());
  return (
    <EventReport
      title="行程报表"
      query={q}
      reportType="trip"
      params={filterParams}
      chart={{ label: '每日行程里程', unit: 'km', value: (d) => d.distance }}
      columns={columns}
      rowKey={(r) => `${r.terminalNo}-${r.start}`}
      empty="所选日期内没有行程"
      totals={(t, words) => [
        ['行程', `${t.count} 次`],
        [words.noun, `${t.vehicles} ${words.unit}`],
        ['总里程', `${t.distance.toFixed(2)} km`],
        ['总时长', formatDuration(t.seconds)],
        ['最高速度', `${t.maxSpeed} km/h`],
        ['平均速度', `${t.avgSpeed} km/h`],
      ]}
    />
  );
});

export default TripReportPage;
