import { AlarmApi, chinaDayStart, fromChinaInputValue, toChinaInputValue, toChinaIso, type AlarmStatusChoice, type QueryOf } from '@tianlu/sdk';

/** The 历史告警 filter as typed (times are datetime-local values, China time). */
export interface HistoryFilter {
  start: string;
  end: string;
  alarmTypes: string[];
  status: AlarmStatusChoice;
  keyword: string;
  /** '' all groups. */
  groupId: string;
}

/** newQueryAlarm's longest range. */
export const HISTORY_MAX_DAYS = 31;

/** What 历史告警 opens on: the last 24 hours, up to 23:59 of today in China. */
export function defaultHistoryFilter(now = Date.now()): HistoryFilter {
  const endOfToday = chinaDayStart(now) + 86_400_000 - 60_000;
  return { start: toChinaInputValue(now - 86_400_000), end: toChinaInputValue(endOfToday), alarmTypes: [], status: '', keyword: '', groupId: '' };
}

/** Problems of a history filter, in Chinese; empty when it can be queried. */
export function checkHistoryFilter(f: HistoryFilter): Partial<Record<'start' | 'end', string>> {
  const start = fromChinaInputValue(f.start);
  const end = fromChinaInputValue(f.end);
  const errors: Partial<Record<'start' | 'end', string>> = {};
  if (start === undefined) errors.start = '请选择开始时间';
  if (end === undefined) errors.end = '请选择结束时间';
  if (start !== undefined && end !== undefined) {
    if (end <= start) errors.end = '结束时间必须晚于开始时间';
    else if (end - start > HISTORY_MAX_DAYS * 86_400_000) errors.end = `查询时间范围不能超过 ${HISTORY_MAX_DAYS} 天`;
  }
  return errors;
}

/** newQueryAlarm's input for a checked filter, without the page: China times, the end minute included whole. */
export function historyQuery(f: HistoryFilter): Omit<QueryOf<typeof AlarmApi.history>, 'current' | 'pageSize'> {
  return {
    start: toChinaIso(fromChinaInputValue(f.start)!),
    end: toChinaIso(fromChinaInputValue(f.end)! + 59_000),
    ...(f.alarmTypes.length > 0 && { alarmType: f.alarmTypes.join(',') }),
    ...(f.status && { status: Number(f.status) }),
    ...(f.keyword.trim() && { keyword: f.keyword.trim() }),
    ...(f.groupId && { groupId: Number(f.groupId) }),
  };
}
