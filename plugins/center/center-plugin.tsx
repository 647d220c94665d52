import { declaredPlugin, definePlugin, HttpService, type PageLoaders } from '@tianlu/sdk';
import { centerDeclaration } from './center-declaration';
import { LATEST_NOTICES, NoticeApi } from './components/notice-types';

/** The page modules, by the path center-declaration.ts gives each page. */
const pages = {
  '/home': { load: () => import('./pages/home-page'), prefetch: (get) => get(HttpService).prefetch(NoticeApi.page, LATEST_NOTICES) },
  '/center/notice': () => import('./pages/notice-page'),
  '/center/security': () => import('./pages/security-page'),
  '/center/download': () => import('./pages/download-page'),
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
