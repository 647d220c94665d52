import { defineEndpoint } from '../endpoint';
import { int, object, pagingProperties, text } from '../json-schema';
import type { Page } from '../pagination';
import {
  NOTIFY_CHANNEL_KINDS,
  NOTIFY_EXPORT_LIMIT,
  NOTIFY_LOG_ONLY,
  NOTIFY_RECORD_CHANNELS,
  NOTIFY_RECORD_STATUSES,
  type NotifyChannelSaveBody,
  type NotifyChannelView,
  type NotifyRecord,
  type NotifyRecordExport,
  type NotifyRecordQuery,
  type NotifyTestAnswer,
} from '../notify-channels';

const NOTIFY = '/car/v4/api/alarm/notify';
const id = { id: int('渠道', 1) };

const recordFilter = {
  startTime: text('开始时间', 19),
  endTime: text('结束时间', 19),
  status: { type: 'string', title: '状态', enum: [...NOTIFY_RECORD_STATUSES, NOTIFY_LOG_ONLY] },
  channel: { type: 'string', title: '推送方式', enum: Object.keys(NOTIFY_RECORD_CHANNELS) },
};

/** 告警推送 › 推送渠道 and 推送记录 (this tenant's). */
export const NotifyApi = {
  channels: defineEndpoint<Record<string, never>, Record<string, never>, NotifyChannelView[]>({
    method: 'POST',
    path: `${NOTIFY}/channels.json`,
    summary: '推送渠道列表（本租户）：SMTP 邮件、阿里云/腾讯云短信、钉钉/企业微信/飞书机器人、Webhook；密钥只显示后四位',
    body: object({}),
  }),
  saveChannel: defineEndpoint<Record<string, never>, NotifyChannelSaveBody, NotifyChannelView>({
    method: 'POST',
    path: `${NOTIFY}/saveChannel.json`,
    summary: '新增（无 id）或修改推送渠道；密钥只写不读，保留打码值即沿用已保存的密钥；参数有误时 flag 400，obj.fieldErrors 按参数名给出每个有误参数的说明（msg 为第一条）',
    body: object(
      {
        id: int('渠道', 1),
        kind: { type: 'string', title: '渠道类型', enum: [...NOTIFY_CHANNEL_KINDS] },
        name: text('渠道名称', 50),
        enabled: { type: 'boolean', title: '启用' },
        values: { type: 'object', title: '渠道参数', maxProperties: 20, additionalProperties: { type: 'string', title: '渠道参数', maxLength: 4000 } },
      },
      ['kind', 'name', 'enabled', 'values'],
    ),
  }),
  enableChannel: defineEndpoint<Record<string, never>, { id: number; enabled: boolean }, NotifyChannelView>({
    method: 'POST',
    path: `${NOTIFY}/enableChannel.json`,
    summary: '启用或停用推送渠道',
    body: object({ ...id, enabled: { type: 'boolean', title: '启用' } }, ['id', 'enabled']),
  }),
  deleteChannel: defineEndpoint<Record<string, never>, { id: number }, { deleted: number }>({
    method: 'POST',
    path: `${NOTIFY}/deleteChannel.json`,
    summary: '删除推送渠道（其密钥一并删除）',
    body: object(id, ['id']),
  }),
  testChannel: defineEndpoint<Record<string, never>, { id: number; recipient?: string }, NotifyTestAnswer>({
    method: 'POST',
    path: `${NOTIFY}/testChannel.json`,
    summary: '发送测试：立即通过已保存的渠道发送一条测试消息（邮件、短信需填接收人，有误时 obj.fieldErrors.recipient 说明），回答服务商的真实应答',
    body: object({ ...id, recipient: text('接收人', 100) }, ['id']),
  }),
  records: defineEndpoint<Record<string, never>, NotifyRecordQuery, Page<NotifyRecord>>({
    method: 'POST',
    path: `${NOTIFY}/records.json`,
    summary: '推送记录（本租户）：每条告警推送的告警、推送方式、接收人（打码）、尝试次数、状态、时间、最后错误；按时间、状态、推送方式筛选，分页',
    body: object({ ...pagingProperties, ...recordFilter }),
  }),
  exportRecords: defineEndpoint<Record<string, never>, Omit<NotifyRecordQuery, 'current' | 'pageSize'>, NotifyRecordExport>({
    method: 'POST',
    path: `${NOTIFY}/exportRecords.json`,
    summary:
      `导出推送记录（接收人打码），后台生成 xlsx，生成后在下载中心下载；最多 ${NOTIFY_EXPORT_LIMIT} 条（最新的在前），` +
      '符合条件的更多时只导出最新的这些，文件名与表格首行注明；回答下载记录、符合条件的条数 total 与导出的条数 exported',
    body: object(recordFilter),
  }),
};


