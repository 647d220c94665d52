import { declaredPlugin, definePlugin, HttpService, type PageLoaders, prefetchPagedQuery } from '@tianlu/sdk';
import { prefetchAlarmPush, prefetchAlarmSetting, prefetchNotifyChannels, prefetchNotifyRecords } from './alarm/alarm-queries';
import { centerDeclaration } from './center-declaration';
import { DOWNLOAD_LIST, LATEST_NOTICES, NOTICE_LIST, NoticeApi, prefetchNoticeDetail } from './components/notice-types';
import { prefetchHealthSettings } from './health/health-query';
import { prefetchSecurity } from './pages/security/security-query';
import { prefetchMapSetting, prefetchPluginSettings } from './settings/settings-queries';

/** The page modules, by the path center-declaration.ts gives each page. */
const pages = {
  '/home': { load: () => import('./pages/home-page'), prefetch: (get) => get(HttpService).prefetch(NoticeApi.page, LATEST_NOTICES) },
  '/center/notice': { load: () => import('./pages/notice-page'), prefetch: (get) => prefetchPagedQuery(get, NOTICE_LIST) },
  '/center/security': { load: () => import('./pages/security-page'), prefetch: prefetchSecurity },
  '/center/download': { load: () => import('./pages/download-page'), prefetch: (get) => prefetchPagedQuery(get, DOWNLOAD_LIST) },
  '/center/detail': { load: () => import('./pages/notice-detail-page'), prefetch: (get) => prefetchNoticeDetail(get) },
  '/center/alarmSetting': { load: () => import('./pages/alarm-setting-page'), prefetch: prefetchAlarmSetting },
  '/center/alarmPush': { load: () => import('./pages/alarm-push-page'), prefetch: prefetchAlarmPush },
  '/center/notifyChannel': { load: () => import('./pages/notify-channel-page'), prefetch: prefetchNotifyChannels },
  '/center/notifyRecord': { load: () => import('./pages/notify-record-page'), prefetch: prefetchNotifyRecords },
  '/center/health': { load: () => import('./pages/health-page'), prefetch: prefetchHealthSettings },
  '/center/mapSetting': { load: () => import('./pages/map-setting-page'), prefetch: prefetchMapSetting },
  '/center/pluginSetting': { load: () => import('./pages/plugin-setting-page'), prefetch: prefetchPluginSettings },
} satisfies PageLoaders;

/** 系统中心 (platform 0): home and the centre pages every role has. */
export default definePlugin(declaredPlugin(centerDeclaration, pages));
