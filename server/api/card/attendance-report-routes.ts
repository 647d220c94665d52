import { ATTENDANCE_SUMMARY_TITLES } from '../../../sdk/attendance-summary';
import ExcelJS from 'exceljs';
import { DAY_MARKS } from '../../attendance/day-mark';
import { dayReport, monthDays, monthReport, type AttendanceSummary } from '../../attendance/attendance-report';
import type { AccessScope } from '../../store/scope-queries';
import { chinaDay } from '../../time/china-time';
import type { AppDeps } from '../app-deps';
import { startFileExport } from '../download/background-export';
import { badInput } from '../envelope';
import { parseDay } from '../day-params';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { AttendanceApi } from '../../../sdk/contracts/card';
import type { AttendanceDayItem, AttendanceMonthItem } from '../../../sdk/attendance';
import { toDayItem, toMonthItem } from './attendance-views';
import { AttendanceResource } from './work-area-routes';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** People of one export at most. */
const MAX_EXPORT_LINES = 20_000;


function parseMonth(value: string): string {
  const m = MONTH.exec(value.trim());
  if (!m) throw badInput('月份格式不正确，应为 YYYY-MM，例如 2026-01');
  return m[0];
}

export const attendanceDayRoute = sessionRoute.of(AttendanceApi.day, {
  resource: AttendanceResource.report,
  handler: async (ctx) => {
    const { query, deps } = ctx;
    const day = parseDay(query.day, '日期');
    const page = await dayReport(deps.store, await ctx.scope(), day, deps.clock.now(), pageOffset(query), query.keyword);
    return { total: page.total, list: page.list.map(toDayItem), summary: page.summary };
  },
});

export const attendanceMonthRoute = sessionRoute.of(AttendanceApi.month, {
  resource: AttendanceResource.report,
  handler: async (ctx) => {
    const { query, deps } = ctx;
    const month = parseMonth(query.month);
    const now = deps.clock.now();
    const page = await monthReport(deps.store, await ctx.scope(), month, chinaDay(now), now, pageOffset(query), query.keyword);
    return { total: page.total, list: page.list.map(toMonthItem), summary: page.summary };
  },
});

type ExportJob = { kind: 'day'; day: string; keyword?: string } | { kind: 'month'; month: string; keyword?: string };

const time = (iso: string | null) => (iso ? iso.slice(11, 16) : '');

function boldHeader(ws: ExcelJS.Worksheet): void {
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
}

/** The summary line above a sheet's table: 应到 n  实到 n … (person-days). */
function summaryLine(title: string, s: AttendanceSummary): string {
  return `${title}  ${ATTENDANCE_SUMMARY_TITLES.map(([k, t]) => `${t} ${s[k]}`).join('  ')}`;
}

async function writeWorkbook(deps: AppDeps, scope: AccessScope, job: ExportJob, file: string): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  const now = deps.clock.now();
  const page = { offset: 0, limit: MAX_EXPORT_LINES };
  const ws = book.addWorksheet(job.kind === 'day' ? '考勤日报' : '考勤月报');
  const person = [{ header: '姓名', width: 12 }, { header: '工号', width: 10 }, { header: '部门', width: 12 }, { header: '班次', width: 12 }, { header: '考勤区域', width: 14 }];
  const base = (l: AttendanceDayItem | AttendanceMonthItem) => [l.name, l.employeeNo, l.department, l.shiftName, l.areaName];
  if (job.kind === 'day') {
    ws.columns = [...person, { header: '日期', width: 12 }, { header: '首次到达', width: 10 }, { header: '最后离开', width: 10 },
      { header: '迟到(分钟)', width: 10 }, { header: '早退(分钟)', width: 10 }, { header: '在岗(小时)', width: 10 }, { header: '状态', width: 10 }];
    boldHeader(ws);
    const result = await dayReport(deps.store, scope, job.day, now, page, job.keyword);
    for (const l of result.list.map(toDayItem)) {
      ws.addRow([...base(l), l.day, time(l.arrival), time(l.departure), l.lateMinutes, l.earlyMinutes, l.onSiteHours, l.leave ?? l.status]).commit();
    }
    ws.addRow([]).commit();
    ws.addRow([summaryLine(`${job.day} 汇总（人次）`, result.summary)]).commit();
  } else {
    // the person × day sheet HR pays wages from: one column per day of the month, then the totals
    const days = monthDays(job.month);
    ws.columns = [...person, ...days.map((d) => ({ header: String(Number(d.slice(8))), width: 4.5 })),
      { header: '应出勤(天)', width: 10 }, { header: '出勤(天)', width: 9 }, { header: '迟到(次)', width: 9 }, { header: '早退(次)', width: 9 },
      { header: '缺勤(天)', width: 9 }, { header: '请假(天)', width: 9 }, { header: '在岗(小时)', width: 10 }];
    boldHeader(ws);
    const result = await monthReport(deps.store, scope, job.month, chinaDay(now), now, page, job.keyword);
    for (const l of result.list.map(toMonthItem)) {
      ws.addRow([...base(l), ...l.marks, l.workDays, l.presentDays, l.lateDays, l.earlyDays, l.absentDays, l.leaveDays, l.onSiteHours]).commit();
    }
    ws.addRow([]).commit();
    ws.addRow([summaryLine(`${job.month} 汇总（人天）`, result.summary)]).commit();
    ws.addRow([`图例：${DAY_MARKS.map(([m, t]) => `${m} ${t}`).join('；')}`]).commit();
  }
  ws.commit();
  await book.commit();
}

export const attendanceExportRoute = sessionRoute.of(AttendanceApi.export, {
  resource: AttendanceResource.export,
  handler: async (ctx) => {
    const { body, deps } = ctx;
    const keyword = body.keyword?.trim() || undefined;
    let job: ExportJob;
    let fileName: string;
    if (body.kind === 'day') {
      if (!body.day?.trim()) throw badInput('日期不能为空');
      const day = parseDay(body.day, '日期');
      job = { kind: 'day', day, keyword };
      fileName = `考勤日报-${day}.xlsx`;
    } else {
      if (!body.month?.trim()) throw badInput('月份不能为空');
      const month = parseMonth(body.month);
      job = { kind: 'month', month, keyword };
      fileName = `考勤月报-${month}.xlsx`;
    }
    const scope = await ctx.scope();
    await ctx.audit({ action: '导出考勤报表', target: fileName, after: job });
    return startFileExport(ctx, fileName, (file) => writeWorkbook(deps, scope, job, file));
  },
});
