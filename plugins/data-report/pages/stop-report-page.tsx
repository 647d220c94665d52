import { Dropdown, Field, Option } from '@fluentui/react-components';
import { DataTable, type DataTableColumn, expectOk, HttpService, PageSection, PaginationBar, ReportBarChart, useService } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { formatDuration, formatTime, ReportApi, type StopPage, type StopReportItem } from '../report/report-api';
import { ReportFilterBar, type ReportFilter } from '../report/report-filter-bar';
import { ReportSummary } from '../report/report-summary';
import { useReportExport } from '../report/use-report-export';
import { defaultFilter, filterParams, useReportQuery } from '../report/use-report-query';
import { reportWords, withAssetWords } from '../report/report-asset-words';

interface StopFilter extends ReportFilter {
  /** '' every stop, '1' ACC on (idling), '0' ACC off. */
  acc: string;
}

const ACC_CHOICES = [['', '全部'], ['1', 'ACC 开'], ['0', 'ACC 关']] as const;
const params = (f: StopFilter) => ({ ...filterParams(f), ...(f.acc ? { acc: Number(f.acc) } : {}) });

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
  const http = useService<HttpService>(HttpService);
  const { exporting, exportReport } = useReportExport();
  const q = useReportQuery<StopFilter, StopPage>(defaultFilter<StopFilter>({ acc: '' }), async (f, page) => expectOk(await http.call(ReportApi.stops, { ...page, ...params(f) })));
  const t = q.data?.totals;
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
  const words = reportWords(q.data?.list ?? []);
  return (
    <PageSection
      title="停车报表"
      error={q.error}
      filters={<ReportFilterBar words={words} label="停车报表查询" value={q.draft} onChange={(f) => q.setDraft({ ...q.draft, ...f })} onSearch={q.search} exporting={exporting} extra={acc} onExport={() => void exportReport('stop', params(q.filter))} />}
    >
      <ReportBarChart label="每日停车次数" unit="次" bars={(q.data?.days ?? []).map((d) => ({ label: d.day.slice(5), value: d.count }))} height={140} />
      <DataTable label="停车报表" rows={q.data?.list ?? []} columns={withAssetWords(columns, q.data?.list ?? [])} rowKey={(r) => `${r.terminalNo}-${r.start}`} height={380} rowHeight={34} empty={q.loading ? '加载中…' : '所选日期内没有停车'} />
      {t && (
        <ReportSummary
          label="合计"
          items={[
            ['停车', `${t.count} 次`],
            [words.noun, `${t.vehicles} ${words.unit}`],
            ['停车时长', formatDuration(t.seconds)],
            ['ACC 开', `${t.accOn} 次`],
            ['ACC 关', `${t.accOff} 次`],
            ['怠速时长', formatDuration(t.accSeconds)],
          ]}
        />
      )}
      <PaginationBar pagination={q.pagination} onChange={q.reload} disabled={q.loading} />
    </PageSection>
  );
});

export default StopReportPage;
