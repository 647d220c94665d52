import type { PluginDeclaration } from '@tianlu/sdk';

/** 系统中心 (platform 0): its identity, pages, menus and buttons, declared once. */
export const centerDeclaration: PluginDeclaration = {
  platformId: 0,
  systemId: 'center',
  title: '系统中心',
  icon: 'Home',
  basePath: '/',
  groups: [{ id: 4003, title: '设置', icon: 'Settings' }],
  // home and the centre pages of spec §2; 站内消息, 安全中心 and 下载中心 every role has,
  // the settings (设置) change the whole tenant and are granted per role
  pages: [
    { path: '/', title: '首页', redirect: '/home' },
    { path: '/home', name: 'Home', title: '首页', ignoreAuth: true, main: true },
    { path: '/center', title: '系统中心', ignoreAuth: true, redirect: '/center/notice' },
    { path: '/center/notice', title: '站内消息', menuId: 4002, icon: 'Mail', ignoreAuth: true, main: true },
    { path: '/center/security', title: '安全中心', menuId: 4001, icon: 'ShieldLock', ignoreAuth: true, main: true },
    { path: '/center/download', title: '下载中心', menuId: 1601, icon: 'ArrowDownload', ignoreAuth: true, main: true },
    { path: '/center/detail', name: 'noticeDetail', title: '公告详情', grantedBy: 1601, ignoreAuth: true, main: true },
    { path: '/center/alarmSetting', title: '告警设置', menuId: 400301, group: 4003, ignoreAuth: true, main: true },
    { path: '/center/alarmPush', title: '推送设置', menuId: 400302, group: 4003, ignoreAuth: true, main: true },
    // 推送渠道 and 推送记录 came after 推送设置: roles holding it were given them too
    { path: '/center/notifyChannel', title: '推送渠道', menuId: 400305, group: 4003, grantedWith: 400302, ignoreAuth: true, main: true },
    { path: '/center/notifyRecord', title: '推送记录', menuId: 400306, group: 4003, grantedWith: 400302, ignoreAuth: true, main: true },
    { path: '/center/health', title: '健康设置', menuId: 400303, group: 4003, ignoreAuth: true, main: true },
    { path: '/center/mapSetting', title: '地图设置', menuId: 400304, group: 4003, grantedWith: 400301, ignoreAuth: true, main: true },
    // the settings sub-applications declare: granted with 告警设置, the tenant's other settings
    { path: '/center/pluginSetting', title: '插件设置', menuId: 400307, group: 4003, grantedWith: 400301, ignoreAuth: true, main: true },
  ],
};
