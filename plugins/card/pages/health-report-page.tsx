import { useState } from 'react';
import { Field, makeStyles } from '@fluentui/react-components';
import { DataTable, type DataTableColumn, Input, KeywordField, PageSection, PaginationBar, SearchButtons, usePagedQuery } from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import type { HealthLine, ReadingStats } from '../health/health-api';
import { healthReportList } from '../health/health-report-query';

const useStyles = makeStyles({ date: { width: '160px' } });

const range = (s: ReadingStats) => (s.min === null ? '—' : `${s.min} / ${s.max} / ${s.avg}`);

const columns: DataTableColumn<HealthLine>[] = [
  { key: 'name', title: '姓名', width: 90, render: (r) => r.name },
  { key: 'no', title: '工号', width: 80, render: (r) => r.employeeNo || '—' },
  { key: 'dept', title: '部门', width: 90, render: (r) => r.department || '—' },
  { key: 'hr', title: '心率 最低/最高/平均', width: 150, render: (r) => range(r.heartRate) },
  { key: 'sys', title: '收缩压 最低/最高/平均', width: 160, render: (r) => range(r.systolic) },
  { key: 'dia', title: '舒张压 最低/最高/平均', width: 160, render: (r) => range(r.diastolic) },
  { key: 'spo2', title: '血氧 最低/最高/平均', width: 150, render: (r) => range(r.spo2) },
  { key: 'temp', title: '体温 最低/最高/平均', width: 160, render: (r) => range(r.temperature) },
  { key: 'steps', title: '步数', width: 70, align: 'right', render: (r) => r.steps ?? '—' },
  { key: 'readings', title: '读数次数', width: 80, align: 'right', render: (r) => r.readings },
  { key: 'alarms', title: '健康告警', render: (r) => r.alarms },
];

/** /card/health-report 健康报表 (menu 1106): each person's day in figures with the count of health alarms. */
const HealthReportPage = observer(function HealthReportPage() {
  const s = useStyles();
  const [list] = useState(healthReportList);
  const [day, setDay] = useState(list.initialFilter.day);
  const [keyword, setKeyword] = useState('');
  const { pagination, rows, loading, error, load, search: searchFor } = usePagedQuery(list);

  const search = () => searchFor({ day, keyword });

  return (
    <PageSection
      title="健康报表"
      error={error}
      filters={
        <>
          <Field label="日期">
            <Input className={s.date} type="date" value={day} onChange={(_, d) => setDay(d.value)} />
          </Field>
          <KeywordField label="姓名 / 工号 / 部门" icon={false} value={keyword} maxLength={50} onChange={setKeyword} onSearch={search} />
          <SearchButtons icon onSearch={search} />
        </>
      }
    >
      <DataTable label="健康报表" rows={rows} columns={columns} rowKey={(r) => String(r.vehicleId)} height={420} rowHeight={34} empty={loading ? '加载中…' : '没有佩戴工牌的人员'} />
      <PaginationBar pagination={pagination} onChange={() => void load()} disabled={loading} />
    </PageSection>
  );
});
export default HealthReportPage;
