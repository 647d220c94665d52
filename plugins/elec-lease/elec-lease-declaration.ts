import type { PluginDeclaration } from '@tianlu/sdk';

/** 电动车租赁 (platform 23): its identity, pages, menus and buttons, declared once. */
export const elecLeaseDeclaration: PluginDeclaration = {
  platformId: 23,
  systemId: 'elec-lease',
  title: '电动车租赁',
  icon: 'Receipt',
  basePath: '/elec-lease/',
  assetKinds: ['ebike'],
  // 租户管理, 合同管理, 收入概览 and 租赁设置 came after 概览: roles that held it get them and their buttons
  pages: [
    { path: '/elec-lease/overview', title: '概览', menuId: 2301, icon: 'Board', main: true },
    {
      path: '/elec-lease/renter', title: '租户管理', menuId: 2302, icon: 'PeopleTeam', grantedWith: 2301,
      buttons: [
        { id: 230201, name: '新增租户', grantedWith: 2301 },
        { id: 230202, name: '编辑租户', grantedWith: 2301 },
        { id: 230203, name: '删除租户', grantedWith: 2301 },
        { id: 230204, name: '导出租户', grantedWith: 2301 },
      ],
    },
    {
      path: '/elec-lease/contract', title: '合同管理', menuId: 2303, icon: 'DocumentTable', grantedWith: 2301,
      buttons: [
        { id: 230301, name: '签订合同', grantedWith: 2301 },
        { id: 230302, name: '续租', grantedWith: 2301 },
        { id: 230303, name: '还车', grantedWith: 2301 },
        { id: 230304, name: '终止合同', grantedWith: 2301 },
        { id: 230305, name: '收款', grantedWith: 2301 },
        { id: 230306, name: '导出合同', grantedWith: 2301 },
      ],
    },
    {
      path: '/elec-lease/income', title: '收入概览', menuId: 2304, icon: 'DataArea', grantedWith: 2301,
      buttons: [{ id: 230401, name: '导出收入', grantedWith: 2301 }],
    },
    {
      path: '/elec-lease/settings', title: '租赁设置', menuId: 2305, icon: 'Settings', grantedWith: 2301,
      buttons: [
        { id: 230501, name: '保存设置', grantedWith: 2301 },
        { id: 230502, name: '维修标记', grantedWith: 2301 },
      ],
    },
  ],
};
