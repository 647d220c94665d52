import type { AlarmTypeContribution, PluginDeclaration } from '@tianlu/sdk';

/** 电动车租赁's alarm: a contract past its end day without the e-bike returned (the lease check raises and ends it). */
export const LEASE_OVERDUE_ALARM = {
  alarmType: 'leaseOverdue', alarmName: '租约逾期', defaultEnabled: true, defaultLevel: 'normal', lifecycle: 'condition',
} as const satisfies AlarmTypeContribution;

/** 电动车租赁 (platform 23): its identity, pages, menus and buttons, declared once. */
export const elecLeaseDeclaration: PluginDeclaration = {
  platformId: 23,
  systemId: 'elec-lease',
  title: '电动车租赁',
  icon: 'Receipt',
  basePath: '/elec-lease/',
  assetKinds: ['ebike'],
  overviewMenuId: 2301,
  // 租户管理, 合同管理, 收入概览 and 租赁设置 came after 概览: roles that held it get them and their buttons
  pages: [
    {
      path: '/elec-lease/renter', title: '租户管理', menuId: 2302, icon: 'PeopleTeam', grantedWith: 2301,
      buttons: ['新增租户', '编辑租户', '删除租户', '导出租户'],
    },
    {
      path: '/elec-lease/contract', title: '合同管理', menuId: 2303, icon: 'DocumentTable', grantedWith: 2301,
      buttons: ['签订合同', '续租', '还车', '终止合同', '收款', '导出合同'],
    },
    { path: '/elec-lease/income', title: '收入概览', menuId: 2304, icon: 'DataArea', grantedWith: 2301, buttons: ['导出收入'] },
    { path: '/elec-lease/settings', title: '租赁设置', menuId: 2305, icon: 'Settings', grantedWith: 2301, buttons: ['保存设置', '维修标记'] },
  ],
  contributes: {
    // drawn by LeaseDashboardCard of elec-lease-plugin.tsx's components
    dashboardCards: [{ id: 'lease-summary', title: '租赁概况', component: 'LeaseDashboardCard' }],
    // its server module raises them; 告警中心, 告警设置 and 推送设置 name them from here
    alarmTypes: [LEASE_OVERDUE_ALARM],
  },
};
