import {
  LEAVE_KINDS,
  type AttendanceDayItem, type AttendanceMonthItem, type HolidayKind, type HolidayYear, type LeaveItem, type PersonDetail, type PersonStays, type PunchItem,
  type ShiftOptions, type WorkArea, type WorkShift,
} from '../attendance';
import type { AttendanceSummary } from '../attendance-summary';
import { defineEndpoint } from '../endpoint';
import type { HealthLine, HealthPerson, HealthSeries } from '../health';
import { int, object, pagingProperties, requiredText, text, type Paging } from '../json-schema';

const HEALTH = '/car/v4/api/card/health';
const ATTENDANCE = '/car/v4/api/card/attendance';

/** Longest grace of a shift, minutes (late and early both). */
export const MAX_SHIFT_GRACE = 120;
/** The years the 节假日 calendar covers. */
export const HOLIDAY_MIN_YEAR = 2000;
export const HOLIDAY_MAX_YEAR = 2100;

type Deleted = { deleted: number };
type RecordQuery = { vehicleId?: number; start?: string; end?: string } & Paging;
const recordQuery = object({ vehicleId: int('人员', 1), start: text('开始日期', 10), end: text('结束日期', 10), ...pagingProperties });

/** A day or month report page with the whole report's summary. */
export interface AttendanceReportPage<Item> {
  total: number;
  list: Item[];
  summary: AttendanceSummary;
}

/** 智能工牌: 健康 (a person's readings over a day) and 健康报表 (everyone's day in figures). */
export const CardApi = {
  healthPeople: defineEndpoint<{ keyword?: string }, undefined, HealthPerson[]>({
    method: 'GET',
    path: `${HEALTH}/people.json`,
    summary: '有工牌的人员（姓名、工号、部门），供健康页选择',
    query: object({ keyword: text('关键词', 50) }),
  }),
  healthSeries: defineEndpoint<{ vehicleId: number; day: string }, undefined, HealthSeries>({
    method: 'GET',
    path: `${HEALTH}/series.json`,
    summary: '一个人一天的心率、血压、血氧、体温和步数（工牌上报的读数，按时间），及对此人生效的健康阈值（本人 > 部门 > 本租户）',
    query: object({ vehicleId: int('人员', 1), day: requiredText('日期', 10) }, ['vehicleId', 'day']),
  }),
  healthReport: defineEndpoint<{ day: string; keyword?: string; current: number; pageSize: number }, undefined, { total: number; list: HealthLine[] }>({
    method: 'GET',
    path: `${HEALTH}/report.json`,
    summary: '健康报表：每人一天的心率、血压、血氧、体温的最低/最高/平均，最多步数，读数次数和健康告警数，分页',
    query: object({ day: requiredText('日期', 10), keyword: text('关键词', 50), ...pagingProperties }, ['day']),
  }),
  /** 人员监控's card for the selected person. */
  personDetail: defineEndpoint<{ terminalNo: string }, undefined, PersonDetail>({
    method: 'GET',
    path: '/car/v4/api/card/person/detail.json',
    summary: '人员监控的人员卡片：姓名、工号、部门、手机号（有人员管理编辑权限才完整，否则脱敏）、照片，及最近 7 天内每项健康读数的最新值和时间',
    query: object({ terminalNo: requiredText('终端号', 30) }, ['terminalNo']),
  }),
  /** 轨迹回放: a person's day at their work areas. */
  personStays: defineEndpoint<{ vehicleId: number; day: string }, undefined, PersonStays>({
    method: 'GET',
    path: `${ATTENDANCE}/stays.json`,
    summary: '一个人一天在其考勤区域的停留（进入到离开），及这些区域和工牌的终端号（回放轨迹用）',
    query: object({ vehicleId: int('人员', 1), day: requiredText('日期', 10) }, ['vehicleId', 'day']),
  }),
};

/** 智能工牌 考勤 (docs/api-contract.md, 考勤): work areas, shifts, 节假日, 请假 and 补卡, and the reports. */
export const AttendanceApi = {
  areas: defineEndpoint<Record<string, never>, undefined, WorkArea[]>({
    method: 'GET',
    path: `${ATTENDANCE}/workArea/list.json`,
    summary: '考勤区域列表（本租户及下级租户）',
  }),
  saveArea: defineEndpoint<Record<string, never>, { id?: number; name: string; center?: [number, number]; radius?: number }, WorkArea>({
    method: 'POST',
    path: `${ATTENDANCE}/workArea/save.json`,
    summary: '保存考勤区域：名称、圆心（WGS84 经纬度）和半径（10–5000 米）；不带 id 为新增',
    body: object(
      {
        id: int('考勤区域', 1),
        name: { type: 'string', title: '区域名称', maxLength: 50 },
        center: { type: 'array', title: '圆心', minItems: 2, maxItems: 2, items: { type: 'number', title: '圆心' } },
        radius: { type: 'number', title: '半径' },
      },
      ['name'],
    ),
  }),
  removeArea: defineEndpoint<Record<string, never>, { id: number }, Deleted>({
    method: 'POST',
    path: `${ATTENDANCE}/workArea/delete.json`,
    summary: '删除考勤区域（连同其班次）',
    body: object({ id: int('考勤区域', 1) }, ['id']),
  }),
  shifts: defineEndpoint<Record<string, never>, undefined, WorkShift[]>({
    method: 'GET',
    path: `${ATTENDANCE}/shift/list.json`,
    summary: '考勤班次列表（本租户及下级租户）',
  }),
  shiftOptions: defineEndpoint<Record<string, never>, undefined, ShiftOptions>({
    method: 'GET',
    path: `${ATTENDANCE}/shift/options.json`,
    summary: '班次可绑定的人员（姓名、工号、部门）和部门',
  }),
  saveShift: defineEndpoint<
    Record<string, never>,
    {
      id?: number;
      name: string;
      workAreaId: number;
      startTime?: string;
      endTime?: string;
      graceMinutes?: number;
      weekdays?: number[];
      vehicleIds?: number[];
      departments?: string[];
      /** The day the people and departments this save binds anew start to keep the shift (today when absent). */
      startsOn?: string;
    },
    WorkShift
  >({
    method: 'POST',
    path: `${ATTENDANCE}/shift/save.json`,
    summary: '保存考勤班次：考勤区域、上下班时间（HH:MM；下班早于上班为跨零点的夜班，算作上班那天）、宽限分钟（0–120，迟到和早退都按它放宽）、工作日（1 周一 … 7 周日），绑定人员和部门及新绑定的生效日期（startsOn，默认今天；生效前不计缺勤）；不带 id 为新增',
    body: object(
      {
        id: int('班次', 1),
        name: { type: 'string', title: '班次名称', maxLength: 50 },
        workAreaId: int('考勤区域', 1),
        startTime: { type: 'string', title: '上班时间', maxLength: 5 },
        endTime: { type: 'string', title: '下班时间', maxLength: 5 },
        graceMinutes: int('宽限分钟', 0, MAX_SHIFT_GRACE),
        weekdays: { type: 'array', title: '工作日', maxItems: 7, items: { type: 'integer', title: '工作日', minimum: 1, maximum: 7 } },
        vehicleIds: { type: 'array', title: '绑定人员', maxItems: 5000, items: { type: 'integer', title: '人员', minimum: 1 } },
        departments: { type: 'array', title: '绑定部门', maxItems: 200, items: { type: 'string', title: '部门', maxLength: 50 } },
        startsOn: { type: 'string', title: '生效日期', maxLength: 10 },
      },
      ['name', 'workAreaId'],
    ),
  }),
  removeShift: defineEndpoint<Record<string, never>, { id: number }, Deleted>({
    method: 'POST',
    path: `${ATTENDANCE}/shift/delete.json`,
    summary: '删除考勤班次',
    body: object({ id: int('班次', 1) }, ['id']),
  }),
  day: defineEndpoint<{ day: string; keyword?: string } & Paging, undefined, AttendanceReportPage<AttendanceDayItem>>({
    method: 'GET',
    path: `${ATTENDANCE}/day.json`,
    summary: '考勤日报：当天排班（班次已对其生效、非节假日）的每个人的首次到达、最后离开、迟到/早退分钟、缺勤、请假、在岗小时和状态（由存储的位置、请假和补卡计算），分页，及全天汇总（应到/实到/迟到/早退/缺勤/请假）',
    query: object({ day: requiredText('日期', 10), keyword: text('关键词', 50), ...pagingProperties }, ['day']),
  }),
  month: defineEndpoint<{ month: string; keyword?: string } & Paging, undefined, AttendanceReportPage<AttendanceMonthItem>>({
    method: 'GET',
    path: `${ATTENDANCE}/month.json`,
    summary: '考勤月报：每个人当月（到今天为止，自班次生效日起）的应出勤、出勤、迟到、早退、缺勤、请假天数、在岗小时和每天的标记，分页，及全月汇总',
    query: object({ month: requiredText('月份', 7), keyword: text('关键词', 50), ...pagingProperties }, ['month']),
  }),
  export: defineEndpoint<Record<string, never>, { kind: 'day' | 'month'; day?: string; month?: string; keyword?: string }, { id: number; fileName: string }>({
    method: 'POST',
    path: `${ATTENDANCE}/export.json`,
    summary: '导出考勤日报（kind day，day）或考勤月报（kind month，month：人员 × 日期的逐日矩阵及合计），后台生成 xlsx，生成后在下载中心下载',
    body: object(
      { kind: { type: 'string', title: '报表类型', enum: ['day', 'month'] }, day: text('日期', 10), month: text('月份', 7), keyword: text('关键词', 50) },
      ['kind'],
    ),
  }),
  holidays: defineEndpoint<{ year: number }, undefined, HolidayYear>({
    method: 'GET',
    path: `${ATTENDANCE}/holiday/list.json`,
    summary: '本租户某年的节假日日历：国务院公布的放假和调休上班安排（已收录的年份）叠加本租户自己的调整',
    query: object({ year: int('年份', HOLIDAY_MIN_YEAR, HOLIDAY_MAX_YEAR) }, ['year']),
  }),
  saveHoliday: defineEndpoint<Record<string, never>, { day: string; kind: HolidayKind; name?: string }, { day: string; kind: HolidayKind; name: string }>({
    method: 'POST',
    path: `${ATTENDANCE}/holiday/save.json`,
    summary: '设定本租户某天：holiday 放假、workday 调休上班、normal 按工作日（取消官方安排）；名称如 春节、公司年会',
    body: object(
      { day: requiredText('日期', 10), kind: { type: 'string', title: '类型', enum: ['holiday', 'workday', 'normal'] satisfies HolidayKind[] }, name: text('名称', 30) },
      ['day', 'kind'],
    ),
  }),
  removeHoliday: defineEndpoint<Record<string, never>, { day: string }, Deleted>({
    method: 'POST',
    path: `${ATTENDANCE}/holiday/delete.json`,
    summary: '撤销本租户对某天的设定（该天回到国务院安排或按工作日）',
    body: object({ day: requiredText('日期', 10) }, ['day']),
  }),
  leaves: defineEndpoint<RecordQuery, undefined, { total: number; list: LeaveItem[] }>({
    method: 'GET',
    path: `${ATTENDANCE}/leave/list.json`,
    summary: '请假记录（可按人员和日期范围筛选，与范围有交集的都列出），新的在前，分页',
    query: recordQuery,
  }),
  saveLeave: defineEndpoint<Record<string, never>, { vehicleId?: number; kind?: string; startDay?: string; endDay?: string; reason?: string }, LeaveItem>({
    method: 'POST',
    path: `${ATTENDANCE}/leave/save.json`,
    summary: `登记请假：人员、类别（${LEAVE_KINDS.join('/')}）、起止日期（整天，含两端）和事由；请假的日子不计缺勤`,
    body: object({
      vehicleId: int('人员', 1), kind: text('请假类别', 10), startDay: text('开始日期', 10), endDay: text('结束日期', 10), reason: text('事由', 200),
    }),
  }),
  removeLeave: defineEndpoint<Record<string, never>, { id: number }, Deleted>({
    method: 'POST',
    path: `${ATTENDANCE}/leave/delete.json`,
    summary: '删除请假记录',
    body: object({ id: int('请假记录', 1) }, ['id']),
  }),
  punches: defineEndpoint<RecordQuery, undefined, { total: number; list: PunchItem[] }>({
    method: 'GET',
    path: `${ATTENDANCE}/punch/list.json`,
    summary: '补卡记录（可按人员和日期范围筛选），新的在前，分页',
    query: recordQuery,
  }),
  savePunch: defineEndpoint<Record<string, never>, { vehicleId?: number; day?: string; punch?: string; time?: string; reason?: string }, PunchItem>({
    method: 'POST',
    path: `${ATTENDANCE}/punch/save.json`,
    summary: '登记补卡：人员、考勤日期（夜班为上班那天）、上班卡或下班卡（in/out）、时间（HH:MM，夜班次日凌晨的时间照填）和事由；补卡算作在考勤区域内打卡',
    body: object({
      vehicleId: int('人员', 1), day: text('考勤日期', 10), punch: { type: 'string', title: '补卡类型', enum: ['in', 'out'] }, time: text('补卡时间', 5), reason: text('事由', 200),
    }),
  }),
  removePunch: defineEndpoint<Record<string, never>, { id: number }, Deleted>({
    method: 'POST',
    path: `${ATTENDANCE}/punch/delete.json`,
    summary: '删除补卡记录',
    body: object({ id: int('补卡记录', 1) }, ['id']),
  }),
};
