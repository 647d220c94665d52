import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Field, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';
import {
  AttendanceApi,
  ATTENDANCE_SUMMARY_TITLES,
  type AttendanceReportPage,
  type AttendanceDayItem,
  type AttendanceMonthItem,
  type AttendanceSummary,
  chinaDay,
  DataTable,
  type DataTableColumn,
  DialogService,
  expectOk,
  HttpService,
  Input,
  PageSection,
  Pagination,
  PaginationBar,
  Permission,
  ToastService,
  useService,
} from '@tianlu/sdk';
import { observer } from 'mobx-react-lite';
import { ATTENDANCE_EXPORT_BUTTON, clockOf, errorText } from '../attendance/attendance-api';

const useStyles = makeStyles({
  date: { width: '160px' },
  summary: { display: 'flex', flexWrap: 'wrap', gap: '4px 20px', padding: '6px 8px', marginBottom: '6px', background: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium },
  figure: { fontVariantNumeric: 'tabular-nums' },
});


type Kind = 'day' | 'month';

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'danger' | 'informative'> = {
  正常: 'success', 迟到: 'warning', 早退: 'warning', 迟到早退: 'warning', 缺勤: 'danger', 请假: 'informative', 未结束: 'informative',
};

const person: DataTableColumn<AttendanceDayItem | AttendanceMonthItem>[] = [
  { key: 'name', title: '姓名', width: 90, render: (r) => r.name },
  { key: 'no', title: '工号', width: 80, render: (r) => r.employeeNo || '—' },
  { key: 'dept', title: '部门', width: 90, render: (r) => r.department || '—' },
  { key: 'shift', title: '班次', width: 90, render: (r) => r.shiftName },
  { key: 'area', title: '考勤区域', width: 110, render: (r) => r.areaName },
];

const dayColumns: DataTableColumn<AttendanceDayItem>[] = [
  ...person,
  { key: 'arrival', title: '首次到达', width: 80, render: (r) => clockOf(r.arrival) },
  { key: 'departure', title: '最后离开', width: 80, render: (r) => clockOf(r.departure) },
  { key: 'late', title: '迟到', width: 70, align: 'right', render: (r) => (r.lateMinutes ? `${r.lateMinutes} 分钟` : '—') },
  { key: 'early', title: '早退', width: 70, align: 'right', render: (r) => (r.earlyMinutes ? `${r.earlyMinutes} 分钟` : '—') },
  { key: 'hours', title: '在岗（小时）', width: 90, align: 'right', render: (r) => r.onSiteHours },
  {
    key: 'status', title: '状态', render: (r) => (
      <Badge appearance="tint" color={STATUS_COLOR[r.status] ?? 'informative'}>{r.leave ?? r.status}{r.corrected ? '（补卡）' : ''}</Badge>
    ),
  },
];

const monthColumns: DataTableColumn<AttendanceMonthItem>[] = [
  ...person,
  { key: 'work', title: '应出勤（天）', width: 90, align: 'right', render: (r) => r.workDays },
  { key: 'present', title: '出勤（天）', width: 80, align: 'right', render: (r) => r.presentDays },
  { key: 'late', title: '迟到（次）', width: 80, align: 'right', render: (r) => r.lateDays },
  { key: 'early', title: '早退（次）', width: 80, align: 'right', render: (r) => r.earlyDays },
  { key: 'absent', title: '缺勤（天）', width: 80, align: 'right', render: (r) => r.absentDays },
  { key: 'leave', title: '请假（天）', width: 80, align: 'right', render: (r) => r.leaveDays },
  { key: 'hours', title: '在岗（小时）', render: (r) => r.onSiteHours },
];

/** /card/attendance-report 考勤报表 (menu 1104): each person's attendance by day or by month, computed by the server, with 导出 to 下载中心. */
const AttendanceReportPage = observer(function AttendanceReportPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const dialogs = useService(DialogService);
  const pagination = useMemo(() => new Pagination(), []);
  const [kind, setKind] = useState<Kind>('day');
  const [day, setDay] = useState(chinaDay());
  const [month, setMonth] = useState(chinaDay().slice(0, 7));
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ kind: 'day' as Kind, day: chinaDay(), month: chinaDay().slice(0, 7), keyword: '' });
  const [rows, setRows] = useState<{ kind: Kind; list: (AttendanceDayItem | AttendanceMonthItem)[]; summary: AttendanceSummary }>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    setLoading(true);
    setError(undefined);
    try {
      const params = { ...pagination.query, ...(query.keyword.trim() && { keyword: query.keyword.trim() }) };
      const answer: AttendanceReportPage<AttendanceDayItem | AttendanceMonthItem> = query.kind === 'day'
        ? expectOk(await http.call(AttendanceApi.day, { ...params, day: query.day }))
        : expectOk(await http.call(AttendanceApi.month, { ...params, month: query.month }));
      pagination.setTotal(answer.total);
      setRows({ kind: query.kind, list: answer.list, summary: answer.summary });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [http, pagination, query]);
  useEffect(() => void load(), [load]);

  const search = (next: Kind = kind) => {
    pagination.setCurrent(1);
    setQuery({ kind: next, day, month, keyword });
  };
  const exportReport = async () => {
    try {
      const body = { kind: query.kind, ...(query.kind === 'day' ? { day: query.day } : { month: query.month }), ...(query.keyword.trim() && { keyword: query.keyword.trim() }) };
      expectOk(await http.call(AttendanceApi.export, body));
      toast.show('已加入下载中心', 'success');
      dialogs.showDownList(true);
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };

  return (
    <PageSection
      title="考勤报表"
      error={error}
      tools={
        <Permission button={ATTENDANCE_EXPORT_BUTTON}>
          <Button icon={<ArrowDownloadRegular />} onClick={() => void exportReport()}>导出</Button>
        </Permission>
      }
      filters={
        <>
          <TabList selectedValue={kind} onTabSelect={(_, d) => { setKind(d.value as Kind); search(d.value as Kind); }}>
            <Tab value="day">日报</Tab>
            <Tab value="month">月报</Tab>
          </TabList>
          {kind === 'day' ? (
            <Field label="日期">
              <Input className={s.date} type="date" value={day} onChange={(_, d) => setDay(d.value)} />
            </Field>
          ) : (
            <Field label="月份">
              <Input className={s.date} type="month" value={month} onChange={(_, d) => setMonth(d.value)} />
            </Field>
          )}
          <Field label="姓名 / 工号 / 部门">
            <Input value={keyword} maxLength={50} onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
          </Field>
          <Button appearance="primary" icon={<SearchRegular />} onClick={() => search()}>查询</Button>
        </>
      }
    >
      {rows && (
        <div className={s.summary} role="group" aria-label="考勤汇总">
          <Text weight="semibold">{rows.kind === 'day' ? '全天汇总（人次）' : '全月汇总（人天）'}</Text>
          {ATTENDANCE_SUMMARY_TITLES.map(([k, t]) => <Text key={k} className={s.figure}>{t} <b>{rows.summary[k]}</b></Text>)}
        </div>
      )}
      {rows?.kind === 'month' ? (
        <DataTable label="考勤月报" rows={rows.list as AttendanceMonthItem[]} columns={monthColumns} rowKey={(r) => `${r.vehicleId}-${r.shiftName}`} height={384} rowHeight={34} empty={loading ? '加载中…' : '没有排班的人员'} />
      ) : (
        <DataTable label="考勤日报" rows={(rows?.list ?? []) as AttendanceDayItem[]} columns={dayColumns} rowKey={(r) => `${r.vehicleId}-${r.shiftName}`} height={384} rowHeight={34} empty={loading ? '加载中…' : '当天没有排班的人员'} />
      )}
      <PaginationBar pagination={pagination} onChange={() => void load()} disabled={loading} />
    </PageSection>
  );
});
export default AttendanceReportPage;
