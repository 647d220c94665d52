import type { DataTableColumn } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { type FuelReportItem } from '../report/report-api';
import { EventReport } from '../report/event-report';
import { useReportQuery } from '../report/use-report-query';
import { filterParams, reportQueries } from '../report/report-queries';

const litres = (v: number | null) => (v === null ? '—' : `${v} L`);

const columns: DataTableColumn<FuelReportItem>[] = [
  { key: 'plate', title: '车牌号', width: 96, render: (r) => r.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 116, render: (r) => r.terminalNo },
  { key: 'group', title: '车组', width: 96, render: (r) => r.groupName ?? '—' },
  { key: 'day', title: '日期', width: 96, render: (r) => r.day },
  { key: 'first', title: '起始油量', width: 84, align: 'right', render: (r) => litres(r.firstLitres) },
  { key: 'last', title: '结束油量', width: 84, align: 'right', render: (r) => litres(r.lastLitres) },
  { key: 'used', title: '耗油', width: 76, align: 'right', render: (r) => litres(r.usedLitres) },
  { key: 'added', title: '加油', width: 76, align: 'right', render: (r) => litres(r.addedLitres) },
  { key: 'drops', title: '异常掉油', width: 96, align: 'right', render: (r) => (r.drops ? `${r.drops} 次 / ${r.dropLitres} L` : '—') },
  { key: 'distance', title: '行程里程', width: 90, align: 'right', render: (r) => `${r.distance.toFixed(2)} km` },
  { key: 'per100', title: '百公里油耗', align: 'right', render: (r) => (r.per100Km === null ? '—' : `${r.per100Km} L`) },
];

/** 油耗报表 (menu 2080): the fuel of vehicles whose terminals report it (JT/T 808 0x02), per day. */
const FuelReportPage = observer(function FuelReportPage() {
  const q = useReportQuery(reportQueries.fuel());
  return (
    <EventReport
      title="油耗报表"
      query={q}
      reportType="fuel"
      params={filterParams}
      chart={{ label: '每日耗油', unit: 'L', value: (d) => d.used }}
      columns={columns}
      rowKey={(r) => `${r.terminalNo}-${r.day}`}
      empty="所选日期内没有油量上报"
      totals={(t, words) => [
        [words.noun, `${t.vehicles} ${words.unit}`],
        ['耗油', `${t.used} L`],
        ['加油', `${t.added} L`],
        ['异常掉油', `${t.drops} 次 / ${t.dropLitres} L`],
        ['行程里程', `${t.distance.toFixed(2)} km`],
        ['百公里油耗', t.per100Km === null ? '—' : `${t.per100Km} L`],
      ]}
    />
  );
});

export default FuelReportPage;
