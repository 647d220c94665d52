import { declaredPlugin, definePlugin, HttpService, type PageLoaders, prefetchPagedQuery } from '@tianlu/sdk';
import { centerDeclaration } from './center-declaration';
import { DOWNLOAD_LIST, LATEST_NOTICES, NOTICE_LIST, NoticeApi } from './components/notice-types';

/** The page modules, by the path center-declaration.ts gives each page. */
const pages = {
  '/home': { load: () => import('./pages/home-page'), prefetch: (get) => get(HttpService).prefetch(NoticeApi.page, LATEST_NOTICES) },
  '/center/notice': { load: () => import('./pages/notice-page'), prefetch: (get) => prefetchPagedQuery(get, NOTICE_LIST) },
  '/center/security': () => import('./pages/security-page'),
  '/center/download': { load: () => import('./pages/download-page'), prefetch: (get) => prefetchPagedQuery(get, DOWNLOAD_LIST) },
  '/center/detail': () => import('./pages/notice-detail-page'),
  '/center/alarmSetting': () => import('./pages/alarm-setting-page'),
  '/center/alarmPush': () => import('./pages/alarm-push-page'),
  '/center/notifyChannel': () => import('./pages/notify-channel-page'),
  '/center/notifyRecord': () => import('./pages/notify-record-page'),
  '/center/health': () => import('./pages/health-page'),
  '/center/mapSetting': () => import('./pages/map-setting-page'),
  '/center/pluginSetting': () => import('./pages/plugin-setting-page'),
} satisfies PageLoaders;

/** 系统中心 (platform 0): home and the centre pages every role has. */
export default definePlugin(declaredPlugin(centerDeclaration, pages));
