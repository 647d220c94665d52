import type { PluginDeclaration } from '@tianlu/sdk';

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
};
