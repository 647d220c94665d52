import { AlarmApi, AlarmPushApi, chinaDay, expectOk, HttpService, NotifyApi, prefetchPagedQuery, type ServiceGetter } from '@tianlu/sdk';

/** What the alarm settings pages (告警设置, 推送设置, 推送渠道, 推送记录) ask first: the pages and their routes' `prefetch` read them from here. */

/** 告警设置's first load: every alarm type of the tenant, its switch, level and thresholds. */
export const readAlarmControls = async (http: HttpService) => expectOk(await http.call(AlarmApi.controlList, {}));

/** 推送设置's first load: the alarm tip, the types pushed, e-mail and SMS. */
export const readPushSettings = async (http: HttpService) => expectOk(await http.call(AlarmPushApi.settings, {}));

/** 推送规则, 免打扰时段 and 告警升级 of 推送设置, read once its settings are shown. */
export const readNotifyRouting = async (http: HttpService) => expectOk(await http.call(AlarmPushApi.routing, {}));

/** 推送渠道's channels (what 推送设置's rules choose among, too). */
export const readNotifyChannels = async (http: HttpService) => expectOk(await http.call(NotifyApi.channels, {}));

/** For 告警设置's route: the tenant's alarm types and their settings. */
export function prefetchAlarmSetting(get: ServiceGetter): void {
  void get(HttpService).prefetch(AlarmApi.controlList, {}).catch(() => undefined);
}

/** For 推送设置's route: its settings, and the routing and channels its 推送规则 section reads once they are shown. */
export function prefetchAlarmPush(get: ServiceGetter): void {
  const http = get(HttpService);
  void http.prefetch(AlarmPushApi.settings, {}).catch(() => undefined);
  void http.prefetch(AlarmPushApi.routing, {}).catch(() => undefined);
  void http.prefetch(NotifyApi.channels, {}).catch(() => undefined);
}

/** For 推送渠道's route: the tenant's channels. */
export function prefetchNotifyChannels(get: ServiceGetter): void {
  void get(HttpService).prefetch(NotifyApi.channels, {}).catch(() => undefined);
}

/** 推送记录's filter: days `YYYY-MM-DD` (China time), a status and a channel ('' = any). */
export interface NotifyRecordFilter {
  startTime: string;
  endTime: string;
  status: string;
  channel: string;
}

/** The records' query of a filter (an empty field is left out), for the list and 导出. */
export const notifyRecordQuery = (f: NotifyRecordFilter) => ({
  ...(f.startTime && { startTime: f.startTime }),
  ...(f.endTime && { endTime: f.endTime }),
  ...(f.status && { status: f.status }),
  ...(f.channel && { channel: f.channel }),
});

/** The filter 推送记录 opens on: today's deliveries, every status and channel. */
export function openingRecordFilter(): NotifyRecordFilter {
  const today = chinaDay();
  return { startTime: today, endTime: today, status: '', channel: '' };
}

/** 推送记录's list, first showing `initialFilter`. */
export const notifyRecordList = (initialFilter: NotifyRecordFilter) => ({ list: NotifyApi.records, initialFilter, query: notifyRecordQuery });

/** For 推送记录's route: the first page of today's deliveries. */
export function prefetchNotifyRecords(get: ServiceGetter): void {
  prefetchPagedQuery(get, notifyRecordList(openingRecordFilter()));
}
