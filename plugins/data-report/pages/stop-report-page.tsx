import { Dropdown, Field, Option } from '@fluentui/react-components';
import type { DataTableColumn } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime, type StopReportItem } from '../report/report-api';
import { EventReport } from '../report/event-report';
import { useReportQuery } from '../report/use-report-query';
import { reportQueries, stopParams } from '../report/report-queries';

const ACC_CHOICES = [['', '全部'], ['1', 'ACC 开'], ['0', 'ACC 关']] as const;

const columns: DataTableColumn<StopReportItem>[] = [
  { key: 'plate', title: '车牌号', width: 96, render: (r) => r.plateNo ?? '—' },
  { key: 'terminal', title: '终端号', width: 116, render: (r) => r.terminalNo },
  { key: 'group', title: '车组', width: 96, render: (r) => r.groupName ?? '—' },
  { key: 'start', title: '开始时间', width: 146, render: (r) => formatTime(r.start) },
  { key: 'end', title: '结束时间', width: 146, render: (r) => formatTime(r.end) },
  { key: 'seconds', title: '停车时长', width: 90, render: (r) => formatDuration(r.seconds) },
  { key: 'address', title: '地点', width: 180, render: (r) => r.address || `${r.lon}, ${r.lat}` },
  { key: 'acc', title: 'ACC', width: 60, render: (r) => (r.acc ? '开' : '关') },
  { key: 'accSeconds', title: 'ACC 开时长', render: (r) => formatDuration(r.accSeconds) },
];

/** 停车报表 (menu 2050): each stop of five minutes or more with its place, duration and ACC state. */
const StopReportPage = observer(function StopReportPage() {
  const q = useReportQuery(reportQueries.stops());
  const acc = (
    <Field label="ACC 状态">
      <Dropdown value={ACC_CHOICES.find(([v]) => v === q.draft.acc)?.[1]} selectedOptions={[q.draft.acc]} onOptionSelect={(_, d) => q.setDraft({ ...q.draft, acc: d.optionValue ?? '' })}>
        {ACC_CHOICES.map(([value, text]) => (
          <Option key={value} value={value}>
            {text}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
  return (
    <EventReport
      title="停车报表"
      query={q}
      reportType="stop"
      params={stopParams}
      extraFilter={acc}
      chart={{ label: '每日停车次数', unit: '次', value: (d) => d.count }}
      columns={columns}
      rowKey={(r) => `${r.terminalNo}-${r.start}`}
      empty="所选日期内没有停车"
      totals={(t, words) => [
        ['停车', `${t.count} 次`],
        [words.noun, `${t.vehicles} ${words.unit}`],
        ['停车时长', formatDuration(t.seconds)],
        ['ACC 开', `${t.accOn} 次`],
        ['ACC 关', `${t.accOff} 次`],
        ['怠速时长', formatDuration(t.accSeconds)],
      ]}
    />
  );
});

export default StopReportPage;
