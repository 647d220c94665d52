import { declaredPlugin, definePlugin } from '@tianlu/sdk';
import { dataCenterDeclaration } from './data-center-declaration';

/** The page modules, by the path data-center-declaration.ts gives each page. */
const pages = {
  '/dataCenter/overview': () => import('./pages/overview-page'),
  '/dataCenter/dashboard': () => import('./pages/dashboard-page'),
  '/dataCenter/screen': () => import('./pages/screen-page'),
};

/** 数据中心 (platform 17): 概览, 数据看板 and 数据大屏. */
export default definePlugin(declaredPlugin(dataCenterDeclaration, pages));
