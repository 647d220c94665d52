import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Field, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import {
  AttendanceApi,
  ATTENDANCE_SUMMARY_TITLES,
  DialogService,
  expectOk,
  HttpService,
  Input,
  KeywordField,
  PagedTable,
  PageSection,
  Permission,
  SearchButtons,
  ToastService,
  usePagedQuery,
  useService,
  type PageQuery,
} from '@tianlu/sdk';
import { ATTENDANCE_EXPORT_BUTTON, errorText } from '../attendance/attendance-api';
import { openingAttendanceFilter, type AttendanceFilter } from '../attendance/attendance-report-query';
import { DAY_REPORT, MONTH_REPORT, type AttendanceKind, type AttendanceReport } from '../attendance/attendance-reports';

const useStyles = makeStyles({
  date: { width: '160px' },
  summary: { display: 'flex', flexWrap: 'wrap', gap: '4px 20px', padding: '6px 8px', marginBottom: '6px', background: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium },
  figure: { fontVariantNumeric: 'tabular-nums' },
});

interface ReportViewProps<Q extends PageQuery, T> {
  report: AttendanceReport<Q, T>;
  /** The 日报 / 月报 tabs, first in the filter row. */
  tabs: ReactNode;
  /** The filter row as typed, kept by the page while the tabs switch. */
  form: AttendanceFilter;
  onForm: (patch: Partial<AttendanceFilter>) => void;
}

/** One report of 考勤报表 paged on the server: its filter row, 导出 of the filter shown, its summary and its table. */
function ReportView<Q extends PageQuery, T extends { vehicleId: number; shiftName: string }>(props: ReportViewProps<Q, T>) {
  const { report, form, onForm } = props;
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const dialogs = useService(DialogService);
  const list = usePagedQuery({ list: report.list, initialFilter: form, query: report.query });
  const search = () => list.search({ ...form });

  const exportReport = async () => {
    try {
      expectOk(await http.call(AttendanceApi.export, { kind: report.kind, ...report.query(list.filter) }));
      toast.show('已加入下载中心', 'success');
      dialogs.showDownList(true);
    } catch (e) {
      toast.show(errorText(e), 'error');
    }
  };

  return (
    <PageSection
      title="考勤报表"
      error={list.error}
      onRetry={() => void list.load()}
      tools={
        <Permission button={ATTENDANCE_EXPORT_BUTTON}>
          <Button icon={<ArrowDownloadRegular />} onClick={() => void exportReport()}>导出</Button>
        </Permission>
      }
      filters={
        <>
          {props.tabs}
          <Field label={report.field.label}>
            <Input className={s.date} type={report.field.type} value={form[report.field.key]} onChange={(_, d) => onForm({ [report.field.key]: d.value })} />
          </Field>
          <KeywordField label="姓名 / 工号 / 部门" icon={false} maxLength={50} value={form.keyword} onChange={(keyword) => onForm({ keyword })} onSearch={search} />
          <SearchButtons icon onSearch={search} />
        </>
      }
    >
      {list.page && (
        <div className={s.summary} role="group" aria-label="考勤汇总">
          <Text weight="semibold">{report.summaryTitle}</Text>
          {ATTENDANCE_SUMMARY_TITLES.map(([k, t]) => <Text key={k} className={s.figure}>{t} <b>{list.page?.summary[k]}</b></Text>)}
        </div>
      )}
      <PagedTable label={report.label} list={list} columns={report.columns} rowKey={(r) => `${r.vehicleId}-${r.shiftName}`} height={384} rowHeight={34} empty={report.empty} />
    </PageSection>
  );
}

/**
 * /card/attendance-report 考勤报表 (menu 1104): each person's attendance by day or by month, computed by the server,
 * with 导出 to 下载中心. Each tab is a list of its own; the filter typed stays while they switch, and a switch reads the new tab from page 1.
 */
export default function AttendanceReportPage() {
  const [kind, setKind] = useState<AttendanceKind>('day');
  const [form, setForm] = useState<AttendanceFilter>(openingAttendanceFilter);
  const page = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  // the tab picked keeps the focus it had when the other report comes in
  useEffect(() => {
    if (switched.current) page.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [kind]);

  const onForm = (patch: Partial<AttendanceFilter>) => setForm((f) => ({ ...f, ...patch }));
  const tabs = (
    <TabList
      selectedValue={kind}
      onTabSelect={(_, d) => {
        switched.current = true;
        setKind(d.value as AttendanceKind);
      }}
    >
      <Tab value="day">日报</Tab>
      <Tab value="month">月报</Tab>
    </TabList>
  );
  return (
    <div ref={page}>
      {kind === 'day' ? <ReportView key="day" report={DAY_REPORT} tabs={tabs} form={form} onForm={onForm} /> : <ReportView key="month" report={MONTH_REPORT} tabs={tabs} form={form} onForm={onForm} />}
    </div>
  );
}
