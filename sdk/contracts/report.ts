import { MIXED_ASSET_WORDS } from '../asset-vocabulary';
import { defineEndpoint } from '../endpoint';
import { int, object, pagingProperties, requiredText, text, type JsonSchema } from '../json-schema';
import type {
  DayOnlinePage, FuelPage, MileagePage, MileageSummaryPage, OfflinePage, OverspeedPage, ReportFilterParams, ReportGroup, ReportType, StopPage, TripPage,
} from '../report';

/** 数据报表's API (docs/api-contract.md, "数据报表"). */
const REPORT = '/car/v1/accelerate/report';

/**
 * What the reports call a group in their filters and errors: they serve every kind, so the neutral
 * 分组 (a person's group is no 车组).
 */
export const REPORT_GROUP_WORD = MIXED_ASSET_WORDS.groupLabel;

/** 离线报表: offline for at least this many hours by default, and at most this threshold. */
export const DEFAULT_OFFLINE_HOURS = 24;
export const MAX_OFFLINE_HOURS = 24 * 365;

export const dayRangeProperties: Record<string, JsonSchema> = {
  start: requiredText('开始日期', 10),
  end: requiredText('结束日期', 10),
  groupId: int(REPORT_GROUP_WORD, 1),
  keyword: text('关键词', 50),
};
export const DAY_RANGE_REQUIRED = ['start', 'end'];

export const monthRangeProperties: Record<string, JsonSchema> = {
  start: requiredText('开始月份', 7),
  end: requiredText('结束月份', 7),
  groupId: int(REPORT_GROUP_WORD, 1),
  keyword: text('关键词', 50),
};

export const offlineProperties: Record<string, JsonSchema> = {
  hours: int('离线时长', 1, MAX_OFFLINE_HOURS),
  groupId: int(REPORT_GROUP_WORD, 1),
  keyword: text('关键词', 50),
};

/** A report's query with the page of its list. */
export type Paged<T> = T & { current: number; pageSize: number };

/** The filters of 里程汇总, as received: months `YYYY-MM`. */
export interface MonthRangeParams {
  start: string;
  end: string;
  groupId?: number;
  keyword?: string;
}

/** The filters of 离线报表, as received. */
export interface OfflineParams {
  hours?: number;
  groupId?: number;
  keyword?: string;
}

/** The querystring of a paged report over China days. */
const pagedDayRange = object({ ...pagingProperties, ...dayRangeProperties }, DAY_RANGE_REQUIRED);

const dayReport = <A>(path: string, summary: string) =>
  defineEndpoint<Paged<ReportFilterParams>, undefined, A>({ method: 'GET', path: `${REPORT}/${path}`, summary, query: pagedDayRange });

export const ReportApi = {
  mileage: dayReport<MileagePage>('mileage/list.json', '里程报表：每辆车每天的里程、行驶时长、最高/平均速度、首末次上报（最多 31 天，分页，含合计与每日里程）'),
  dayOnline: dayReport<DayOnlinePage>('online/dayOnline.json', '车辆日在线：每辆车每天是否在线、在线时长、上报次数、首末次上报，及每天的在线率（最多 31 天，分页）'),
  trips: dayReport<TripPage>('trip/list.json', '行程报表：每辆车的每段行程（停留 5 分钟及以上分段）的起止时间和地点、里程、时长、最高/平均速度（最多 31 天，分页，含合计与每日行程）'),
  stops: defineEndpoint<Paged<ReportFilterParams & { acc?: number }>, undefined, StopPage>({
    method: 'GET',
    path: `${REPORT}/stop/list.json`,
    summary: '停车报表：每辆车停留 5 分钟及以上的每次停车的时间、地点、时长和 ACC 状态（acc=1 只看 ACC 开，0 只看 ACC 关；最多 31 天，分页，含合计）',
    query: object({ ...pagingProperties, ...dayRangeProperties, acc: { type: 'integer', title: 'ACC 状态', enum: [0, 1] } }, DAY_RANGE_REQUIRED),
  }),
  overspeed: dayReport<OverspeedPage>('overspeed/list.json', '超速报表：每辆车高于限速（车辆限速，否则租户的平台超速限速）且达到持续时间的每段超速的时间、地点、时长、最高速度（最多 31 天，分页，含合计与每日次数）'),
  mileageSummary: defineEndpoint<Paged<MonthRangeParams>, undefined, MileageSummaryPage>({
    method: 'GET',
    path: `${REPORT}/mileage/summary.json`,
    summary: '里程汇总：每个车组每月的里程、行驶时长、上报车辆和上报次数（start/end 为月份 YYYY-MM，最多 12 个月，分页，含合计与每月里程）',
    query: object({ ...pagingProperties, ...monthRangeProperties }, ['start', 'end']),
  }),
  fuel: dayReport<FuelPage>('fuel/list.json', '油耗报表：上报油量（JT/T 808 附加信息 0x02）的车辆每天的起止油量、耗油、加油、异常掉油、行程里程和百公里油耗（最多 31 天，分页，含合计与每日耗油）'),
  offline: defineEndpoint<Paged<OfflineParams>, undefined, OfflinePage>({
    method: 'GET',
    path: `${REPORT}/online/offline.json`,
    summary: '离线报表：末次上报早于 hours 小时前（默认 24）或从未上报的资产，及其末次上报时间、地点和离线时长（分页，离线最久的在前）',
    query: object({ ...pagingProperties, ...offlineProperties }),
  }),
  groups: defineEndpoint<Record<string, never>, undefined, ReportGroup[]>({
    method: 'GET',
    path: `${REPORT}/groups.json`,
    summary: '数据报表：可选车组树（本租户及下级租户，按车组权限）',
  }),
  export: defineEndpoint<Record<string, never>, { reportType: ReportType; params: Record<string, unknown>; fileName?: string }, { id: number; fileName: string }>({
    method: 'POST',
    path: '/car/v1/accelerate/export/exportDataReport.json',
    summary: '导出数据报表（xlsx，后台生成）：reportType mileage/dayOnline/alarm/trip/stop/overspeed/mileageSummary/fuel/offline，params 为该报表的查询条件；生成后在下载中心下载',
    body: object(
      {
        reportType: { type: 'string', title: '报表类型', enum: ['mileage', 'alarm', 'dayOnline', 'trip', 'stop', 'overspeed', 'mileageSummary', 'fuel', 'offline'] satisfies ReportType[] },
        params: { type: 'object', title: '查询条件' },
        fileName: text('文件名', 100),
      },
      ['reportType', 'params'],
    ),
  }),
};
