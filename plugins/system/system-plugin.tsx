import { declaredPlugin, definePlugin } from '@tianlu/sdk';
import { systemDeclaration } from './system-declaration';

/** The page modules, by the path system-declaration.ts gives each page. */
const pages = {
  '/system/overview': () => import('./pages/overview-page'),
  '/system/customer': () => import('./pages/customer-page'),
  '/system/user': () => import('./pages/user-page'),
  '/system/role': () => import('./pages/role-page'),
  '/system/vehicle': () => import('./pages/vehicle-page'),
  '/system/person': () => import('./pages/person-page'),
  '/system/pet': () => import('./pages/pet-page'),
  '/system/ebike': () => import('./pages/ebike-page'),
  '/system/terminal': () => import('./pages/terminal-page'),
  '/system/group': () => import('./pages/group-page'),
  '/system/log': () => import('./pages/log-page'),
  '/system/dictionary': () => import('./pages/dictionary-page'),
};

/** 系统管理 (platform 12). */
export default definePlugin(declaredPlugin(systemDeclaration, pages));
