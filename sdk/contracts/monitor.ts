import { defineEndpoint } from '../endpoint';
import { int, object, pagingProperties, requiredText, text } from '../json-schema';
import { MONITOR_MAX_PAGE_SIZE, type MonitorItem, type VehicleDetail, type VehicleGroup } from '../services/live-service';
import type { BatteryHistory, TrackAnswer, TrackPointPage, TrackSettings, TripAnswer } from '../track';

/** Which assets of 实时监控's list: all, online, offline, or with an open alarm. */
export type MonitorStatus = 'all' | 'online' | 'offline' | 'alarm';

/** Asset kinds a monitor can be limited to (智能车联 vehicles, 智能工牌 people, 宠物守护 pets, the e-bike sub-applications e-bikes). */
const ASSET_KIND = { type: 'string', title: '资产类型', enum: ['vehicle', 'person', 'pet', 'ebike'] } as const;

/** The input every track call shares: a terminal and a time range (ISO 8601; without an offset China time). */
export interface TrackRangeQuery {
  terminalNo: string;
  start: string;
  end: string;
}

export const trackRangeProperties = {
  terminalNo: requiredText('终端号', 20),
  start: requiredText('开始时间', 40),
  end: requiredText('结束时间', 40),
};
export const TRACK_RANGE_REQUIRED = ['terminalNo', 'start', 'end'];

const TRACK = '/car/v4/api/track';

/** 实时监控 and 轨迹回放 (docs/api-contract.md): latest positions, the group tree, an asset's record and its track. */
export const MonitorApi = {
  list: defineEndpoint<{ current: number; pageSize: number; status?: MonitorStatus; keyword?: string; groupId?: number; assetKind?: string }, undefined, { total: number; list: MonitorItem[] }>({
    method: 'GET',
    path: '/car/v4/api/monitor/list.json',
    summary: '实时监控：可见资产（本租户及下级租户，按车组权限）的最新位置（分页，按车牌排序；status 取 all/online/offline/alarm）',
    query: object({
      current: int('页码', 1, 100000, { default: 1 }),
      pageSize: int('每页条数', 1, MONITOR_MAX_PAGE_SIZE, { default: 10 }),
      status: { type: 'string', title: '状态', enum: ['all', 'online', 'offline', 'alarm'] satisfies MonitorStatus[], default: 'all' },
      keyword: text('关键词', 50),
      groupId: int('车组', 0),
      assetKind: ASSET_KIND,
    }),
  }),
  tree: defineEndpoint<{ assetKind?: string }, undefined, VehicleGroup[]>({
    method: 'GET',
    path: '/car/v4/api/monitor/tree.json',
    summary: '车组树：每个车组的资产数、在线、离线、告警（含下级车组）；assetKind 只数该类资产，只列出有该类资产的车组',
    query: object({ assetKind: ASSET_KIND }),
  }),
  vehicleDetail: defineEndpoint<{ terminalNo: string }, undefined, VehicleDetail>({
    method: 'GET',
    path: '/car/v4/api/vehicle/detail.json',
    summary: '车辆与终端资料（仅可见资产：本租户及下级租户，按车组权限）',
    query: object({ terminalNo: requiredText('终端号', 20) }, ['terminalNo']),
  }),
  track: defineEndpoint<TrackRangeQuery & { zoom?: number; bbox?: string; stopMinutes?: number }, undefined, TrackAnswer>({
    method: 'GET',
    path: `${TRACK}/list.json`,
    summary: '轨迹：终端在时间段内的位置（按定位时间排序）；带 zoom 时按缩放级别抽稀（保留停留点、急转弯、报警点），bbox 只取该范围',
    query: object(
      {
        ...trackRangeProperties,
        zoom: int('缩放级别', 1, 20),
        bbox: text('地图范围', 120),
        stopMinutes: int('停留阈值', 1, 1440),
      },
      TRACK_RANGE_REQUIRED,
    ),
  }),
  trackPoints: defineEndpoint<TrackRangeQuery & { current: number; pageSize: number }, undefined, TrackPointPage>({
    method: 'GET',
    path: `${TRACK}/points.json`,
    summary: '轨迹点分页（全部定位点，按定位时间排序）',
    query: object({ ...trackRangeProperties, ...pagingProperties }, TRACK_RANGE_REQUIRED),
  }),
  trackSettings: defineEndpoint<Record<string, never>, undefined, TrackSettings>({
    method: 'GET',
    path: `${TRACK}/settings.json`,
    summary: '轨迹回放的查询上限（天）与默认停留阈值（分钟）',
  }),
  /** Answers the spreadsheet itself (`http.downloadBlob`). */
  trackExport: defineEndpoint<Record<string, never>, TrackRangeQuery & { stopMinutes?: number }, never>({
    method: 'POST',
    path: `${TRACK}/export.json`,
    summary: '导出轨迹（xlsx：轨迹点与停留点）',
    body: object({ ...trackRangeProperties, stopMinutes: int('停留阈值', 1, 1440) }, TRACK_RANGE_REQUIRED),
  }),
  trips: defineEndpoint<TrackRangeQuery & { stopMinutes?: number }, undefined, TripAnswer>({
    method: 'GET',
    path: `${TRACK}/trips.json`,
    summary: '行程：终端在时间段内的每段行程（骑行、遛狗：停留不少于 stopMinutes 分钟即分段，短于 100 米的不计），及每日和合计的次数、距离、时长',
    query: object({ ...trackRangeProperties, stopMinutes: int('停留阈值', 1, 120) }, TRACK_RANGE_REQUIRED),
  }),
  battery: defineEndpoint<TrackRangeQuery, undefined, BatteryHistory>({
    method: 'GET',
    path: `${TRACK}/battery.json`,
    summary: '电池历史：终端在时间段内每次上报的电池电压（V）、电量（%，已知电池电压的电动车只按每次上报的电池电压换算）和充电状态，按时间排序',
    query: object(trackRangeProperties, TRACK_RANGE_REQUIRED),
  }),
};
