import type { PluginDeclaration } from '@tianlu/sdk';

/** 智能工牌 (platform 11): its identity, pages, menus and buttons, declared once. */
export const cardDeclaration: PluginDeclaration = {
  platformId: 11,
  systemId: 'card',
  title: '智能工牌',
  icon: 'ContactCard',
  basePath: '/card/',
  assetKinds: ['person'],
  overviewMenuId: 1101,
  pages: [
    { path: '/card/monitor', title: '人员监控', menuId: 1102, icon: 'Location' },
    { path: '/card/attendance', title: '考勤管理', menuId: 1103, icon: 'PeopleTeam', grantedWith: 1102 },
    { path: '/card/attendance-report', title: '考勤报表', menuId: 1104, icon: 'DocumentTable', grantedWith: 1102, buttons: ['导出考勤'] },
    { path: '/card/health', title: '健康', menuId: 1105, icon: 'HeartPulse', grantedWith: 1102 },
    { path: '/card/health-report', title: '健康报表', menuId: 1106, icon: 'DataArea', grantedWith: 1102 },
    { path: '/card/track', title: '轨迹回放', menuId: 1107, icon: 'History', grantedWith: 1102 },
  ],
  contributes: {
    // a person's vehicle-info dialog gets the badge's health readings of today (component in card-plugin.tsx)
    vehicleTabs: [{ id: 'health', title: '健康', component: 'HealthTab', assetKinds: ['person'] }],
  },
};
