/** 考勤报表's two reports, 日报 and 月报: the contract each is read from, its filter field, its columns and its words. */
import { Badge } from '@fluentui/react-components';
import {
  AttendanceApi,
  type AttendanceDayItem,
  type AttendanceMonthItem,
  type AttendanceReportPage,
  type DataTableColumn,
  type Endpoint,
  type PageQuery,
} from '@tianlu/sdk';
import { clockOf } from './attendance-api';
import { dayReportQuery, monthReportQuery, type AttendanceFilter } from './attendance-report-query';

export type AttendanceKind = 'day' | 'month';

/** One report of 考勤报表. */
export interface AttendanceReport<Q extends PageQuery, T> {
  kind: AttendanceKind;
  list: Endpoint<Q, undefined, AttendanceReportPage<T>>;
  /** The contract's input of a filter, without the page. */
  query: (filter: AttendanceFilter) => Omit<Q, keyof PageQuery>;
  /** The date field of the filter row. */
  field: { label: string; type: 'date' | 'month'; key: 'day' | 'month' };
  columns: DataTableColumn<T>[];
  /** The table's accessible name. */
  label: string;
  /** Shown when no one is on a shift. */
  empty: string;
  /** The heading of the summary above the table. */
  summaryTitle: string;
}

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

export const DAY_REPORT: AttendanceReport<PageQuery & { day: string; keyword?: string }, AttendanceDayItem> = {
  kind: 'day',
  list: AttendanceApi.day,
  query: dayReportQuery,
  field: { label: '日期', type: 'date', key: 'day' },
  columns: [
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
  ],
  label: '考勤日报',
  empty: '当天没有排班的人员',
  summaryTitle: '全天汇总（人次）',
};

export const MONTH_REPORT: AttendanceReport<PageQuery & { month: string; keyword?: string }, AttendanceMonthItem> = {
  kind: 'month',
  list: AttendanceApi.month,
  query: monthReportQuery,
  field: { label: '月份', type: 'month', key: 'month' },
  columns: [
    ...person,
    { key: 'work', title: '应出勤（天）', width: 90, align: 'right', render: (r) => r.workDays },
    { key: 'present', title: '出勤（天）', width: 80, align: 'right', render: (r) => r.presentDays },
    { key: 'late', title: '迟到（次）', width: 80, align: 'right', render: (r) => r.lateDays },
    { key: 'early', title: '早退（次）', width: 80, align: 'right', render: (r) => r.earlyDays },
    { key: 'absent', title: '缺勤（天）', width: 80, align: 'right', render: (r) => r.absentDays },
    { key: 'leave', title: '请假（天）', width: 80, align: 'right', render: (r) => r.leaveDays },
    { key: 'hours', title: '在岗（小时）', render: (r) => r.onSiteHours },
  ],
  label: '考勤月报',
  empty: '没有排班的人员',
  summaryTitle: '全月汇总（人天）',
};
