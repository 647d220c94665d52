import { MIXED_ASSET_WORDS } from '../list-words';
import { defineEndpoint } from '../endpoint';
import { int, object, pagingProperties, requiredText, text } from '../json-schema';
import type { Page } from '../pagination';
import { ALARM_NOTE_MAX, type Alarm, type AlarmControlItem } from '../services/alarm-service';

/** Alarm types of one 告警设置 save at most: the platform's and those its sub-applications contribute. */
export const MAX_ALARM_CONTROLS = 500;

/** Alarms processed by one processAlarm call at most. */
export const MAX_ALARM_BATCH = 500;

/** queryActualTimeAlarmNum.json: unhandled alarms of the last 24 hours, in all and per type. */
export interface AlarmCounts {
  total: number;
  types: { alarmType: string; alarmName: string; count: number }[];
}

/** One type of 告警设置 as saved (a missing level or threshold keeps its current value). */
export interface AlarmControlInput {
  alarmType: string;
  enabled: boolean;
  /** urgent, normal or info; the server names the alarm type when it refuses another. */
  level?: string;
  thresholds?: Record<string, unknown>;
}

const ALARM_REPORT = '/car/v1/accelerate/report/alarm';

/** 告警中心 (docs/api-contract.md, 告警): the history, the real-time list, processing, and 告警设置. */
export const AlarmApi = {
  history: defineEndpoint<
    { current: number; pageSize: number; start: string; end: string; alarmType?: string; status?: number; keyword?: string; groupId?: number },
    undefined,
    Page<Alarm>
  >({
    method: 'GET',
    path: `${ALARM_REPORT}/newQueryAlarm`,
    summary: '告警历史：时间段内的告警（最多 31 天，分页，最新在前；可按类型、处理状态、车牌/终端号、车组筛选）',
    query: object(
      {
        ...pagingProperties,
        start: requiredText('开始时间', 40),
        end: requiredText('结束时间', 40),
        alarmType: text('告警类型', 1000),
        status: int('处理状态', 0, 1),
        keyword: text('关键词', 50),
        groupId: int(MIXED_ASSET_WORDS.groupLabel, 1),
      },
      ['start', 'end'],
    ),
  }),
  realtime: defineEndpoint<{ current: number; pageSize: number; alarmType?: string; keyword?: string }, undefined, Page<Alarm>>({
    method: 'GET',
    path: `${ALARM_REPORT}/actualTimeAlarmQuery.json`,
    summary: '实时告警：最近 24 小时内未处理的告警（分页，最新在前）',
    query: object({ ...pagingProperties, alarmType: text('告警类型', 1000), keyword: text('关键词', 50) }),
  }),
  realtimeCount: defineEndpoint<Record<string, never>, undefined, AlarmCounts>({
    method: 'GET',
    path: `${ALARM_REPORT}/queryActualTimeAlarmNum.json`,
    summary: '实时告警数：最近 24 小时内未处理的告警总数和各类型数量',
  }),
  process: defineEndpoint<Record<string, never>, { ids: number[]; note: string }, { updated: number }>({
    method: 'POST',
    path: '/car/v1/api/monitor/processAlarm',
    summary: '处理告警：填写处理意见，可批量；已处理的保持不变',
    body: object(
      {
        ids: { type: 'array', title: '告警', minItems: 1, maxItems: MAX_ALARM_BATCH, items: { type: 'integer', title: '告警编号', minimum: 1 } },
        note: { type: 'string', title: '处理意见', maxLength: ALARM_NOTE_MAX },
      },
      ['ids', 'note'],
    ),
  }),
  controlList: defineEndpoint<Record<string, never>, Record<string, never>, AlarmControlItem[]>({
    method: 'POST',
    path: '/car/v4/api/alarm/control/listAlarmControlInfo.json',
    summary: '告警设置：本租户每种告警是否开启、告警级别（紧急/一般/提示）及其阈值（未保存时为默认值）',
  }),
  controlSave: defineEndpoint<Record<string, never>, { items: AlarmControlInput[] }, AlarmControlItem[]>({
    method: 'POST',
    path: '/car/v4/api/alarm/control/configAlarmControl.json',
    summary: '保存告警设置（本租户）：开关、告警级别和阈值；关闭的类型不再产生告警',
    body: object(
      {
        items: {
          type: 'array',
          title: '告警设置',
          minItems: 1,
          maxItems: MAX_ALARM_CONTROLS,
          items: object(
            {
              alarmType: { type: 'string', title: '告警类型', minLength: 1, maxLength: 50 },
              enabled: { type: 'boolean', title: '是否开启' },
              // checked by the route, which names the alarm type in its refusal
              level: { type: 'string', title: '告警级别', description: 'urgent 紧急、normal 一般、info 提示', maxLength: 20 },
              thresholds: { type: 'object', title: '阈值' },
            },
            ['alarmType', 'enabled'],
          ),
        },
      },
      ['items'],
    ),
  }),
};
