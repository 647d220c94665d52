import type { PluginDeclaration } from '@tianlu/sdk';

/** 数据中心 (platform 17): its identity, pages, menus and buttons, declared once. */
export const dataCenterDeclaration: PluginDeclaration = {
  platformId: 17,
  systemId: 'dataCenter',
  title: '数据中心',
  icon: 'DataArea',
  basePath: '/dataCenter/',
  overviewMenuId: 1701,
  pages: [
    { path: '/dataCenter/dashboard', title: '数据看板', menuId: 1702, icon: 'DataArea', grantedWith: 1701, main: true },
    // full screen for control rooms: no layout, also when opened in a tab of its own (urlType=blank)
    { path: '/dataCenter/screen', title: '数据大屏', menuId: 1703, icon: 'Board', grantedWith: 1701, showLayout: false },
  ],
};
