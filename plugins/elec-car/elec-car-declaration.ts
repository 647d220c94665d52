import type { PluginDeclaration } from '@tianlu/sdk';

/** 电动车卫士 (platform 18): its identity, pages, menus and buttons, declared once. */
export const elecCarDeclaration: PluginDeclaration = {
  platformId: 18,
  systemId: 'elec-car',
  title: '电动车卫士',
  icon: 'VehicleBicycle',
  basePath: '/elec-car/',
  assetKinds: ['ebike'],
  overviewMenuId: 1801,
  pages: [
    {
      path: '/elec-car/monitor', title: '电动车监控', menuId: 1802, icon: 'Location',
      // 防盗设置 (震动灵敏度, 告警间隔) of an e-bike: for roles that may edit e-bikes (编辑电动车)
      buttons: [{ id: 180201, name: '防盗设置', sort: 5, grantedWith: 124302 }],
    },
    // 骑行记录 and 电池曲线 came after 电动车监控: they keep that order in the role editor
    { path: '/elec-car/battery', title: '电池曲线', menuId: 1811, icon: 'Battery', sort: 4, grantedWith: 1802 },
    { path: '/elec-car/rides', title: '骑行记录', menuId: 1810, icon: 'History', sort: 3, grantedWith: 1802 },
  ],
};
