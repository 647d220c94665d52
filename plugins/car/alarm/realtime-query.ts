import { AlarmApi, HttpService, prefetchPagedQuery, type ServiceGetter } from '@tianlu/sdk';

/** 实时告警's filter: the type picked among the counts ('' all) and the name or terminal searched. */
export interface RealtimeFilter {
  alarmType: string;
  keyword: string;
}

const realtimeQuery = (f: RealtimeFilter) => ({ ...(f.alarmType && { alarmType: f.alarmType }), ...(f.keyword.trim() && { keyword: f.keyword.trim() }) });

/** The keyword 告警中心 opens with (`?keyword=`, the alarm tip's 查看), '' none. */
export const openingKeyword = (search: string) => new URLSearchParams(search).get('keyword') ?? '';

/** 实时告警's list, opened on `keyword`. */
export const realtimeList = (keyword: string) => ({ list: AlarmApi.realtime, initialFilter: { alarmType: '', keyword } as RealtimeFilter, query: realtimeQuery });

/** For 告警中心's route: 实时告警's first page and its counts per type, as the page opens on them. */
export function prefetchRealtimeAlarms(get: ServiceGetter): void {
  prefetchPagedQuery(get, realtimeList(openingKeyword(window.location.search)));
  void get(HttpService).prefetch(AlarmApi.realtimeCount).catch(() => undefined);
}
