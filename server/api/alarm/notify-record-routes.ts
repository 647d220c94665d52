import ExcelJS from 'exceljs';
import { formatChinaTime } from '../../../sdk/china-time';
import { NotifyApi } from '../../../sdk/contracts/notify';
import {
  maskRecipient, maskRecipientsIn, NOTIFY_EXPORT_LIMIT, NOTIFY_LOG_ONLY, NOTIFY_RECORD_CHANNELS, recordRecipient, type NotifyRecord, type NotifyRecordExport, type NotifyRecordQuery,
} from '../../../sdk/notify-channels';
import { toAlarm } from '../../alarms/alarm-model';
import type { Store } from '../../store/create-store';
import { TEXT_PURPOSE_NAMES, type TextPurpose } from '../../notify/text-messages';
import type { RecordFilter } from '../../store/notify-queries';
import { startFileExport } from '../download/background-export';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';

/** 推送记录 (granted with 推送设置). */
export const NOTIFY_RECORD_RESOURCE = 400306;
/** The columns of the export. */
const EXPORT_COLUMNS = [
  { header: '告警类型', width: 14 }, { header: '设备', width: 16 }, { header: '告警时间', width: 20 }, { header: '推送方式', width: 18 },
  { header: '接收人', width: 24 }, { header: '尝试次数', width: 9 }, { header: '状态', width: 12 }, { header: '入队时间', width: 20 },
  { header: '送达时间', width: 20 }, { header: '最后错误', width: 50 }, { header: '说明', width: 30 },
];

/** What a capped export says of itself, in its first row: how many matched and which went in. */
export const exportCapNote = (total: number) =>
  `符合条件的推送记录共 ${total} 条，超过单次导出上限 ${NOTIFY_EXPORT_LIMIT} 条，本文件只含最新的 ${NOTIFY_EXPORT_LIMIT} 条；其余请缩小时间范围后分次导出。`;

const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A China time `YYYY-MM-DD[ HH:mm[:ss]]`; a day alone is its start (`end`: its last second). */
function parseChinaTime(value: string, label: string, end: boolean): Date {
  const m = TIME.exec(value.trim());
  const wall = m && `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? (end ? '23' : '00')}:${m[5] ?? (end ? '59' : '00')}:${m[6] ?? (end && !m[4] ? '59' : '00')}`;
  const at = wall ? new Date(`${wall}+08:00`) : undefined;
  if (!wall || !at || Number.isNaN(at.getTime()) || formatChinaTime(at).replace(' ', 'T') !== wall) {
    throw badInput(`${label}格式不正确，应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss，例如 2026-01-01 08:00:00`);
  }
  return at;
}

function toFilter(q: Omit<NotifyRecordQuery, 'current' | 'pageSize'>): RecordFilter {
  const from = q.startTime?.trim() ? parseChinaTime(q.startTime, '开始时间', false) : undefined;
  const to = q.endTime?.trim() ? parseChinaTime(q.endTime, '结束时间', true) : undefined;
  if (from && to && from > to) throw badInput('开始时间不能晚于结束时间');
  return { from, to, status: q.status === NOTIFY_LOG_ONLY ? 'toLog' : q.status || undefined, channel: q.channel || undefined };
}

/** One page of 推送记录 as the console and the export see it: recipients masked, the alarm named. */
async function recordPage(store: Store, tenantId: number, filter: RecordFilter, page: { offset: number; limit: number }): Promise<{ total: number; list: NotifyRecord[] }> {
  const { total, list } = await store.notify.recordPage(tenantId, filter, page);
  const alarmIds = [...new Set(list.flatMap((r) => (r.alarmId === null ? [] : [r.alarmId])))];
  const alarms = new Map((alarmIds.length ? await store.alarms.byIds(alarmIds) : []).map((a) => [Number(a.id), toAlarm(a)]));
  return {
    total,
    list: list.map((r): NotifyRecord => {
      const alarm = r.alarmId === null ? undefined : alarms.get(r.alarmId);
      const kind = NOTIFY_RECORD_CHANNELS[r.channel] ?? r.channel;
      // a text message (a code, a lease notice) has no alarm: its purpose names it
      const textPurpose = TEXT_PURPOSE_NAMES[r.purpose as TextPurpose] as string | undefined;
      return {
        id: r.id,
        alarmId: r.alarmId,
        purpose: textPurpose ?? (r.purpose === 'escalation' ? '升级推送' : '告警推送'),
        alarmName: alarm?.alarmName ?? textPurpose ?? '—',
        asset: alarm ? (alarm.plateNo ?? alarm.terminalNo) : '—',
        alarmTime: alarm ? formatChinaTime(alarm.startTime) : '—',
        channel: r.channel,
        channelName: r.channelName ? `${kind}（${r.channelName}）` : kind,
        recipient: maskRecipient(r.recipient),
        tries: r.tries,
        status: r.toLog && r.status === '已送达' ? NOTIFY_LOG_ONLY : r.status,
        createTime: formatChinaTime(r.createdAt),
        deliveredTime: r.deliveredAt ? formatChinaTime(r.deliveredAt) : null,
        lastError: r.lastError && maskRecipientsIn(r.lastError),
        note: recordNote(r),
      };
    }),
  };
}

/** What sets a delivery apart: sent to the escalation list, merged into another message, held by quiet hours. */
function recordNote(r: { purpose: string; mergedInto: number | null; heldUntil: Date | null; status: string }): string {
  const notes: string[] = [];
  if (r.purpose === 'escalation') notes.push('升级推送');
  if (r.mergedInto !== null) notes.push(`合并发送（随第 ${r.mergedInto} 条）`);
  if (r.heldUntil && r.status === '待发送') notes.push(`免打扰，暂缓至 ${formatChinaTime(r.heldUntil)}`);
  return notes.join('；');
}

export const notifyRecordsRoute = sessionRoute.of(NotifyApi.records, {
  resource: NOTIFY_RECORD_RESOURCE,
  handler: async (ctx) => {
    const { body, deps, user } = ctx;
    return recordPage(deps.store, user.tenantId, toFilter(body), pageOffset({ current: body.current ?? 1, pageSize: body.pageSize ?? 10 }));
  },
});

export const notifyExportRecordsRoute = sessionRoute.of(NotifyApi.exportRecords, {
  resource: NOTIFY_RECORD_RESOURCE,
  handler: async (ctx): Promise<NotifyRecordExport> => {
    const { body, deps, user } = ctx;
    const filter = toFilter(body);
    const { total } = await deps.store.notify.recordPage(user.tenantId, filter, { offset: 0, limit: 0 });
    const exported = Math.min(total, NOTIFY_EXPORT_LIMIT);
    // a capped export says so in 下载中心 (its name) and in the file (its first row)
    const capped = total > exported;
    const fileName = `推送记录-${formatChinaTime(deps.clock.now()).slice(0, 10)}${capped ? `（最新${NOTIFY_EXPORT_LIMIT}条）` : ''}.xlsx`;
    await ctx.audit({ action: '导出推送记录', target: fileName, after: { ...body, total, exported } });
    const started = await startFileExport(ctx, fileName, async (file) => {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      const ws = book.addWorksheet('推送记录');
      const { total: matched, list } = await recordPage(deps.store, user.tenantId, filter, { offset: 0, limit: NOTIFY_EXPORT_LIMIT });
      ws.columns = EXPORT_COLUMNS.map(({ width }) => ({ width }));
      if (matched > list.length) {
        const note = ws.addRow([exportCapNote(matched)]);
        note.font = { bold: true, color: { argb: 'FFC50F1F' } };
        ws.mergeCells(note.number, 1, note.number, EXPORT_COLUMNS.length);
        note.commit();
      }
      const header = ws.addRow(EXPORT_COLUMNS.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
      for (const r of list) {
        ws.addRow([r.alarmName, r.asset, r.alarmTime, r.channelName, recordRecipient(r), r.tries, r.status, r.createTime, r.deliveredTime ?? '', r.lastError ?? '', r.note]).commit();
      }
      ws.commit();
      await book.commit();
    });
    return { ...started, total, exported };
  },
});
